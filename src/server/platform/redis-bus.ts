import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { type BusTransport, EVENTS_CHANNEL } from './bus-transport';

/** A publish that Redis has not answered by then is given up (the HTTP request must not hang). */
const SEND_TIMEOUT_MS = 1000;
/** Start-up gives up after this many failed attempts to reach Redis; later losses retry for ever. */
const START_ATTEMPTS = 3;

/** The URL without its password, for messages. */
export function redactRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'redis://…';
  }
}

/**
 * Redis pub/sub between processes (docs/decisions/0090-event-bus-adapters.md): one connection publishes, a second one
 * (Redis puts a subscribing connection in a mode of its own) subscribes to the events channel.
 * Both reconnect with backoff after a loss, and node-redis subscribes again on reconnect. Nothing
 * is queued while Redis is away: a publish then fails at once and the bus logs it, the committed
 * change stands, and when the subscriber is back the bus reports the gap so streams reconnect and
 * browsers refetch.
 */
export function redisTransport(url: string, log: FastifyBaseLogger): BusTransport {
  const where = redactRedisUrl(url);
  let connectedOnce = false;
  const options = {
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 5000,
      reconnectStrategy: (retries: number, cause: Error): number | Error => {
        if (!connectedOnce && retries >= START_ATTEMPTS - 1)
          return new Error(`Could not reach Redis at ${where} (REDIS_URL): ${cause.message}`);
        return Math.min(100 * 2 ** retries, 2000) + Math.floor(Math.random() * 100);
      },
    },
  };
  // Named with the pid, so `CLIENT LIST` shows which server process each connection belongs to.
  const publisher = createClient({ ...options, name: `halalnosh-bus-pub-${process.pid}` });
  const subscriber = createClient({ ...options, name: `halalnosh-bus-sub-${process.pid}` });
  let closing = false;
  let down = false;

  // An 'error' without a listener would crash the process; the clients reconnect by themselves.
  const onError = (role: string) => (err: Error) => {
    if (closing || !connectedOnce) return;
    if (!down) log.error({ err, role }, `live events: lost the connection to Redis at ${where}; reconnecting`);
    if (role === 'subscriber') down = true;
  };
  publisher.on('error', onError('publisher'));
  subscriber.on('error', onError('subscriber'));

  return {
    kind: 'redis',
    async start(onPayload, onGap) {
      try {
        await publisher.connect();
        await subscriber.connect();
      } catch (err) {
        await Promise.all([publisher, subscriber].map((c) => (c.isOpen ? c.destroy() : undefined)));
        const message = err instanceof Error ? err.message : String(err);
        throw new Error(
          message.includes('REDIS_URL') ? message : `Could not reach Redis at ${where} (REDIS_URL): ${message}`,
        );
      }
      connectedOnce = true;
      await subscriber.subscribe(EVENTS_CHANNEL, (message) => onPayload(message));
      subscriber.on('reconnecting', () => {
        if (!closing) down = true;
      });
      subscriber.on('ready', () => {
        // node-redis re-subscribes on reconnect; whatever was sent meanwhile was missed.
        if (!down || closing) return;
        down = false;
        log.info(`live events: reconnected to Redis at ${where}`);
        onGap();
      });
    },
    async send(payload) {
      if (!publisher.isReady) throw new Error(`Redis at ${where} is not connected`);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`Redis at ${where} did not answer a publish in ${SEND_TIMEOUT_MS} ms`)),
          SEND_TIMEOUT_MS,
        );
      });
      try {
        await Promise.race([publisher.publish(EVENTS_CHANNEL, payload), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      closing = true;
      await Promise.all(
        [subscriber, publisher].map(async (c) => {
          if (!c.isOpen) return;
          await c.close().catch(() => c.destroy());
        }),
      );
    },
  };
}
