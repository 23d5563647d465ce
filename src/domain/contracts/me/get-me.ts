import { z } from 'zod';
import { ADMIN_ROLES, DRIVER_STATUSES, USER_TYPES } from '../../roles';

/** GET /api/me: who is signed in (user null for a visitor) and where they belong. */
export const meResponse = z.object({
  user: z
    .object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      userType: z.enum(USER_TYPES),
      status: z.enum([...DRIVER_STATUSES, 'active']).nullable(),
      adminRole: z.enum(ADMIN_ROLES).nullable(),
      displayName: z.string().nullable(),
      /** Where this user lands after sign-in (docs/product/README.md#accounts). */
      home: z.string(),
    })
    .nullable(),
});
export type MeResponse = z.infer<typeof meResponse>;
