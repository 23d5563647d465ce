import { topicName } from '../../../domain/topics';
import type { Db } from '../../db/client';
import type { LiveBus } from '../../platform/live-bus';
import { loadOwnJob, requireStatus } from './own-job';

/**
 * "I've Arrived at Pickup" / "I've Arrived at Customer's Location": the step itself lives on the
 * phone (docs/product/driver.md#delivery-screen); the restaurant and the customer are told live.
 */
export async function recordArrival(
  deps: { db: Db; bus: LiveBus },
  driverId: string,
  jobId: string,
  at: 'pickup' | 'delivery',
): Promise<{ ok: true }> {
  const job = await loadOwnJob(deps.db, driverId, jobId);
  requireStatus(job, at === 'pickup' ? 'assigned' : 'picked_up');
  const event = { orderId: job.orderId, jobId, at };
  await deps.bus.publish(topicName.order(job.orderId), 'driver.arrived', event);
  await deps.bus.publish(topicName.site(job.siteId), 'driver.arrived', event);
  return { ok: true };
}
