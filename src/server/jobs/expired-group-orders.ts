import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { expireDueGroups } from '../modules/group-orders';
import type { LiveBus } from '../platform/live-bus';
import { startSweeper } from '../platform/sweeper';

/** A basket past its time reads as expired at once; the pass that writes it and tells its members runs every minute. */
export const EXPIRED_GROUP_ORDERS_INTERVAL_MS = 60_000;

type Deps = { db: Db; bus: LiveBus };

/** One pass: open or locked group orders past their end time end as expired (modules/group-orders/group-end.ts). */
export function runExpiredGroupOrdersOnce(deps: Deps, now: Date = new Date()): Promise<{ expired: number }> {
  return expireDueGroups(deps, now);
}

/** Runs the pass every minute until stopped; a pass never overlaps the previous one in this process. */
export function startExpiredGroupOrdersSweeper(
  deps: Deps,
  log: FastifyBaseLogger,
  intervalMs = EXPIRED_GROUP_ORDERS_INTERVAL_MS,
): () => Promise<void> {
  return startSweeper({ name: 'expired-group-orders', intervalMs, pass: () => runExpiredGroupOrdersOnce(deps), log });
}
