import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { MAX_NOTIFICATION_ATTEMPTS, retryDelayMs } from '../../../domain/notifications';
import type { Database, Db, DbOrTx } from '../../db/client';
import { notificationOutbox } from '../../db/schema/index';
import { startSweeper } from '../sweeper';
import type { ChannelSender, DeliveryChannel, OutgoingMessage, SendResult } from './channels';

/** The NOTIFY channel an enqueue pings at commit so idle workers start at once. */
export const OUTBOX_CHANNEL = 'halalnosh_outbox';

/** The sender per channel; a channel without one has its rows marked `skipped`. */
export type Senders = Partial<Record<DeliveryChannel, ChannelSender>>;

type OutboxRow = typeof notificationOutbox.$inferSelect;

export type WorkerOptions = {
  /** How long a claim lasts: a row still `sending` after it is taken again (the worker died). */
  leaseMs?: number;
  /** A send that has not answered by then counts as a retryable failure (well inside the lease). */
  sendTimeoutMs?: number;
  batch?: number;
  now?: () => Date;
  /** Turns a stored row into the message (absolute links, the unsubscribe footer). */
  prepare?: (row: OutboxRow, message: OutgoingMessage) => OutgoingMessage;
  /**
   * Called for a row that has finally failed, in the transaction that records the failure (and only
   * if this claim still held the row), so what it writes (the operations alert) happens exactly once.
   */
  onFailed?: (tx: DbOrTx, row: OutboxRow) => Promise<unknown>;
};

export type PassResult = { claimed: number; sent: number; retried: number; failed: number; skipped: number };

const DEFAULT_LEASE_MS = 120_000;
const DEFAULT_SEND_TIMEOUT_MS = 30_000;

/**
 * Claims due rows (pending and due, or `sending` with a lapsed lease) with FOR UPDATE SKIP LOCKED,
 * marks them `sending` under a fresh lease and counts the attempt, in one short transaction, so
 * several workers in several processes never take the same row (docs/decisions/0140-notification-outbox.md).
 */
export async function claimOutboxRows(db: Db, opts: { now: Date; leaseMs: number; limit: number }) {
  const token = randomUUID();
  const leasedUntil = new Date(opts.now.getTime() + opts.leaseMs);
  const result = await db.execute<OutboxRow>(sql`
    with due as (
      select id from notification_outbox
      where ((status = 'pending' and next_attempt_at <= ${opts.now.toISOString()}::timestamptz)
         or (status = 'sending' and leased_until <= ${opts.now.toISOString()}::timestamptz))
      order by next_attempt_at
      limit ${opts.limit}
      for update skip locked)
    update notification_outbox o
    set status = 'sending', leased_until = ${leasedUntil.toISOString()}::timestamptz, lease_token = ${token},
        attempts = o.attempts + 1, updated_at = ${opts.now.toISOString()}::timestamptz
    from due where o.id = due.id
    returning o.id, o.channel, o.dedupe_key as "dedupeKey", o.recipient_user_id as "recipientUserId",
      o.recipient_email as "recipientEmail", o.recipient_phone as "recipientPhone", o.payload,
      o.attempts, o.event_kind as "eventKind", o.lease_token as "leaseToken"`);
  return result.rows as unknown as OutboxRow[];
}

function timeout(ms: number): Promise<SendResult> {
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve({ ok: false, retry: true, error: `no answer within ${ms} ms` }), ms);
    t.unref();
  });
}

export function messageOf(row: OutboxRow): OutgoingMessage {
  return {
    dedupeKey: row.dedupeKey,
    recipient: { userId: row.recipientUserId, email: row.recipientEmail, phone: row.recipientPhone },
    title: row.payload.title,
    text: row.payload.text,
    ...(row.payload.html ? { html: row.payload.html } : {}),
    ...(row.payload.url ? { url: row.payload.url } : {}),
  };
}

/** Sends one claimed row and records the answer, only while this claim still holds the row. */
export async function deliverClaimed(
  db: Db,
  senders: Senders,
  row: OutboxRow,
  opts: Required<Pick<WorkerOptions, 'sendTimeoutMs' | 'now'>> & Pick<WorkerOptions, 'prepare' | 'onFailed'>,
): Promise<'sent' | 'retried' | 'failed' | 'skipped'> {
  const sender = senders[row.channel];
  let result: SendResult;
  let outcome: 'sent' | 'retried' | 'failed' | 'skipped';
  if (!sender) {
    result = { ok: false, retry: false, error: `no ${row.channel} sender is configured` };
    outcome = 'skipped';
  } else {
    const message = opts.prepare ? opts.prepare(row, messageOf(row)) : messageOf(row);
    try {
      result = await Promise.race([sender.send(message), timeout(opts.sendTimeoutMs)]);
    } catch (err) {
      // A sender should answer, not throw; a throw is treated as a failure a retry may cure.
      result = { ok: false, retry: true, error: err instanceof Error ? err.message : String(err) };
    }
    outcome = result.ok ? 'sent' : result.retry && row.attempts < MAX_NOTIFICATION_ATTEMPTS ? 'retried' : 'failed';
  }
  const now = opts.now();
  const record = (tx: DbOrTx) =>
    tx
      .update(notificationOutbox)
      .set({
        status: outcome === 'retried' ? 'pending' : outcome,
        leasedUntil: null,
        leaseToken: null,
        updatedAt: now,
        ...(result.ok ? { sentAt: now, lastError: null } : { lastError: result.error.slice(0, 1000) }),
        ...(outcome === 'retried' ? { nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)) } : {}),
      })
      .where(
        and(
          eq(notificationOutbox.id, row.id),
          eq(notificationOutbox.status, 'sending'),
          eq(notificationOutbox.leaseToken, row.leaseToken!),
        ),
      )
      .returning({ id: notificationOutbox.id });
  const onFailed = opts.onFailed;
  if (outcome === 'failed' && onFailed && !result.ok) {
    const error = result.error;
    await db.transaction(async (tx) => {
      const [recorded] = await record(tx);
      if (recorded) await onFailed(tx, { ...row, status: 'failed', lastError: error.slice(0, 1000) });
    });
  } else {
    await record(db);
  }
  return outcome;
}

/** One pass: claim a batch, send each row (side by side), record each answer. */
export async function runOutboxOnce(
  deps: { db: Db; senders: Senders },
  options: WorkerOptions = {},
): Promise<PassResult> {
  const now = options.now ?? (() => new Date());
  const rows = await claimOutboxRows(deps.db, {
    now: now(),
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    limit: options.batch ?? 50,
  });
  const out: PassResult = { claimed: rows.length, sent: 0, retried: 0, failed: 0, skipped: 0 };
  const outcomes = await Promise.all(
    rows.map((row) =>
      deliverClaimed(deps.db, deps.senders, row, {
        sendTimeoutMs: options.sendTimeoutMs ?? DEFAULT_SEND_TIMEOUT_MS,
        now,
        prepare: options.prepare,
        onFailed: options.onFailed,
      }),
    ),
  );
  for (const o of outcomes) out[o] += 1;
  return out;
}

/**
 * The outbox worker of this process: a pass every few seconds on the one sweeper loop, and at once
 * when an enqueue's NOTIFY arrives (after that transaction committed, in any process). A kick during
 * a pass runs one more pass after it; a full batch runs the next pass straight away.
 */
export async function startOutboxWorker(
  deps: { database: Database; senders: Senders; log: { error(obj: object, msg: string): void } },
  options: WorkerOptions & { intervalMs?: number } = {},
): Promise<() => Promise<void>> {
  let running: Promise<void> | null = null;
  let again = false;
  // Stopping ends the pass after its current batch: a backlog is left to the next start, not drained.
  let stopped = false;
  const batch = options.batch ?? 50;
  const pass = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        const r = await runOutboxOnce({ db: deps.database.db, senders: deps.senders }, options);
        if (r.claimed >= batch) again = true;
      } while (again && !stopped);
    })()
      .catch((err: unknown) =>
        deps.log.error({ err, sweeper: 'notification-outbox' }, 'notification-outbox sweep failed'),
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
  const stopSweeper = startSweeper({
    name: 'notification-outbox',
    intervalMs: options.intervalMs ?? 5_000,
    firstPassAfterMs: 500,
    pass,
    log: deps.log,
  });
  const unlisten = await deps.database.listen(OUTBOX_CHANNEL, () => void pass());
  return async () => {
    stopped = true;
    await unlisten().catch(() => undefined);
    await stopSweeper();
    await running;
  };
}
