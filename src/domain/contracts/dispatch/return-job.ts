import { z } from 'zod';
import { JOB_RETURN_NOTE_MAX, JOB_RETURN_REASONS } from '../../job-returns';

/**
 * POST /api/driver/jobs/:jobId/return (the approved driver on the job): gives back an accepted job
 * before pickup (docs/product/driver.md#cant-do-this-job). "Other" needs a note.
 */
export const returnJobBody = z
  .strictObject({
    reason: z.enum(JOB_RETURN_REASONS, 'Please choose a reason'),
    note: z
      .string()
      .trim()
      .max(JOB_RETURN_NOTE_MAX, `Please keep it under ${JOB_RETURN_NOTE_MAX} characters`)
      .optional(),
  })
  .refine((b) => b.reason !== 'other' || !!b.note, { message: 'Please say in a few words why', path: ['note'] });

export const returnJobResponse = z.object({
  jobId: z.uuid(),
  orderNumber: z.string(),
  message: z.string(),
});

export const RETURN_JOB_MESSAGES = { returned: 'Job returned to the board' } as const;
