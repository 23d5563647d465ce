import { topicName } from '../../../domain/topics';
import type { Db } from '../../db/client';
import type { LiveBus } from '../../platform/live-bus';
import type { AuditActor } from '../audit';
import { inTransaction } from './in-transaction';
import { returnJobToBoard } from './return-job';

/**
 * "Unassign driver" on the order console (docs/product/admin.md#order-console): the back office takes
 * the driver off the job before pickup and the job goes straight back on the board, with the ops
 * user's reason (`returnJobToBoard`, docs/decisions/0135-driver-unassign.md). The driver hears of it on
 * their own topic, so their screens drop the job wherever they are.
 */
export async function unassignJob(
  deps: { db: Db; bus: LiveBus },
  actor: AuditActor,
  orderId: string,
  reason: string,
  now = new Date(),
): Promise<void> {
  await inTransaction(deps, async ({ tx, nested }) => {
    const returned = await returnJobToBoard(tx, nested.bus, {
      target: { orderId },
      actor: { kind: 'ops', userId: actor.userId!, name: actor.name },
      reason,
      now,
    });
    await nested.bus.publish(topicName.user(returned.driverId), 'job.assignment', {
      jobId: returned.jobId,
      orderId,
      assigned: false,
    });
  });
}
