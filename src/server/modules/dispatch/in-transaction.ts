import type { Db, Tx } from '../../db/client';
import type { LiveBus } from '../../platform/live-bus';

type Pending = { topic: string; type: string; data: Record<string, unknown> };

/**
 * Runs a driver step in one transaction with the order move inside it. `transitionOrder` nests in
 * as a savepoint (it is handed the transaction as its database), so its row lock, the job move
 * and our own writes (the earning, the proof) commit or roll back together; every live event,
 * its own included, is held back and sent only after the outer commit.
 */
export async function inTransaction<T>(
  deps: { db: Db; bus: LiveBus },
  work: (scope: { tx: Tx; nested: { db: Db; bus: LiveBus } }) => Promise<T>,
): Promise<T> {
  const pending: Pending[] = [];
  const deferred = {
    async publish(topic: string, type: string, data: Record<string, unknown> = {}) {
      pending.push({ topic, type, data });
    },
  } as unknown as LiveBus;
  const result = await deps.db.transaction(async (tx) =>
    work({ tx, nested: { db: tx as unknown as Db, bus: deferred } }),
  );
  for (const e of pending) await deps.bus.publish(e.topic, e.type, e.data);
  return result;
}
