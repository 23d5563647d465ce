// The transport contract lives apart from live-bus.ts so that the Redis transport, which live-bus.ts
// loads on demand, needs nothing from the file that loads it (no import cycle).

/** The NOTIFY channel and the Redis pub/sub channel the events travel on. */
export const EVENTS_CHANNEL = 'halalnosh_events';

/**
 * How events travel between server processes. Every process receives every payload sent by any
 * process on the same deployment, its own included, and forwards it to its own subscribers.
 */
export interface BusTransport {
  readonly kind: 'notify' | 'redis';
  /**
   * NOTIFY only: a write statement may send its own events (`pg_notify` in it, delivered at its
   * commit). True on PGlite, where it saves a statement; false on PostgreSQL, which commits
   * NOTIFYing transactions one at a time, each holding the notify queue's lock through its WAL flush,
   * so events are published after the commit there, many to a statement
   * (docs/decisions/0181-outbox-wake-after-commit.md).
   */
  readonly sendsInWrites?: boolean;
  /**
   * Starts receiving. `onGap` is called when the transport has been disconnected and is receiving
   * again: payloads sent in between were missed.
   */
  start(onPayload: (payload: string) => void, onGap: () => void): Promise<void>;
  /** Sends to every process; rejects (quickly) when the transport cannot send now. */
  send(payload: string): Promise<void>;
  close(): Promise<void>;
}
