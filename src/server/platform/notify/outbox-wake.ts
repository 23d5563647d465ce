import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { batched } from './batched';

/** The NOTIFY channel that wakes idle outbox workers in every process. */
export const OUTBOX_CHANNEL = 'halalnosh_outbox';

/** Per database: the outbox workers running in this process (usually one). */
const workers = new WeakMap<Db, Set<() => void>>();
/** Per database: the coalesced NOTIFY for when no worker runs here. */
const notifiers = new WeakMap<Db, (input: null) => Promise<void>>();

/** Registers a worker of this process to be woken by wakeOutbox; returns the unregistering function. */
export function onOutboxWake(db: Db, wake: () => void): () => void {
  let set = workers.get(db);
  if (!set) workers.set(db, (set = new Set()));
  set.add(wake);
  return () => set.delete(wake);
}

/**
 * Wakes the outbox workers for rows that have just COMMITTED (call it after the commit, never inside
 * the transaction: a worker woken earlier would not see them yet). A worker of this process is woken
 * in memory, with no statement and no NOTIFY: its claim takes the rows, and the other processes'
 * workers are left alone rather than woken to compete for the same rows. Without a worker here (a
 * process that does not run one), one `pg_notify` wakes the others, and wake-ups that arrive while
 * it is in flight share the next, so a busy moment costs one NOTIFY, not one per commit
 * (docs/decisions/0181-outbox-wake-after-commit.md). Rows whose wake-up is lost (a crash just after
 * the commit) are claimed by the next sweep, as before.
 */
export function wakeOutbox(db: Db): void {
  const local = workers.get(db);
  if (local?.size) {
    for (const wake of local) wake();
    return;
  }
  let notify = notifiers.get(db);
  if (!notify) {
    notify = batched<null, void>(async (inputs) => {
      await db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
      return inputs.map(() => undefined);
    });
    notifiers.set(db, notify);
  }
  // A lost wake-up only delays the rows until the next sweep.
  notify(null).catch(() => undefined);
}
