import { z } from 'zod';
import { jobDetail } from './jobs';

/** Checked by the use case (isFourDigitCode), so a malformed code reads exactly like a wrong one. */
const code = z.string().max(12);

/** POST /api/driver/jobs/:jobId/arrival: the driver is at the restaurant or at the customer's door. */
export const arrivalBody = z.strictObject({ at: z.enum(['pickup', 'delivery']) });
export const arrivalResponse = z.object({ ok: z.literal(true) });

/** POST /api/driver/jobs/:jobId/verify-code: checks the customer's 4-digit code before the proof photo. */
export const verifyCodeBody = z.strictObject({ code });
export const verifyCodeResponse = z.object({ valid: z.literal(true) });

/**
 * POST /api/driver/jobs/:jobId/complete: the code again (checked again) and the proof photo,
 * the driver's own proof_of_delivery upload (a JPEG).
 */
export const completeDeliveryBody = z.strictObject({
  code,
  proofUploadId: z.uuid('Please take a photo of the delivery'),
  /** The cash taken at the door; left out, the order total (docs/decisions/0156-cash-collection-and-hand-ins.md). */
  cashCollectedMinor: z
    .int('Enter the cash collected in pence')
    .min(0, 'The cash collected cannot be negative')
    .max(1_000_000, 'The cash collected is too large')
    .optional(),
  /** Why the cash differs from the total; needed only then. */
  cashReason: z.string().trim().max(300, 'Keep the reason to 300 characters').optional(),
});
export const completeDeliveryResponse = z.object({
  job: jobDetail,
  earning: z.object({ id: z.uuid(), totalMinor: z.int() }),
});

/**
 * POST /api/driver/jobs/:jobId/position: the assigned driver's current position from the phone,
 * while the job is assigned or picked up (docs/decisions/0080-maps.md). Kept until the delivery completes.
 */
export const positionBody = z.strictObject({
  lat: z.number().min(-90, 'Latitude must be between -90 and 90').max(90, 'Latitude must be between -90 and 90'),
  lng: z
    .number()
    .min(-180, 'Longitude must be between -180 and 180')
    .max(180, 'Longitude must be between -180 and 180'),
  accuracyMetres: z.number().min(0).max(100_000).optional(),
});
export const positionResponse = z.object({ ok: z.literal(true), at: z.string() });
