import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../domain/errors';
import type { Db } from '../db/client';
import { orders, sites } from '../db/schema/index';
import { transitionOrder } from '../modules/orders';
import type { LiveBus } from '../platform/live-bus';
import { startSweeper } from '../platform/sweeper';

export const UNANSWERED_ORDERS_INTERVAL_MS = 15_000;
const BATCH = 100;

type Deps = { db: Db; bus: LiveBus };

/**
 * One pass over new orders their restaurant has not answered within its branch's response time
 * (docs/decisions/0126): each is rejected with "The restaurant did not respond" through the state
 * machine (`time_out`, actor system), so it is audited and the customer and the console hear it.
 * Orders are claimed with FOR UPDATE SKIP LOCKED in one transaction and moved inside it, so any
 * number of processes may sweep at once and each order moves exactly once; an order a partner is
 * accepting at this moment is skipped and stays theirs. Events go out after the commit.
 */
export async function runUnansweredOrdersOnce(deps: Deps, now: Date = new Date()): Promise<{ timedOut: number }> {
  // The moves' events wait for the commit: a rolled-back pass tells nobody anything.
  const pending: (() => Promise<void>)[] = [];
  const publish: LiveBus['publish'] = async (topic, type, data) => {
    pending.push(() => deps.bus.publish(topic, type, data));
  };
  const deferred = { publish } as unknown as LiveBus;
  const timedOut = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(sites, eq(sites.id, orders.siteId))
      .where(
        and(
          eq(orders.status, 'PENDING'),
          // An order for later is the restaurant's to answer only once it has entered the flow, and
          // its response time runs from then (docs/decisions/0166-scheduled-orders.md).
          sql`not (${orders.scheduledFor} is not null and ${orders.enteredFlowAt} is null)`,
          sql`coalesce(${orders.enteredFlowAt}, ${orders.createdAt}) + make_interval(mins => ${sites.responseTimeoutMinutes}) <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(orders.createdAt)
      .limit(BATCH)
      .for('update', { of: orders, skipLocked: true });
    let moved = 0;
    for (const { id } of due) {
      try {
        await transitionOrder(
          { db: tx as unknown as Db, bus: deferred },
          { orderId: id, action: 'time_out', actor: { kind: 'system', userId: null }, now },
        );
        moved++;
      } catch (err) {
        // Cannot happen while we hold the row lock on a PENDING order; never stop the batch for one.
        if (!(err instanceof AppError)) throw err;
      }
    }
    return moved;
  });
  for (const send of pending) await send();
  return { timedOut };
}

/** Runs the sweep every 15 seconds until stopped; a pass never overlaps the previous one in this process. */
export function startUnansweredOrdersSweeper(
  deps: Deps,
  log: FastifyBaseLogger,
  intervalMs = UNANSWERED_ORDERS_INTERVAL_MS,
): () => Promise<void> {
  return startSweeper({ name: 'unanswered-orders', intervalMs, pass: () => runUnansweredOrdersOnce(deps), log });
}
