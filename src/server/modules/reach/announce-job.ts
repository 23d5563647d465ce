import { topicName } from '../../../domain/topics';
import type { LiveEventData } from '../../../domain/live-events';
import type { DbOrTx } from '../../db/client';
import type { LiveBus } from '../../platform/live-bus';
import { driversInReach } from './drivers-in-reach';

type JobEvent = 'job.created' | 'job.taken' | 'job.updated';

/**
 * Tells each driver the job reaches, on their own topic, after the change has committed
 * (docs/decisions/0158-dispatch-by-distance.md): the same rule the jobs board and the new-job
 * notifications use, so a driver hears of the jobs they can see and of no others.
 */
export async function announceJob<E extends JobEvent>(
  deps: { db: DbOrTx; bus: LiveBus },
  jobId: string,
  type: E,
  data: LiveEventData<E>,
  opts: { now?: Date; beyondMiles?: number | null; exceptUser?: string | null } = {},
): Promise<number> {
  const drivers = await driversInReach(deps.db, jobId, opts.now ?? new Date(), opts);
  for (const driverId of drivers) await deps.bus.publish(topicName.user(driverId), type, data);
  return drivers.length;
}
