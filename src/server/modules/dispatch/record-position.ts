import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { topicName } from '../../../domain/topics';
import type { Db } from '../../db/client';
import { deliveryJobs } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { loadOwnJob } from './own-job';

/**
 * The assigned driver's phone reports where it is (it sends at most every 10 s or 50 m). Only the
 * last position is kept, and only while the job is assigned or picked up; completing the delivery
 * clears it (docs/decisions/0080-maps.md). The live event on the order's topic carries no coordinates:
 * staff and the driver also follow that topic, so the customer's page re-reads the order, whose
 * view shows the position only to the customer and admins.
 */
export async function recordPosition(
  deps: { db: Db; bus: LiveBus },
  driverId: string,
  jobId: string,
  input: { lat: number; lng: number; accuracyMetres?: number },
  now = new Date(),
): Promise<{ ok: true; at: string }> {
  const job = await loadOwnJob(deps.db, driverId, jobId);
  if (job.status !== 'assigned' && job.status !== 'picked_up') {
    throw new AppError('CONFLICT', 'This delivery is not active, so your location is not shared');
  }
  const [saved] = await deps.db
    .update(deliveryJobs)
    .set({ driverLat: input.lat, driverLng: input.lng, driverLocatedAt: now })
    .where(
      and(
        eq(deliveryJobs.id, jobId),
        eq(deliveryJobs.driverId, driverId),
        inArray(deliveryJobs.status, ['assigned', 'picked_up']),
      ),
    )
    .returning({ id: deliveryJobs.id });
  // Completed between the read and the write: nothing is stored.
  if (!saved) throw new AppError('CONFLICT', 'This delivery is not active, so your location is not shared');
  await deps.bus.publish(topicName.order(job.orderId), 'driver.position', {
    orderId: job.orderId,
    at: now.toISOString(),
  });
  // The dispatch map moves the driver's marker (docs/decisions/0170-ops-dispatch-map.md).
  await deps.bus.publish(topicName.admin, 'driver.located', { driverId, at: now.toISOString() });
  return { ok: true, at: now.toISOString() };
}
