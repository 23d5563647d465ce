import { z } from 'zod';
import { PAYOUT_DETAILS_MESSAGES } from '../../payout-details';

/** PUT /api/driver/payout-details: the account finance pays the driver's payouts into. */
export const payoutDetailsBody = z.strictObject({
  accountName: z
    .string()
    .trim()
    .min(1, PAYOUT_DETAILS_MESSAGES.accountName)
    .max(70, PAYOUT_DETAILS_MESSAGES.accountName),
  sortCode: z.string().max(12, PAYOUT_DETAILS_MESSAGES.sortCode),
  accountNumber: z.string().max(12, PAYOUT_DETAILS_MESSAGES.accountNumber),
});
export type PayoutDetailsBody = z.infer<typeof payoutDetailsBody>;

/** What the driver sees of their own details: never the whole account number. */
export const payoutDetailsView = z.object({
  accountName: z.string(),
  /** "12-34-56". */
  sortCode: z.string(),
  /** "••••5678". */
  accountNumberMasked: z.string(),
  updatedAt: z.string(),
});
export type PayoutDetailsView = z.infer<typeof payoutDetailsView>;

/** GET and PUT /api/driver/payout-details answer the same; null before the driver adds them. */
export const payoutDetailsResponse = z.object({ details: payoutDetailsView.nullable() });
export type PayoutDetailsResponse = z.infer<typeof payoutDetailsResponse>;
