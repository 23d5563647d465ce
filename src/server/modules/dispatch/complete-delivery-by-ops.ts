import { eq } from 'drizzle-orm';
import { topicName } from '../../../domain/topics';
import type { Db } from '../../db/client';
import { deliveryJobs } from '../../db/schema/index';
import { wakeDispatcher } from '../../platform/dispatcher-wake';
import type { LiveBus } from '../../platform/live-bus';
import type { AuditActor } from '../audit';
import { transitionOrder } from '../orders';
import { inTransaction } from './in-transaction';
import { recordEarning } from './record-earning';
import { recordCash } from './record-cash';

/**
 * "Mark delivered" on the order console (docs/product/admin.md#order-console): the food reached the
 * customer but the driver cannot complete (their phone died). The state machine's ops
 * `complete_delivery` moves the order OUT_FOR_DELIVERY -> DELIVERED and the job picked_up ->
 * completed without the customer's code, with the note in the history and the audit log; the
 * driver is paid as for any completed job, in the same transaction
 * (docs/decisions/0136-admin-order-console.md).
 */
export async function completeDeliveryByOps(
  deps: { db: Db; bus: LiveBus },
  actor: AuditActor,
  orderId: string,
  note: string,
  now = new Date(),
): Promise<void> {
  await inTransaction(deps, async ({ tx, nested }) => {
    await transitionOrder(nested, {
      orderId,
      action: 'complete_delivery',
      actor: { kind: 'ops', userId: actor.userId, name: actor.name },
      note,
      now,
    });
    const [job] = await tx
      .select({
        id: deliveryJobs.id,
        driverId: deliveryJobs.driverId,
        totalMinor: deliveryJobs.customerOrderTotalMinor,
      })
      .from(deliveryJobs)
      .where(eq(deliveryJobs.orderId, orderId));
    if (!job?.driverId) return;
    // The food reached the customer, so the driver took the total (docs/decisions/0156-cash-collection-and-hand-ins.md).
    await recordCash(tx, orderId, { collectedMinor: job.totalMinor, reason: null });
    const earning = await recordEarning(tx, job.driverId, job.id, now);
    await nested.bus.publish(topicName.user(job.driverId), 'earnings.updated', {
      jobId: job.id,
      earningId: earning.id,
    });
  });
  // Chaining: the driver is free for the next job (docs/decisions/0282-stacked-orders-and-chaining.md).
  wakeDispatcher();
}
