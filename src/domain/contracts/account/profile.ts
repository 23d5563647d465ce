import { z } from 'zod';
import { CHECKOUT_MESSAGES, isUkPhone } from '../../checkout';
import { accountProfileResponse } from './get-profile';

const name = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => v || null)
    .nullish();

/**
 * PATCH /api/account/profile (docs/product/customer.md#profile): the customer's name and the phone
 * that checkout prefills. Every field optional; an empty text clears it.
 */
export const updateProfileBody = z.strictObject({
  firstName: name(50),
  lastName: name(50),
  displayName: name(100),
  phone: z
    .string()
    .trim()
    .max(30)
    .refine((v) => v === '' || isUkPhone(v), CHECKOUT_MESSAGES.phone)
    .transform((v) => v || null)
    .nullish(),
});
export type UpdateProfileBody = z.output<typeof updateProfileBody>;
export const updateProfileResponse = accountProfileResponse;

/** DELETE /api/account: the current password confirms it is the owner (docs/decisions/0164-account-deletion.md). */
export const deleteAccountBody = z.strictObject({ password: z.string().min(1, 'Please enter your password').max(128) });
