import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { REACH_MAX_MILES, REACH_START_MILES } from '../../domain/dispatch-reach';
import { topicName } from '../../domain/topics';
import type { Db } from '../db/client';
import { deliveryJobs } from '../db/schema/index';
import type { LiveBus } from '../platform/live-bus';
import { startSweeper } from '../platform/sweeper';
import { enqueueJobOffer } from '../modules/notifications';
import { announceJob, at, reachMilesSql } from '../modules/reach';

export const JOB_REACH_INTERVAL_MS = 30_000;
const BATCH = 200;

type Deps = { db: Db; bus: LiveBus };

/**
 * One pass of the widening reach (docs/decisions/0158-dispatch-by-distance.md): every open job
 * whose reach grew a step since drivers were last told is announced to the drivers it now reaches
 * (a `job.created` on their own topic, only to those beyond the reach told before) and gets its
 * new-job notifications (the outbox dedupes those already told). Rows are claimed with
 * FOR UPDATE SKIP LOCKED, so several processes never announce one step twice.
 */
export async function runJobReachOnce(deps: Deps, now: Date = new Date()): Promise<{ widened: number }> {
  const t = at(now);
  const reach = reachMilesSql('delivery_jobs', t);
  const widened = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: deliveryJobs.id,
        orderId: deliveryJobs.orderId,
        area: deliveryJobs.pickupArea,
        restaurantName: deliveryJobs.restaurantName,
        announced: deliveryJobs.announcedReachMiles,
        reach: sql<number>`${reach}`.mapWith(Number),
      })
      .from(deliveryJobs)
      .where(
        and(
          eq(deliveryJobs.status, 'available'),
          gt(deliveryJobs.expiresAt, now),
          sql`coalesce(${deliveryJobs.announcedReachMiles}, ${REACH_START_MILES}::float8) < least(${REACH_MAX_MILES}::float8, ${reach})`,
        ),
      )
      .orderBy(deliveryJobs.createdAt)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    for (const job of due) {
      await tx
        .update(deliveryJobs)
        .set({ announcedReachMiles: job.reach })
        .where(and(inArray(deliveryJobs.id, [job.id]), eq(deliveryJobs.status, 'available')));
      await enqueueJobOffer(tx, { id: job.id, area: job.area, branchName: job.restaurantName });
    }
    return due;
  });

  for (const job of widened) {
    await announceJob(
      deps,
      job.id,
      'job.created',
      { jobId: job.id, orderId: job.orderId, area: job.area },
      { now, beyondMiles: job.announced ?? REACH_START_MILES },
    );
    // The dispatch map redraws the job's reach circle (docs/decisions/0170-ops-dispatch-map.md).
    await deps.bus.publish(topicName.admin, 'job.widened', {
      jobId: job.id,
      orderId: job.orderId,
      reachMiles: job.reach,
    });
  }
  return { widened: widened.length };
}

/** Runs the pass every 30 seconds until stopped; a pass never overlaps the previous one in this process. */
export function startJobReachSweeper(
  deps: Deps,
  log: FastifyBaseLogger,
  intervalMs = JOB_REACH_INTERVAL_MS,
): () => Promise<void> {
  return startSweeper({ name: 'job-reach', intervalMs, pass: () => runJobReachOnce(deps, new Date()), log });
}
