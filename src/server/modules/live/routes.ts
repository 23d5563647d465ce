import { liveEndpoints } from '../../../domain/contracts/live/endpoints';
import { AppError } from '../../../domain/errors';
import { STREAM_END_EVENT, type StreamEnding } from '../../../domain/live-stream-end';
import type { Actor } from '../../../domain/policies';
import { route } from '../../http/route';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { LiveBus, LiveEvent } from '../../platform/live-bus';
import { eventStreamsOpen } from '../../platform/metrics';
import { authorizeTopics } from './authorize-topics';

const HEARTBEAT_MS = 20_000;
/** The reconnect delay a stopping process asks browsers for. */
const STOP_RETRY_MS = 250;

export type LiveDeps = {
  db: Db;
  bus: LiveBus;
  /** The caller of a request as the auth plugin resolves it from the session cookie (plugins/auth.ts `actorOf`). */
  actorOf: (request: FastifyRequest) => Promise<Actor | null>;
  /** How often an open stream re-checks its session and topics (at most the 20 s heartbeat). */
  recheckMs: number;
};

/** Whether two resolutions of the same user carry the same rights. */
function sameAccess(a: Actor, b: Actor): boolean {
  return a.userId === b.userId && a.userType === b.userType && a.status === b.status && a.adminRole === b.adminRole;
}

/**
 * GET /api/events: a Server-Sent Events stream of the topics the caller may see. Access is
 * checked on subscribe, again every `recheckMs`, and at once when the bus says the user's access
 * changed; a stream whose session or topics no longer hold is ended.
 */
export function liveRoutes(app: FastifyInstance, deps: LiveDeps): void {
  // Streams never end by themselves: on shutdown end them, so the server can close and browsers
  // reconnect (to another process behind the load balancer). Each open stream's ending for a stop:
  // a reconnect hint, then the last event, then the end.
  const stopping = new Set<() => void>();
  /** The re-check of every open stream, by the id of the user who opened it. */
  const rechecksByUser = new Map<string, Set<() => void>>();
  const offAccess = deps.bus.onAccessChanged((userId) => {
    for (const recheck of [...(rechecksByUser.get(userId) ?? [])]) recheck();
  });
  app.addHook('preClose', async () => {
    offAccess();
    for (const stop of [...stopping]) stop();
  });
  const everyMs = Math.min(deps.recheckMs, HEARTBEAT_MS);

  route(app, liveEndpoints.getEvents, async (request, reply) => {
    const subscriber = request.actor;
    const orderToken = request.query.orderToken ?? null;
    const groupMember = request.query.groupMember ?? null;
    const topics = await authorizeTopics(deps.db, subscriber, request.query.topics, orderToken, groupMember);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: 2000\n: connected\n\n`);
    let id = 0;
    // `at:` is the publish time (epoch ms, just after the commit); EventSource ignores fields it
    // does not know, and the push-latency bench reads it.
    const send = (event: LiveEvent, publishedAt: number) => {
      res.write(`id: ${++id}\nat: ${publishedAt}\ndata: ${JSON.stringify(event)}\n\n`);
    };
    // While a re-check runs, events wait here: one published after an access change is sent only
    // once the check says the stream may still have it.
    let held: [LiveEvent, number][] | null = null;
    const unsubscribe = deps.bus.subscribe(topics, (event, publishedAt) => {
      if (held) held.push([event, publishedAt]);
      else send(event, publishedAt);
    });

    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      eventStreamsOpen.dec();
      clearInterval(timer);
      unsubscribe();
      offGap();
      stopping.delete(stop);
      if (subscriber) {
        const set = rechecksByUser.get(subscriber.userId);
        set?.delete(recheck);
        if (set?.size === 0) rechecksByUser.delete(subscriber.userId);
      }
    };
    // Events may have been missed while the bus was disconnected: end the stream, so the browser
    // reconnects (retry: 2000) and refetches what it shows.
    const end = () => {
      close();
      res.end();
    };
    // The last message says why (domain/live-stream-end.ts): the browser stops or reconnects.
    const endFor = (reason: StreamEnding) => {
      if (closed) return;
      res.write(`event: ${STREAM_END_EVENT}\ndata: ${JSON.stringify({ reason })}\n\n`);
      end();
    };

    /** What ends the stream now, or null while its session and every topic still hold. */
    const verdict = async (): Promise<StreamEnding | null> => {
      const actor = await deps.actorOf(request);
      if (subscriber && actor?.userId !== subscriber.userId) return 'signed_out';
      try {
        await authorizeTopics(deps.db, actor, topics, orderToken, groupMember);
      } catch (err) {
        if (err instanceof AppError) return 'forbidden';
        throw err;
      }
      return subscriber && actor && !sameAccess(subscriber, actor) ? 'access_changed' : null;
    };
    let checking = false;
    let again = false;
    const recheck = () => {
      if (closed) return;
      held ??= [];
      // A change heard during a check may have committed after that check read: check once more.
      if (checking) {
        again = true;
        return;
      }
      checking = true;
      void (async () => {
        try {
          do {
            again = false;
            const ending = await verdict();
            if (ending) return endFor(ending);
          } while (again && !closed);
          const waiting = held ?? [];
          held = null;
          if (!closed) for (const [event, at] of waiting) send(event, at);
        } catch (err) {
          // The check could not run (database unreachable): end the stream without a verdict; the
          // browser reconnects and is checked again on subscribe.
          request.log.warn({ err }, 'live events: could not re-check a stream; ending it');
          end();
        } finally {
          checking = false;
        }
      })();
    };

    eventStreamsOpen.inc();
    // A stopping process: a short `retry:` and a final event, so the browser reconnects at once (to
    // another process behind the load balancer) instead of waiting out the usual 2 s.
    const stop = () => {
      if (closed) return;
      res.write(`retry: ${STOP_RETRY_MS}\n\n`);
      endFor('server_stopping');
    };
    stopping.add(stop);
    if (subscriber) {
      let set = rechecksByUser.get(subscriber.userId);
      if (!set) rechecksByUser.set(subscriber.userId, (set = new Set()));
      set.add(recheck);
    }
    const offGap = deps.bus.onGap(end);
    // The heartbeat keeps proxies from closing an idle stream; each one also re-checks access.
    const timer = setInterval(() => {
      if (closed) return;
      res.write(': ping\n\n');
      recheck();
    }, everyMs);
    request.raw.on('close', close);
    res.on('error', close);
  });
}
