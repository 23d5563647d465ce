import { and, eq } from 'drizzle-orm';
import type { AdminPayoutView } from '../../../../domain/contracts/admin/payouts';
import { AppError } from '../../../../domain/errors';
import { topicName } from '../../../../domain/topics';
import type { Db } from '../../../db/client';
import { driverPayouts, userProfiles } from '../../../db/schema/index';
import type { LiveBus } from '../../../platform/live-bus';
import { type AuditActor, recordAudit } from '../../audit';
import { payoutColumns, payoutDriverJoin, toAdminPayout } from './payout-rows';

/**
 * Finance sent the bank transfer and marks the request paid (docs/decisions/0159-payout-requests.md):
 * only a requested payout moves (a second click is 409), with its audit row in the same transaction;
 * the driver's earnings page hears it live.
 */
export async function markPayoutPaid(
  deps: { db: Db; bus: LiveBus },
  actor: AuditActor,
  payoutId: string,
  paymentReference: string | undefined,
  now = new Date(),
): Promise<{ payout: AdminPayoutView }> {
  const payout = await deps.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(driverPayouts)
      .set({ status: 'paid', paidAt: now, paidBy: actor.userId, paymentReference: paymentReference || null })
      .where(and(eq(driverPayouts.id, payoutId), eq(driverPayouts.status, 'requested')))
      .returning({ id: driverPayouts.id });
    const [row] = await tx
      .select(payoutColumns)
      .from(driverPayouts)
      .innerJoin(userProfiles, payoutDriverJoin)
      .where(eq(driverPayouts.id, payoutId));
    if (!row) throw new AppError('NOT_FOUND', 'Payout not found');
    if (!moved) throw new AppError('CONFLICT', 'This payout is already marked paid');
    await recordAudit(tx, {
      actionType: 'payout_marked_paid',
      entityType: 'driver_payout',
      entityId: payoutId,
      actor,
      details: {
        driverId: row.payout.driverId,
        netMinor: row.payout.netMinor,
        paymentReference: paymentReference || null,
      },
    });
    return toAdminPayout(row);
  });
  await deps.bus.publish(topicName.user(payout.driverId), 'earnings.updated', { payoutId });
  return { payout };
}
