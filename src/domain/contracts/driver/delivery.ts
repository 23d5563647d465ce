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
export const completeDeliveryBody = z.strictObject({ code, proofUploadId: z.uuid('Please take a photo of the delivery') });
export const completeDeliveryResponse = z.object({
  job: jobDetail,
  earning: z.object({ id: z.uuid(), totalMinor: z.int() }),
});
