import { and, eq, inArray } from 'drizzle-orm';
import {
  type CashOutResponse,
  EARNINGS_MESSAGES,
  payoutRequestedMessage,
} from '../../../domain/contracts/driver/earnings';
import { formatArrivalDate, payoutArrivesBy } from '../../../domain/payout-arrival';
import { AppError } from '../../../domain/errors';
import { formatPence } from '../../../domain/money';
import { topicName } from '../../../domain/topics';
import type { Db } from '../../db/client';
import { cashOutSplit } from '../../../domain/ledger';
import {
  driverCashHandins,
  driverEarnings,
  driverPayoutDetails,
  driverPayouts,
  userProfiles,
} from '../../db/schema/index';
import { recordAudit } from '../audit';
import { cashPositionOf } from '../finance';
import { PAYOUT_DETAILS_MESSAGES } from '../../../domain/payout-details';
import type { LiveBus } from '../../platform/live-bus';

/** The reference of a payout the driver's cash covered entirely: nothing was sent. */
export const CASH_NETTED_REFERENCE = 'Netted against cash held';

/**
 * A cash-out costs nothing: it is the only way a driver is paid, and the transfer takes up to two
 * working days, so there is nothing faster to charge for (docs/decisions/0215-cash-out-without-a-fee.md).
 * Payouts requested before that decision keep the fee they were charged.
 */
export const CASH_OUT_FEE_MINOR = 0;

/**
 * Cash-out (docs/product/driver.md#earnings): every unpaid earning is marked paid out and tied to one new
 * payout request, less the cash-out fee, in one transaction, with the driver's payout details as
 * they are now; finance then sends the transfer and marks it paid (docs/decisions/0159-payout-requests.md).
 * The driver's profile row is locked first, so two cash-outs at once request once: the second
 * finds nothing unpaid. Cash the driver holds for the platform comes off the payout and is recorded
 * as handed in, under the same lock as ops' hand-ins; a payout the cash covers entirely is settled
 * at once, nothing to send (docs/decisions/0202-order-floor-cash-netting-and-reconciliation.md).
 */
export async function cashOut(
  deps: { db: Db; bus: LiveBus },
  driverId: string,
  now = new Date(),
): Promise<CashOutResponse> {
  const payout = await deps.db.transaction(async (tx) => {
    await tx.select({ id: userProfiles.id }).from(userProfiles).where(eq(userProfiles.userId, driverId)).for('update');
    const [details] = await tx.select().from(driverPayoutDetails).where(eq(driverPayoutDetails.driverId, driverId));
    const unpaid = await tx
      .select({ id: driverEarnings.id, totalMinor: driverEarnings.totalMinor })
      .from(driverEarnings)
      .where(and(eq(driverEarnings.driverId, driverId), eq(driverEarnings.paidOut, false)))
      .for('update');
    if (!unpaid.length) throw new AppError('CONFLICT', EARNINGS_MESSAGES.nothingToCashOut);
    if (!details) throw new AppError('CONFLICT', PAYOUT_DETAILS_MESSAGES.missing);
    const grossMinor = unpaid.reduce((sum, e) => sum + e.totalMinor, 0);
    const feeMinor = CASH_OUT_FEE_MINOR;
    // Earnings are never negative, but a balance of nothing is not a payout.
    if (grossMinor <= feeMinor) throw new AppError('CONFLICT', EARNINGS_MESSAGES.nothingToCashOut);
    const cash = await cashPositionOf(tx, driverId);
    const split = cashOutSplit(grossMinor, feeMinor, cash.balanceMinor);
    const settled = split.netMinor === 0;
    const [row] = await tx
      .insert(driverPayouts)
      .values({
        driverId,
        grossMinor,
        feeMinor,
        cashNettedMinor: split.nettedMinor,
        netMinor: split.netMinor,
        status: settled ? 'paid' : 'requested',
        paidAt: settled ? now : null,
        paymentReference: settled ? CASH_NETTED_REFERENCE : null,
        accountName: details.accountName,
        sortCode: details.sortCode,
        accountNumber: details.accountNumber,
        createdAt: now,
      })
      .returning();
    if (split.nettedMinor > 0) {
      await tx.insert(driverCashHandins).values({
        driverId,
        amountMinor: split.nettedMinor,
        note: 'Netted against cash-out',
        recordedBy: driverId,
        requestId: row.id,
        payoutId: row.id,
        createdAt: now,
      });
      await recordAudit(tx, {
        actionType: 'driver_cash_netted',
        entityType: 'driver',
        entityId: driverId,
        actor: { userId: driverId, name: 'Driver cash-out' },
        details: {
          payoutId: row.id,
          grossMinor,
          feeMinor,
          nettedMinor: split.nettedMinor,
          netMinor: split.netMinor,
          balanceBeforeMinor: cash.balanceMinor,
        },
      });
    }
    await tx
      .update(driverEarnings)
      .set({ paidOut: true, payoutId: row.id })
      .where(
        inArray(
          driverEarnings.id,
          unpaid.map((e) => e.id),
        ),
      );
    return { ...row, earningsCount: unpaid.length };
  });

  await deps.bus.publish(topicName.user(driverId), 'earnings.updated', { payoutId: payout.id });
  const arrivesBy = payoutArrivesBy(payout.createdAt);
  const requested = payoutRequestedMessage(formatArrivalDate(arrivesBy));
  return {
    payout: {
      id: payout.id,
      grossMinor: payout.grossMinor,
      feeMinor: payout.feeMinor,
      netMinor: payout.netMinor,
      cashNettedMinor: payout.cashNettedMinor,
      createdAt: payout.createdAt.toISOString(),
      status: payout.status,
      paidAt: payout.paidAt?.toISOString() ?? null,
      arrivesBy,
      earningsCount: payout.earningsCount,
    },
    message:
      payout.cashNettedMinor > 0
        ? `${formatPence(payout.cashNettedMinor)} of the cash you hold was taken off this payout. ${
            payout.netMinor > 0 ? requested : 'Nothing is left to send.'
          }`
        : requested,
  };
}
