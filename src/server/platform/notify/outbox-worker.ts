import { randomUUID } from 'node:crypto';
import { type SQL, and, eq, inArray, sql } from 'drizzle-orm';
import { MAX_NOTIFICATION_ATTEMPTS, retryDelayMs } from '../../../domain/notifications';
import type { Database, Db, DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { notificationOutbox } from '../../db/schema/index';
import { outboxFailed, outboxSent } from '../metrics';
import { startSweeper } from '../sweeper';
import { traceSend } from '../tracing';
import {
  type ChannelSender,
  DELIVERY_CHANNELS,
  type DeliveryChannel,
  type OutgoingMessage,
  type SendResult,
  sendOutcome,
} from './channels';
import { OUTBOX_CHANNEL, onOutboxWake } from './outbox-wake';

export { OUTBOX_CHANNEL } from './outbox-wake';

/** The sender per channel; a channel without one has its rows marked `skipped`. */
export type Senders = Partial<Record<DeliveryChannel, ChannelSender>>;

type OutboxRow = typeof notificationOutbox.$inferSelect;

/**
 * A row's status as people see it: a pending row under a live lease is `sending` (a worker has it
 * in hand; docs/decisions/0185-outbox-claims-in-place.md).
 */
export function outboxStatusOf(
  r: Pick<OutboxRow, 'status' | 'leasedUntil' | 'leaseToken'>,
  now = new Date(),
): OutboxRow['status'] {
  const held = r.leaseToken !== null && r.leasedUntil !== null && r.leasedUntil.getTime() > now.getTime();
  return r.status === 'pending' && held ? 'sending' : r.status;
}

export type WorkerOptions = {
  /** How long a claim lasts: a row still unanswered after it is taken again (the worker died). */
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
 * How far before the time a lane was last found empty its next claim starts looking: rows are due
 * from their transaction's start, which can come a little before the claim that missed them
 * committed. Anything older is found by the full look every sweeper pass. Half a second: every
 * entry in the window (mostly answered or leased rows) is walked by each claim, so a wider margin
 * costs every claim; the statements that queue rows run for milliseconds
 * (docs/decisions/0185-outbox-claims-in-place.md).
 */
const SINCE_MARGIN_MS = 500;

/**
 * The due rows of every lane, oldest first, locked without waiting; `limit` names its placeholder.
 * One lane's are read by the database function `outbox_due` instead, which keeps to the plan that
 * stays fast as dead row versions pile up (docs/decisions/0183-order-placement-cpu.md).
 */
function dueRows(limit: string): SQL {
  return sql`select id from notification_outbox
      where status = 'pending' and next_attempt_at <= ${sql.placeholder('now')}::timestamptz
        and (leased_until is null or leased_until <= ${sql.placeholder('now')}::timestamptz)
      order by next_attempt_at
      limit ${sql.placeholder(limit)}::int
      for update skip locked`;
}

/**
 * Puts the `due` rows under a fresh lease, counting the attempt, and returns them: the statement
 * text, whose values (now, lease, token and the limits) are placeholders. The rows stay `pending`:
 * the claim changes no indexed column, so each row is rewritten on its own page with no index
 * entry (docs/decisions/0185-outbox-claims-in-place.md).
 */
function leaseDue(due: SQL): SQL {
  return sql`
    with ${due}
    update notification_outbox o
    set leased_until = ${sql.placeholder('leasedUntil')}::timestamptz, lease_token = ${sql.placeholder('token')}::text,
        attempts = o.attempts + 1, updated_at = ${sql.placeholder('now')}::timestamptz
    from due where o.id = due.id
    returning o.id, o.channel, o.dedupe_key as "dedupeKey", o.recipient_user_id as "recipientUserId",
      o.recipient_email as "recipientEmail", o.recipient_phone as "recipientPhone", o.payload,
      o.attempts, o.event_kind as "eventKind", o.lease_token as "leaseToken"`;
}

/**
 * The claim statements, one per set of lanes (at most seven), compiled once; on PostgreSQL each is
 * prepared per connection. On PGlite each claim is planned afresh: a plan made when the table was
 * small (at start-up) read the whole table once it had grown, and PGlite never re-plans on its own
 * (docs/decisions/0183-order-placement-cpu.md).
 */
const claimStatements = new Map<string, ReturnType<typeof preparedStatement<OutboxRow>>>();
function claimStatement(lanes: readonly DeliveryChannel[] | null) {
  const name = lanes ? `outbox_claim_${lanes.join('_')}` : 'outbox_claim_all';
  let statement = claimStatements.get(name);
  if (!statement) {
    const build = () =>
      lanes
        ? leaseDue(
            sql.join(
              [
                ...lanes.map(
                  (c) =>
                    sql`${sql.identifier(`due_${c}`)} as (select id from outbox_due(${c}, ${sql.placeholder('now')}::timestamptz, ${sql.placeholder(`since_${c}`)}::timestamptz, ${sql.placeholder(`limit_${c}`)}::int) as d(id))`,
                ),
                sql`due as (${sql.join(
                  lanes.map((c) => sql`select id from ${sql.identifier(`due_${c}`)}`),
                  sql` union all `,
                )})`,
              ],
              sql`, `,
            ),
          )
        : leaseDue(sql`due as (${dueRows('limit')})`);
    claimStatements.set(name, (statement = preparedStatement<OutboxRow>(name, build, { prepareOnPglite: false })));
  }
  return statement;
}

function leaseValues(opts: { now: Date; leaseMs: number }) {
  return {
    now: opts.now.toISOString(),
    leasedUntil: new Date(opts.now.getTime() + opts.leaseMs).toISOString(),
    token: randomUUID(),
  };
}

/**
 * Claims due rows (pending and due, and not under a live lease) with FOR UPDATE SKIP LOCKED, puts
 * them under a fresh lease and counts the attempt, in one short transaction, so several workers in
 * several processes never take the same row (docs/decisions/0140-notification-outbox.md).
 * With `channel`, only that channel's rows: each channel is a lane of its own, so a slow mail server
 * never holds up a push.
 */
export async function claimOutboxRows(
  db: Db,
  opts: { now: Date; leaseMs: number; limit: number; channel?: DeliveryChannel },
) {
  if (opts.channel) return claimLaneRows(db, { ...opts, limits: { [opts.channel]: opts.limit } });
  return claimStatement(null)(db, { ...leaseValues(opts), limit: opts.limit });
}

/**
 * Claims for several lanes in one statement: up to `limits[channel]` due rows of each listed
 * channel, each lane's rows chosen by its own limit, as claimOutboxRows would one lane at a time.
 * `since[channel]`, when given, skips that lane's rows due before it (see outbox_due).
 */
export async function claimLaneRows(
  db: Db,
  opts: {
    now: Date;
    leaseMs: number;
    limits: Partial<Record<DeliveryChannel, number>>;
    since?: Partial<Record<DeliveryChannel, Date | null>>;
  },
) {
  const lanes = DELIVERY_CHANNELS.filter((c) => (opts.limits[c] ?? 0) > 0);
  if (lanes.length === 0) return [];
  const values: Record<string, unknown> = leaseValues(opts);
  for (const c of lanes) {
    values[`limit_${c}`] = opts.limits[c];
    values[`since_${c}`] = opts.since?.[c]?.toISOString() ?? '-infinity';
  }
  return claimStatement(lanes)(db, values);
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

type Outcome = 'sent' | 'retried' | 'failed' | 'skipped';
type SendOptions = Required<Pick<WorkerOptions, 'sendTimeoutMs' | 'now'>> & Pick<WorkerOptions, 'prepare' | 'onFailed'>;
/** One claimed row's answer, waiting to be recorded. */
type Answer = { row: OutboxRow; result: SendResult; outcome: Outcome; at: Date };

/** Sends one claimed row through its channel's sender (capped at the send timeout) and classifies the answer. */
async function sendClaimed(senders: Senders, row: OutboxRow, opts: SendOptions): Promise<Answer> {
  const sender = senders[row.channel];
  if (!sender) {
    const result: SendResult = { ok: false, retry: false, error: `no ${row.channel} sender is configured` };
    return { row, result, outcome: 'skipped', at: opts.now() };
  }
  const message = opts.prepare ? opts.prepare(row, messageOf(row)) : messageOf(row);
  let result: SendResult;
  try {
    // A span per send when traces are on (docs/decisions/0241-traces-behind-an-endpoint.md): channel and outcome, no address.
    const sent = traceSend(row.channel, () => sender.send(message), sendOutcome);
    result = await Promise.race([sent, timeout(opts.sendTimeoutMs)]);
  } catch (err) {
    // A sender should answer, not throw; a throw is treated as a failure a retry may cure.
    result = { ok: false, retry: true, error: err instanceof Error ? err.message : String(err) };
  }
  const outcome: Outcome = result.ok
    ? 'sent'
    : result.retry && row.attempts < MAX_NOTIFICATION_ATTEMPTS
      ? 'retried'
      : 'failed';
  if (outcome === 'sent') outboxSent.inc({ channel: row.channel });
  else if (outcome === 'failed') outboxFailed.inc({ channel: row.channel });
  return { row, result, outcome, at: opts.now() };
}

/**
 * The answers of a batch, written by one prepared statement (the answers as JSON, and their ids).
 * The answers are read from the JSON once, into a materialized list: joined to the rows directly,
 * the JSON was read again for every row of the batch (a plan's nested loop rescans its inner side).
 * A row is written only while it holds this claim's lease token; every change of a row's status
 * (an answer, an admin's retry) clears the token, so a matching token means the row is still
 * pending under this claim. The status is not asked again: with it, the planner read every
 * pending row through the lanes' index (hundreds in a backlog) instead of the batch's rows by key
 * (docs/decisions/0191-outbox-lighter-writes.md).
 */
const recordStatement = preparedStatement(
  'outbox_record',
  () => sql`
      with v as materialized (
        select * from jsonb_to_recordset(${sql.placeholder('answers')}::jsonb)
          as v(id uuid, token text, status text, ok boolean, error text, at timestamptz, next timestamptz))
      update notification_outbox o
      set status = v.status, leased_until = null, lease_token = null, updated_at = v.at,
          sent_at = case when v.ok then v.at else o.sent_at end,
          last_error = case when v.ok then null else v.error end,
          next_attempt_at = coalesce(v.next, o.next_attempt_at)
      from v
      where o.id = any(${sql.placeholder('ids')}::uuid[]) and o.id = v.id and o.lease_token = v.token`,
  { prepareOnPglite: true },
);

/**
 * Records answers in one statement, each only while its claim (lease token) still holds the row; a
 * row whose lease lapsed meanwhile belongs to another worker and is left alone. A final failure with
 * an `onFailed` hook is recorded on its own, in one transaction with what the hook writes.
 */
async function recordAnswers(db: Db, answers: Answer[], onFailed: WorkerOptions['onFailed']): Promise<void> {
  const hooked = onFailed ? answers.filter((a) => a.outcome === 'failed') : [];
  const plain = answers.filter((a) => !hooked.includes(a));
  if (plain.length) {
    const values = plain.map((a) => ({
      id: a.row.id,
      token: a.row.leaseToken,
      status: a.outcome === 'retried' ? 'pending' : a.outcome,
      ok: a.result.ok,
      error: a.result.ok ? null : a.result.error.slice(0, 1000),
      at: a.at.toISOString(),
      next: a.outcome === 'retried' ? new Date(a.at.getTime() + retryDelayMs(a.row.attempts)).toISOString() : null,
    }));
    // The ids again as an array: the rows are found by primary key whatever the planner thinks of
    // the JSON (a generic plan had read the whole table by a hash join).
    await recordStatement(db, { answers: JSON.stringify(values), ids: `{${values.map((v) => v.id).join(',')}}` });
  }
  for (const a of hooked) {
    const error = a.result.ok ? '' : a.result.error.slice(0, 1000);
    await db.transaction(async (tx) => {
      const [recorded] = await tx
        .update(notificationOutbox)
        .set({ status: 'failed', leasedUntil: null, leaseToken: null, updatedAt: a.at, lastError: error })
        .where(
          and(
            eq(notificationOutbox.id, a.row.id),
            eq(notificationOutbox.status, 'pending'),
            eq(notificationOutbox.leaseToken, a.row.leaseToken!),
          ),
        )
        .returning({ id: notificationOutbox.id });
      if (recorded) await onFailed!(tx, { ...a.row, status: 'failed', lastError: error });
    });
  }
}

/** Sends one claimed row and records the answer, only while this claim still holds the row. */
export async function deliverClaimed(db: Db, senders: Senders, row: OutboxRow, opts: SendOptions): Promise<Outcome> {
  const answer = await sendClaimed(senders, row, opts);
  await recordAnswers(db, [answer], opts.onFailed);
  return answer.outcome;
}

const sendOptions = (options: WorkerOptions): SendOptions => ({
  sendTimeoutMs: options.sendTimeoutMs ?? DEFAULT_SEND_TIMEOUT_MS,
  now: options.now ?? (() => new Date()),
  prepare: options.prepare,
  onFailed: options.onFailed,
});

/** One pass over every channel: claim a batch, send each row (side by side), record the answers together. */
export async function runOutboxOnce(
  deps: { db: Db; senders: Senders },
  options: WorkerOptions = {},
): Promise<PassResult> {
  const opts = sendOptions(options);
  const rows = await claimOutboxRows(deps.db, {
    now: opts.now(),
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    limit: options.batch ?? 50,
  });
  const out: PassResult = { claimed: rows.length, sent: 0, retried: 0, failed: 0, skipped: 0 };
  const answers = await Promise.all(rows.map((row) => sendClaimed(deps.senders, row, opts)));
  await recordAnswers(deps.db, answers, opts.onFailed);
  for (const a of answers) out[a.outcome] += 1;
  return out;
}

/**
 * Records answers as they come, many to a statement: while one write is in flight the next answers
 * gather, so a busy lane writes in few statements and a quiet one records its answers at the end of
 * the tick they came in.
 */
function answerRecorder(
  db: Db,
  onFailed: WorkerOptions['onFailed'],
  log: WorkerLog,
  onRecorded: (answers: Answer[]) => void = () => undefined,
) {
  let queue: Answer[] = [];
  let flushing: Promise<void> | null = null;
  const flush = (): Promise<void> => {
    if (flushing) return flushing;
    flushing = (async () => {
      while (queue.length) {
        const batch = queue;
        queue = [];
        await recordAnswers(db, batch, onFailed).then(
          () => onRecorded(batch),
          (err: unknown) =>
            // Unrecorded rows stay under their lease and are taken again when it lapses (or when a stop releases it).
            log.error({ err, sweeper: 'notification-outbox' }, 'notification-outbox record failed'),
        );
      }
    })().finally(() => {
      flushing = null;
      // An answer added between the loop's last look and this point would otherwise wait for the next.
      if (queue.length) void flush();
    });
    return flushing;
  };
  return {
    add(answer: Answer) {
      queue.push(answer);
      // At the end of the tick: answers that came in together share the statement.
      if (queue.length === 1) queueMicrotask(() => void flush());
    },
    drain: async () => {
      while (flushing || queue.length) await flush();
    },
  };
}

type WorkerLog = { error(obj: object, msg: string): void; info?(obj: object, msg: string): void };

/**
 * Gives back the rows these claims still hold (their answer unknown or unrecorded) so another
 * process takes them at once instead of after the lease lapses: what a lapse would do, sooner, so
 * a row is sent at least once as before (docs/decisions/0234-graceful-stop-with-a-deadline.md). A row
 * answered meanwhile holds no token and is left alone. Returns how many were released.
 */
export async function releaseLeases(db: Db, tokens: readonly string[]): Promise<number> {
  if (!tokens.length) return 0;
  const released = await db
    .update(notificationOutbox)
    .set({ leasedUntil: null, leaseToken: null })
    .where(and(eq(notificationOutbox.status, 'pending'), inArray(notificationOutbox.leaseToken, [...tokens])))
    .returning({ id: notificationOutbox.id });
  return released.length;
}

/**
 * The lanes, one per channel: each keeps up to `concurrency` sends in flight, so a slow or failing
 * channel never holds up another. Claims are shared: every lane that was woken (or whose last
 * claim came back full) and has room gets its rows in one statement, so a stream of commits costs
 * a claim every few milliseconds for all lanes together, not one per lane. Wake-ups that arrive
 * within `gatherMs` share a claim; with most of a lane busy, it waits for a few sends to finish.
 */
function startLanes(
  deps: { db: Db; senders: Senders; log: WorkerLog },
  opts: SendOptions & { leaseMs: number; concurrency: number; gatherMs: number; claimEveryMs: number },
  recorder: ReturnType<typeof answerRecorder>,
) {
  // `since`: where the lane's next claim starts looking (ms; null for the whole lane), see outbox_due.
  const lanes = new Map(
    DELIVERY_CHANNELS.map((channel) => [channel, { inFlight: 0, wanted: false, since: null as number | null }]),
  );
  const minRoom = Math.max(1, Math.floor(opts.concurrency / 4));
  const ready = (lane: { inFlight: number; wanted: boolean }) =>
    lane.wanted && opts.concurrency - lane.inFlight >= minRoom;
  let claiming: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let released = false;
  let lastClaimAt = 0;
  const sends = new Set<Promise<void>>();
  /** Rows claimed and not yet recorded, by id: their lease tokens are what a stop releases. */
  const held = new Map<string, string>();

  const claim = async () => {
    const limits: Partial<Record<DeliveryChannel, number>> = {};
    const since: Partial<Record<DeliveryChannel, Date | null>> = {};
    for (const [channel, lane] of lanes) {
      if (!ready(lane)) continue;
      limits[channel] = opts.concurrency - lane.inFlight;
      since[channel] = lane.since === null ? null : new Date(lane.since);
      lane.wanted = false;
    }
    lastClaimAt = Date.now();
    const now = opts.now();
    const rows = await claimLaneRows(deps.db, { now, leaseMs: opts.leaseMs, limits, since });
    for (const [channel, limit] of Object.entries(limits) as [DeliveryChannel, number][]) {
      const lane = lanes.get(channel)!;
      // A lane whose claim came back full may have more waiting: it claims again as soon as it has
      // room, from where it looked. One that came back short was empty up to now: its next claim
      // starts just before (docs/decisions/0185-outbox-claims-in-place.md).
      if (rows.filter((r) => r.channel === channel).length === limit) lane.wanted = true;
      else lane.since = now.getTime() - SINCE_MARGIN_MS;
    }
    for (const row of rows) {
      const lane = lanes.get(row.channel)!;
      lane.inFlight += 1;
      if (row.leaseToken) held.set(row.id, row.leaseToken);
      const send = sendClaimed(deps.senders, row, opts)
        // An answer after a stop gave the row back is dropped: the row is another worker's now.
        .then((answer) => (released ? undefined : recorder.add(answer)))
        .finally(() => {
          lane.inFlight -= 1;
          sends.delete(send);
          if (lane.wanted) pump();
        });
      sends.add(send);
    }
  };
  const pump = () => {
    if (stopped) return;
    if (claiming) {
      again = true;
      return;
    }
    if (![...lanes.values()].some(ready)) return;
    claiming = claim()
      .catch((err: unknown) =>
        deps.log.error({ err, sweeper: 'notification-outbox' }, 'notification-outbox sweep failed'),
      )
      .finally(() => {
        claiming = null;
        if (again) {
          again = false;
          pump();
        }
      });
  };
  return {
    /** Wakes every lane; with `whole`, each looks at its whole lane (a lapsed lease, a late commit). */
    wake(whole = false) {
      if (stopped) return;
      for (const lane of lanes.values()) {
        lane.wanted = true;
        if (whole) lane.since = null;
      }
      if (timer) return;
      // Under a stream of commits, claims come at most every claimEveryMs: each takes the rows of
      // many orders at once instead of one or two (docs/decisions/0183-order-placement-cpu.md).
      const wait = Math.max(opts.gatherMs, lastClaimAt + opts.claimEveryMs - Date.now());
      timer = setTimeout(() => {
        timer = null;
        pump();
      }, wait);
      timer.unref();
    },
    /** Forgets rows whose answers were recorded. */
    recorded(answers: Answer[]) {
      for (const a of answers) held.delete(a.row.id);
    },
    /**
     * Claims no more; waits for the claim and the sends in hand (their answers reach the recorder),
     * at most `graceMs` for the sends.
     */
    async stop(graceMs: number | undefined) {
      stopped = true;
      if (timer) clearTimeout(timer);
      await claiming;
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all([...sends]),
        ...(graceMs === undefined ? [] : [new Promise<void>((resolve) => (wait = setTimeout(resolve, graceMs)))]),
      ]);
      clearTimeout(wait);
    },
    /** The lease tokens of rows still unrecorded; after this, late answers are dropped. */
    release(): string[] {
      released = true;
      return [...new Set(held.values())];
    },
  };
}

/**
 * The outbox worker of this process: one lane per channel, each woken every few seconds on the one
 * sweeper loop and at once when an enqueue's NOTIFY arrives (after that transaction committed, in any
 * process). Stopping ends with the sends in hand recorded: a backlog is left to the next start, not drained.
 */
export async function startOutboxWorker(
  deps: { database: Database; senders: Senders; log: WorkerLog },
  options: WorkerOptions & {
    intervalMs?: number;
    concurrency?: number;
    gatherMs?: number;
    claimEveryMs?: number;
    /** How long a stop waits for the sends in hand before giving their rows back (default: until they answer). */
    stopGraceMs?: number;
  } = {},
): Promise<() => Promise<void>> {
  const db = deps.database.db;
  const opts = {
    ...sendOptions(options),
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    concurrency: options.concurrency ?? options.batch ?? 50,
    gatherMs: options.gatherMs ?? 5,
    claimEveryMs: options.claimEveryMs ?? 25,
  };
  let lanes: ReturnType<typeof startLanes> | null = null;
  const recorder = answerRecorder(db, opts.onFailed, deps.log, (answers) => lanes?.recorded(answers));
  lanes = startLanes({ db, senders: deps.senders, log: deps.log }, opts, recorder);
  const running = lanes;
  const wakeAll = () => running.wake();
  const stopSweeper = startSweeper({
    name: 'notification-outbox',
    intervalMs: options.intervalMs ?? 5_000,
    firstPassAfterMs: 500,
    pass: async () => running.wake(true),
    log: deps.log,
  });
  const unlisten = await deps.database.listen(OUTBOX_CHANNEL, wakeAll);
  // Commits in this process wake it in memory (wakeOutbox), without a NOTIFY.
  const unregister = onOutboxWake(db, wakeAll);
  return async () => {
    unregister();
    await unlisten().catch(() => undefined);
    await stopSweeper();
    await running.stop(options.stopGraceMs);
    await recorder.drain();
    // Rows still under this worker's leases (a send past the grace, an answer that could not be
    // recorded) go back now rather than when their leases lapse.
    const tokens = running.release();
    const count = await releaseLeases(db, tokens).catch((err: unknown) => {
      deps.log.error({ err, sweeper: 'notification-outbox' }, 'notification-outbox could not release its leases');
      return 0;
    });
    deps.log.info?.(
      { sweeper: 'notification-outbox', released: count },
      `notification-outbox released ${count} leases`,
    );
  };
}
