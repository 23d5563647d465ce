import { eq } from 'drizzle-orm';
import { DELIVERY_MESSAGES, isFourDigitCode } from '../../../domain/driver-flow';
import { AppError } from '../../../domain/errors';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/index';
import { clearCodeTries, sameSecret, takeCodeTry } from '../orders';

/** A wrong or malformed code names the body's `code`, so the driver's dialog shows it under the code boxes. */
const wrongCode = () => new AppError('VALIDATION_ERROR', DELIVERY_MESSAGES.invalidCode, { field: 'code' });

/**
 * Checks the customer's 4-digit code for the driver's own picked-up job. Every try first takes a
 * slot (orders/code-tries.ts): 5 tries, then one per 15 minutes, locked after 10 wrong ones in a
 * row (docs/decisions/0203-secret-check-limits.md); support can then mark the order delivered. The
 * right code frees the slots again.
 */
export async function checkDeliveryCode(
  db: DbOrTx,
  job: { id: string; orderId: string },
  code: string,
  now = new Date(),
): Promise<void> {
  if (!isFourDigitCode(code)) throw wrongCode();
  await takeCodeTry(
    db,
    job.id,
    'delivery',
    { wait: DELIVERY_MESSAGES.tooManyTries, locked: DELIVERY_MESSAGES.codeLocked },
    now,
  );
  const [order] = await db
    .select({ code: orders.deliveryVerificationCode })
    .from(orders)
    .where(eq(orders.id, job.orderId));
  if (!order?.code) throw new AppError('NOT_FOUND', DELIVERY_MESSAGES.noCode);
  if (!sameSecret(order.code, code)) throw wrongCode();
  await clearCodeTries(db, job.id, 'delivery');
}
