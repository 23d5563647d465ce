import { z } from 'zod';
import { DRIVER_STATUSES, VEHICLE_TYPES } from '../../roles';

/** GET /api/driver/profile: the signed-in driver's own application and availability. */
export const driverProfileResponse = z.object({
  status: z.enum(DRIVER_STATUSES).nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  displayName: z.string().nullable(),
  phone: z.string().nullable(),
  vehicleType: z.enum(VEHICLE_TYPES).nullable(),
  isOnline: z.boolean(),
  currentPostcode: z.string().nullable(),
  /** The postcode area (leading letters) whose jobs the driver sees. */
  currentArea: z.string().nullable(),
  /** How far from their centre the driver takes jobs, 1 to 10 miles (docs/decisions/0158-dispatch-by-distance.md). */
  jobRadiusMiles: z.int(),
});
export type DriverProfile = z.infer<typeof driverProfileResponse>;
