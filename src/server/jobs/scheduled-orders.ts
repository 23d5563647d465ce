import { and, asc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { topicName } from '../../domain/topics';
import type { Db } from '../db/client';
import { orders } from '../db/schema/index';
import type { LiveBus } from '../platform/live-bus';
import { startSweeper } from '../platform/sweeper';

export const SCHEDULED_ORDERS_INTERVAL_MS = 30_000;
const BATCH = 200;

type Deps = { db: Db; bus: LiveBus };

/**
 * One pass over orders for later whose time to enter the normal flow has come
 * (docs/decisions/0166-scheduled-orders.md): each is stamped `entered_flow_at`, leaves the partner's
 * scheduled lane for the new orders and from then on is accepted, and times out, like any order.
 * Rows are claimed with FOR UPDATE SKIP LOCKED and stamped only while still unstamped, so any number
 * of passes and processes move each order exactly once. The console hears it after the commit.
 */
export async function runScheduledOrdersOnce(deps: Deps, now: Date = new Date()): Promise<{ released: number }> {
  const released = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'PENDING'),
          isNotNull(orders.scheduledFor),
          isNull(orders.enteredFlowAt),
          lte(orders.entersFlowAt, now),
        ),
      )
      .orderBy(asc(orders.entersFlowAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    return tx
      .update(orders)
      .set({ enteredFlowAt: now, updatedAt: now })
      .where(
        and(
          inArray(
            orders.id,
            due.map((d) => d.id),
          ),
          isNull(orders.enteredFlowAt),
        ),
      )
      .returning({
        orderId: orders.id,
        orderNumber: orders.orderNumber,
        siteId: orders.siteId,
        orderType: orders.orderType,
        totalMinor: orders.totalMinor,
      });
  });
  // To the console it is a new order now: it refetches, rings and announces it.
  for (const event of released) await deps.bus.publish(topicName.site(event.siteId), 'order.created', event);
  return { released: released.length };
}

/** Runs the pass every 30 seconds, and once soon after start, until stopped. */
export function startScheduledOrdersSweeper(
  deps: Deps,
  log: FastifyBaseLogger,
  intervalMs = SCHEDULED_ORDERS_INTERVAL_MS,
): () => Promise<void> {
  return startSweeper({
    name: 'scheduled-orders',
    intervalMs,
    firstPassAfterMs: 1000,
    pass: () => runScheduledOrdersOnce(deps),
    log,
  });
}
