import type { FastifyBaseLogger } from 'fastify';
import { type EventsOn, type LiveEventData, liveEventProblem } from '../../domain/live-events';
import type { TopicKindOf, TopicString } from '../../domain/topics';
import type { Database } from '../db/client';
import { notify } from '../db/client';
import { type BusTransport, EVENTS_CHANNEL } from './bus-transport';

/** A small event pushed to browsers; readers refetch what they need. Kept well under NOTIFY's 8 kB. */
export type LiveEvent = { topic: string; type: string; data: Record<string, unknown> };
/** `publishedAt`: when the publishing process handed the event to the bus (epoch ms), just after its commit. */
type Listener = (event: LiveEvent, publishedAt: number) => void;
/** What travels between processes: the event and its publish time. */
type Envelope = LiveEvent & { at?: number };
/**
 * The bus's one internal message: this user's access changed (a session ended, a role, membership or
 * status moved), so every process re-checks that user's open streams at once. It travels on the
 * same channel as the events, in order with them, and never reaches a browser
 * (docs/decisions/0198-live-streams-end-with-access.md).
 */
type AccessEnvelope = { accessChanged: string; at: number };

/** The default transport: Postgres NOTIFY on the shared database (docs/decisions/0003-live-events-sse-notify.md). */
export function notifyTransport(database: Database): BusTransport {
  let stop: (() => Promise<void>) | null = null;
  // Payloads sent while a NOTIFY is in flight go out together in the next one (in order): under a
  // heavy write load, one NOTIFY commit per round trip instead of one per event.
  type Sending = { payload: string; resolve: () => void; reject: (err: unknown) => void };
  let queued: Sending[] | null = null;
  const flush = async (batch: Sending[]): Promise<void> => {
    try {
      await notify(
        database.db,
        EVENTS_CHANNEL,
        batch.map((b) => b.payload),
      );
      for (const b of batch) b.resolve();
    } catch (err) {
      for (const b of batch) b.reject(err);
    }
    const next = queued ?? [];
    if (next.length) {
      queued = next.splice(100);
      void flush(next);
    } else queued = null;
  };
  return {
    kind: 'notify',
    sendsInWrites: database.kind === 'pglite',
    async start(onPayload) {
      // The node-postgres listener reconnects by itself (db/client.ts).
      stop = await database.listen(EVENTS_CHANNEL, onPayload);
    },
    send(payload) {
      return new Promise<void>((resolve, reject) => {
        if (queued) queued.push({ payload, resolve, reject });
        else {
          // Sent at the end of this tick, so events published together (checkout's two) share it.
          queued = [{ payload, resolve, reject }];
          queueMicrotask(() => void flush(queued!.splice(0, 100)));
        }
      });
    },
    async close() {
      await stop?.().catch(() => undefined);
    },
  };
}

/** NOTIFY by default; Redis pub/sub when REDIS_URL is set (docs/decisions/0090-event-bus-adapters.md). */
export async function createBusTransport(
  redisUrl: string | null,
  database: Database,
  log: FastifyBaseLogger,
): Promise<BusTransport> {
  if (!redisUrl) return notifyTransport(database);
  const { redisTransport } = await import('./redis-bus');
  return redisTransport(redisUrl, log);
}

const FAILURE_LOG_EVERY_MS = 10_000;

/**
 * The event bus: publish hands the event to the transport (NOTIFY or Redis), so every server
 * process of the deployment (including this one) hears it and forwards it to its own subscribers.
 */
export class LiveBus {
  private readonly byTopic = new Map<string, Set<Listener>>();
  private readonly gapListeners = new Set<() => void>();
  private readonly accessListeners = new Set<(userId: string) => void>();
  private failures = { count: 0, loggedAt: 0 };

  /**
   * `checkEvents` (on outside production): every publish is checked against the live-event table
   * (domain/live-events.ts) and a wrong one throws, so a test or a developer sees it at once.
   */
  constructor(
    private readonly transport: BusTransport,
    private readonly log: FastifyBaseLogger,
    private readonly options: { checkEvents: boolean } = { checkEvents: true },
  ) {}

  get kind(): BusTransport['kind'] {
    return this.transport.kind;
  }

  async start(): Promise<void> {
    await this.transport.start(
      (payload) => this.deliver(payload),
      () => {
        this.log.warn(
          { bus: this.transport.kind },
          'live events: reconnected after a loss; subscribers reconnect to catch up',
        );
        for (const g of [...this.gapListeners]) g();
      },
    );
  }

  async close(): Promise<void> {
    await this.transport.close().catch(() => undefined);
    this.byTopic.clear();
    this.gapListeners.clear();
    this.accessListeners.clear();
  }

  /**
   * Publishes after commit: call it once the transaction that made the change is done. The type
   * must be one the table allows on this topic's kind, with its payload.
   */
  async publish<T extends TopicString, E extends EventsOn<TopicKindOf<T>>>(
    topic: T,
    type: E,
    data: LiveEventData<E>,
  ): Promise<void> {
    if (this.options.checkEvents) {
      const problem = liveEventProblem(topic, type, data);
      if (problem) throw new Error(`live event refused: ${problem}`);
    }
    await this.send(JSON.stringify({ topic, type, data, at: Date.now() } satisfies Envelope), { topic, type });
  }

  /**
   * Tells every process that this user's access changed: each re-checks the user's open streams at
   * once and ends those whose session or topics no longer hold. Call it after the commit of a
   * change that can take access away: a session deleted, an admin role or activation, a brand
   * membership or site list, a driver status or area, an account deleted.
   */
  async accessChanged(userId: string): Promise<void> {
    await this.send(JSON.stringify({ accessChanged: userId, at: Date.now() } satisfies AccessEnvelope), {
      accessChanged: userId,
    });
  }

  /** Called with the user id of every access-changed message, from any process; returns an unsubscriber. */
  onAccessChanged(listener: (userId: string) => void): () => void {
    this.accessListeners.add(listener);
    return () => this.accessListeners.delete(listener);
  }

  private async send(payload: string, about: Record<string, string>): Promise<void> {
    try {
      await this.transport.send(payload);
    } catch (err) {
      // A lost event must not undo a committed change; readers catch up on reconnect, and a lost
      // access-changed message is caught by the streams' periodic re-check. While the transport is
      // down every publish fails: log the first and then a count every 10 s.
      this.failures.count++;
      const now = Date.now();
      if (now - this.failures.loggedAt >= FAILURE_LOG_EVERY_MS) {
        this.log.error(
          { err, ...about, failedSinceLastLog: this.failures.count, bus: this.transport.kind },
          'could not publish live event',
        );
        this.failures = { count: 0, loggedAt: now };
      }
    }
  }

  /**
   * For a write statement that sends its own events: the payload to pass to
   * `pg_notify(EVENTS_CHANNEL, …)` in it, checked as publish checks it. PostgreSQL delivers it at the
   * statement's commit and not at all on a rollback, as publishing after the commit would, without
   * a statement of its own (docs/decisions/0092-order-throughput-and-start-up.md). Its time is
   * stamped now, just before the write. Null when the transport is not NOTIFY (Redis), or is NOTIFY
   * on PostgreSQL, where a NOTIFY in every write made commits wait for each other
   * (docs/decisions/0181-outbox-wake-after-commit.md): publish after the commit then.
   */
  payloadAtCommit<T extends TopicString, E extends EventsOn<TopicKindOf<T>>>(
    topic: T,
    type: E,
    data: LiveEventData<E>,
  ): string | null {
    if (this.transport.kind !== 'notify' || !this.transport.sendsInWrites) return null;
    if (this.options.checkEvents) {
      const problem = liveEventProblem(topic, type, data);
      if (problem) throw new Error(`live event refused: ${problem}`);
    }
    return JSON.stringify({ topic, type, data, at: Date.now() } satisfies Envelope);
  }

  subscribe(topics: readonly string[], listener: Listener): () => void {
    for (const t of topics) {
      let set = this.byTopic.get(t);
      if (!set) this.byTopic.set(t, (set = new Set()));
      set.add(listener);
    }
    return () => {
      for (const t of topics) {
        const set = this.byTopic.get(t);
        set?.delete(listener);
        if (set && set.size === 0) this.byTopic.delete(t);
      }
    };
  }

  /** Called when events may have been missed (the transport reconnected); returns an unsubscriber. */
  onGap(listener: () => void): () => void {
    this.gapListeners.add(listener);
    return () => this.gapListeners.delete(listener);
  }

  get subscriberCount(): number {
    let n = 0;
    for (const set of this.byTopic.values()) n += set.size;
    return n;
  }

  private deliver(payload: string): void {
    let envelope: Envelope | AccessEnvelope;
    try {
      envelope = JSON.parse(payload) as Envelope | AccessEnvelope;
    } catch {
      this.log.warn('ignored a malformed live event');
      return;
    }
    if ('accessChanged' in envelope) {
      if (typeof envelope.accessChanged !== 'string') return;
      for (const listener of [...this.accessListeners]) listener(envelope.accessChanged);
      return;
    }
    const set = this.byTopic.get(envelope.topic);
    if (!set) return;
    const event: LiveEvent = { topic: envelope.topic, type: envelope.type, data: envelope.data };
    const at = typeof envelope.at === 'number' ? envelope.at : Date.now();
    for (const listener of set) listener(event, at);
  }
}
