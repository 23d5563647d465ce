import { z } from 'zod';
import { JOB_RADIUS_MAX_MILES, JOB_RADIUS_MIN_MILES } from '../../dispatch-reach';
import { positionBody } from './delivery';

/** The jobs board's radius and position texts (docs/product/driver.md#jobs-board). */
export const JOB_RADIUS_MESSAGES = {
  invalid: `Choose a radius from ${JOB_RADIUS_MIN_MILES} to ${JOB_RADIUS_MAX_MILES} miles`,
  saved: 'Job radius saved',
  failed: 'Failed to save your job radius',
} as const;

/** PATCH /api/driver/job-radius: how far from their centre the driver takes jobs, in whole miles. */
export const jobRadiusBody = z.strictObject({
  miles: z
    .number(JOB_RADIUS_MESSAGES.invalid)
    .int(JOB_RADIUS_MESSAGES.invalid)
    .min(JOB_RADIUS_MIN_MILES, JOB_RADIUS_MESSAGES.invalid)
    .max(JOB_RADIUS_MAX_MILES, JOB_RADIUS_MESSAGES.invalid),
});
export const jobRadiusResponse = z.object({ jobRadiusMiles: z.int() });

/** PUT /api/driver/board-position: where the driver is now, the centre of their board while fresh. */
export const boardPositionBody = positionBody.omit({ accuracyMetres: true });
export const boardPositionResponse = z.object({ ok: z.literal(true), at: z.string() });
