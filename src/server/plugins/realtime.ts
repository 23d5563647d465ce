import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { notify } from '../db/client';

/** A small event pushed to browsers; readers refetch what they need. Kept well under NOTIFY's 8 kB. */
export type LiveEvent = { topic: string; type: string; data: Record<string, unknown> };
type Listener = (event: LiveEvent) => void;

export const EVENTS_CHANNEL = 'halalnosh_events';

/**
 * The event bus: publish goes through Postgres NOTIFY, so every server process on the same
 * database (including this one) hears it and forwards it to its own subscribers.
 */
export class LiveBus {
  private readonly byTopic = new Map<string, Set<Listener>>();
  private stop: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.stop = await this.database.listen(EVENTS_CHANNEL, (payload) => this.deliver(payload));
  }

  async close(): Promise<void> {
    await this.stop?.().catch(() => undefined);
    this.byTopic.clear();
  }

  /** Publishes after commit: call it once the transaction that made the change is done. */
  async publish(topic: string, type: string, data: Record<string, unknown> = {}): Promise<void> {
    const payload = JSON.stringify({ topic, type, data } satisfies LiveEvent);
    try {
      await notify(this.database.db, EVENTS_CHANNEL, payload);
    } catch (err) {
      // A lost event must not undo a committed change; readers catch up on reconnect.
      this.log.error({ err, topic, type }, 'could not publish live event');
    }
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

  get subscriberCount(): number {
    let n = 0;
    for (const set of this.byTopic.values()) n += set.size;
    return n;
  }

  private deliver(payload: string): void {
    let event: LiveEvent;
    try {
      event = JSON.parse(payload) as LiveEvent;
    } catch {
      this.log.warn('ignored a malformed live event');
      return;
    }
    const set = this.byTopic.get(event.topic);
    if (!set) return;
    for (const listener of set) listener(event);
  }
}
