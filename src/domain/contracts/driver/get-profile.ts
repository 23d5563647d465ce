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
});
export type DriverProfile = z.infer<typeof driverProfileResponse>;
