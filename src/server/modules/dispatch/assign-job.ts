import { eq } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { topicName } from '../../../domain/topics';
import type { Db } from '../../db/client';
import { deliveryJobs, userProfiles } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import type { AuditActor } from '../audit';
import { transitionOrder } from '../orders';
import { inTransaction } from './in-transaction';
import { returnJobToBoard } from './return-job';

/** What the customer is told once a driver has the job (docs/product/driver.md#jobs-board). */
const ARRIVAL_AFTER_ASSIGN = '8-12 min';

/** What the history and the previous driver's return record say when the back office moves the job on. */
const REASSIGNED = 'Reassigned by the back office';

export const ASSIGN_MESSAGES = {
  notADriver: 'Choose an approved driver',
  offline: 'That driver is offline: choose a driver who is online',
  noJob: 'This order has no delivery job to assign',
} as const;

/**
 * The back office puts a chosen driver on an order's delivery job (docs/product/admin.md#order-console,
 * docs/decisions/0136-admin-order-console.md): the driver must be approved and online. If another driver
 * holds the job it is first returned to the board (`returnJobToBoard`, the move a driver's own unassign makes),
 * then assigned to the chosen one with the state machine's ops `assign_driver`, all in one transaction.
 * Both drivers hear of it on their own topic, the customer on the order's; asking again for the driver
 * who already has the job changes nothing.
 */
export async function assignJob(
  deps: { db: Db; bus: LiveBus },
  actor: AuditActor,
  orderId: string,
  driverId: string,
  now = new Date(),
): Promise<void> {
  const [driver] = await deps.db
    .select({
      userType: userProfiles.userType,
      status: userProfiles.status,
      isOnline: userProfiles.isOnline,
      firstName: userProfiles.firstName,
      lastName: userProfiles.lastName,
      displayName: userProfiles.displayName,
    })
    .from(userProfiles)
    .where(eq(userProfiles.userId, driverId))
    .limit(1);
  if (!driver || driver.userType !== 'driver' || driver.status !== 'approved') {
    throw new AppError('VALIDATION_ERROR', ASSIGN_MESSAGES.notADriver);
  }
  if (!driver.isOnline) throw new AppError('CONFLICT', ASSIGN_MESSAGES.offline);

  const [job] = await deps.db
    .select({ id: deliveryJobs.id, driverId: deliveryJobs.driverId, status: deliveryJobs.status })
    .from(deliveryJobs)
    .where(eq(deliveryJobs.orderId, orderId))
    .limit(1);
  if (!job) throw new AppError('CONFLICT', ASSIGN_MESSAGES.noJob);
  if (job.driverId === driverId && job.status === 'assigned') return;

  const previous = job.status === 'assigned' ? job.driverId : null;
  await inTransaction(deps, async ({ tx, nested }) => {
    if (previous) {
      await returnJobToBoard(tx, nested.bus, {
        target: { orderId },
        actor: { kind: 'ops', userId: actor.userId!, name: actor.name },
        reason: REASSIGNED,
        now,
      });
    }
    await transitionOrder(nested, {
      orderId,
      action: 'assign_driver',
      actor: { kind: 'ops', userId: actor.userId, name: actor.name },
      driverId,
      // A millisecond after the return, so the timeline lists the two moves in the order they were made.
      now: previous ? new Date(now.getTime() + 1) : now,
    });
    const name = driver.displayName || [driver.firstName, driver.lastName].filter(Boolean).join(' ') || 'Your driver';
    await nested.bus.publish(topicName.order(orderId), 'driver.assigned', {
      orderId,
      jobId: job.id,
      driverName: name,
      estimatedArrival: ARRIVAL_AFTER_ASSIGN,
    });
    if (previous) {
      await nested.bus.publish(topicName.user(previous), 'job.assignment', { jobId: job.id, orderId, assigned: false });
    }
    await nested.bus.publish(topicName.user(driverId), 'job.assignment', { jobId: job.id, orderId, assigned: true });
  });
}
