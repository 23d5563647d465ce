import { z } from 'zod';
import { VEHICLE_TYPES } from '../../roles';
import { driverProfileResponse } from './get-profile';

/**
 * POST /api/driver/application (any driver account that has not applied yet). Fields are
 * lenient here so that the use case answers with the product's own messages (applicationProblem);
 * the upload ids are the caller's own driver_document uploads (POST /api/uploads?purpose=driver_document).
 */
export const submitApplicationBody = z.strictObject({
  firstName: z.string().trim().max(60).default(''),
  lastName: z.string().trim().max(60).default(''),
  phone: z.string().trim().max(30).default(''),
  vehicleType: z.enum(VEHICLE_TYPES).nullish(),
  drivingLicenceNumber: z.string().trim().max(40).default(''),
  photoIdUploadId: z.uuid('photoIdUploadId must be a UUID').nullish(),
  rightToWorkUploadId: z.uuid('rightToWorkUploadId must be a UUID').nullish(),
  insuranceUploadId: z.uuid('insuranceUploadId must be a UUID').nullish(),
  acceptTerms: z.boolean().default(false),
  acceptSafety: z.boolean().default(false),
});
export type SubmitApplicationBody = z.infer<typeof submitApplicationBody>;

export const submitApplicationResponse = z.object({ profile: driverProfileResponse });
