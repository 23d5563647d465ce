import { z } from 'zod';

/** GET /api/account/profile: the signed-in customer's own profile. */
export const accountProfileResponse = z.object({
  email: z.string(),
  displayName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.string().nullable(),
  createdAt: z.string(),
});
