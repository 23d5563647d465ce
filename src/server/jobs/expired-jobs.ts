import { and, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { topicName } from '../../domain/topics';
import type { Db } from '../db/client';
import { deliveryJobs } from '../db/schema/index';
import type { LiveBus } from '../platform/live-bus';
import { startSweeper } from '../platform/sweeper';

/** A re-offered job stays open this long again (the same 30 minutes a new offer gets). */
export const REOFFER_MINUTES = 30;
export const EXPIRED_JOBS_INTERVAL_MS = 30_000;
const BATCH = 200;

type Deps = { db: Db; bus: LiveBus };

/**
 * One pass over offers nobody took in time (docs/decisions/0043-expired-offers-and-demo-fleet.md): the restaurant has accepted the
 * order and is waiting for a driver, so an expired offer is offered again, with a new expiry, and
 * announced again on its area's jobs topic. Rows are claimed with FOR UPDATE SKIP LOCKED, so any
 * number of processes may sweep at once without re-offering a job twice; a job a driver is
 * accepting at this moment is skipped and stays theirs.
 */
export async function runExpiredJobsOnce(deps: Deps, now: Date = new Date()): Promise<{ reoffered: number }> {
  const reoffered = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: deliveryJobs.id, orderId: deliveryJobs.orderId, area: deliveryJobs.pickupArea })
      .from(deliveryJobs)
      .where(and(eq(deliveryJobs.status, 'available'), lte(deliveryJobs.expiresAt, now)))
      .orderBy(deliveryJobs.expiresAt)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    const expiresAt = new Date(now.getTime() + REOFFER_MINUTES * 60_000);
    await tx
      .update(deliveryJobs)
      .set({ expiresAt })
      .where(
        and(
          inArray(
            deliveryJobs.id,
            due.map((d) => d.id),
          ),
          eq(deliveryJobs.status, 'available'),
        ),
      );
    return due.map((d) => ({ ...d, expiresAt }));
  });

  for (const job of reoffered) {
    const data = {
      jobId: job.id,
      orderId: job.orderId,
      area: job.area,
      reoffered: true as const,
      expiresAt: job.expiresAt.toISOString(),
    };
    await deps.bus.publish(topicName.jobs(job.area), 'job.created', data);
    await deps.bus.publish(topicName.admin, 'job.reoffered', data);
  }
  return { reoffered: reoffered.length };
}

/** Runs the sweep every 30 seconds until stopped; a pass never overlaps the previous one in this process. */
export function startExpiredJobsSweeper(
  deps: Deps,
  log: FastifyBaseLogger,
  intervalMs = EXPIRED_JOBS_INTERVAL_MS,
): () => Promise<void> {
  return startSweeper({ name: 'expired-jobs', intervalMs, pass: () => runExpiredJobsOnce(deps), log });
}
