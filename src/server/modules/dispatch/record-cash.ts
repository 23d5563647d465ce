import { eq } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { CASH_MESSAGES, cashNeedsReason } from '../../../domain/ledger';
import type { Tx } from '../../db/client';
import { orders } from '../../db/schema/index';

export type CashAtDoor = { collectedMinor: number; reason: string | null };

/**
 * The cash the driver says they took (docs/product/driver.md#delivery-screen): the order total when
 * they name no amount; any other amount needs a reason, refused before anything is written.
 */
export function cashAtDoor(
  totalMinor: number,
  input: { cashCollectedMinor?: number; cashReason?: string },
): CashAtDoor {
  const collectedMinor = input.cashCollectedMinor ?? totalMinor;
  const reason = input.cashReason?.trim() || null;
  if (cashNeedsReason(totalMinor, collectedMinor) && !reason) {
    throw new AppError('VALIDATION_ERROR', CASH_MESSAGES.reasonNeeded);
  }
  return { collectedMinor, reason: cashNeedsReason(totalMinor, collectedMinor) ? reason : null };
}

/** Stores the cash on the order, in the completing transaction: it adds to the driver's cash balance. */
export async function recordCash(tx: Tx, orderId: string, cash: CashAtDoor): Promise<void> {
  await tx
    .update(orders)
    .set({ cashCollectedMinor: cash.collectedMinor, cashDifferenceReason: cash.reason })
    .where(eq(orders.id, orderId));
}
