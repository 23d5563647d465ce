import { and, eq, lte, or, sql } from 'drizzle-orm';
import { DELIVERY_MESSAGES, isFourDigitCode } from '../../../domain/driver-flow';
import { AppError } from '../../../domain/errors';
import type { DbOrTx } from '../../db/client';
import { deliveryJobs, orders } from '../../db/schema/index';
import { sameSecret } from '../orders';

/** Tries allowed per window before the driver must wait (4 digits are 10,000 guesses). */
export const CODE_TRIES = 5;
export const CODE_WINDOW_MS = 60_000;

/**
 * Checks the customer's 4-digit code for the driver's own picked-up job. Every try first takes a
 * slot with one conditional update (so parallel guesses cannot slip past the limit): 5 tries, then
 * a minute's wait after the last one. The right code frees the slots again.
 */
export async function checkDeliveryCode(
  db: DbOrTx,
  job: { id: string; orderId: string },
  code: string,
  now = new Date(),
): Promise<void> {
  if (!isFourDigitCode(code)) throw new AppError('VALIDATION_ERROR', DELIVERY_MESSAGES.invalidCode);
  const windowStart = new Date(now.getTime() - CODE_WINDOW_MS);
  const [slot] = await db
    .update(deliveryJobs)
    .set({
      codeFailures: sql`(case when ${deliveryJobs.codeFailedAt} is null or ${deliveryJobs.codeFailedAt} <= ${windowStart.toISOString()}::timestamptz then 0 else ${deliveryJobs.codeFailures} end) + 1`,
      codeFailedAt: now,
    })
    .where(
      and(
        eq(deliveryJobs.id, job.id),
        or(sql`${deliveryJobs.codeFailures} < ${CODE_TRIES}`, lte(deliveryJobs.codeFailedAt, windowStart)),
      ),
    )
    .returning({ id: deliveryJobs.id });
  if (!slot) throw new AppError('RATE_LIMITED', DELIVERY_MESSAGES.tooManyTries);

  const [order] = await db
    .select({ code: orders.deliveryVerificationCode })
    .from(orders)
    .where(eq(orders.id, job.orderId));
  if (!order?.code) throw new AppError('NOT_FOUND', DELIVERY_MESSAGES.noCode);
  if (!sameSecret(order.code, code)) throw new AppError('VALIDATION_ERROR', DELIVERY_MESSAGES.invalidCode);
  await db.update(deliveryJobs).set({ codeFailures: 0, codeFailedAt: null }).where(eq(deliveryJobs.id, job.id));
}
