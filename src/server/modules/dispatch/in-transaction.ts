import type { Db, Tx } from '../../db/client';
import type { LiveBus } from '../../platform/live-bus';

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
  const pending: (() => Promise<void>)[] = [];
  const publish: LiveBus['publish'] = async (topic, type, data) => {
    pending.push(() => deps.bus.publish(topic, type, data));
  };
  const deferred = { publish } as unknown as LiveBus;
  const result = await deps.db.transaction(async (tx) =>
    work({ tx, nested: { db: tx as unknown as Db, bus: deferred } }),
  );
  for (const send of pending) await send();
  return result;
}
