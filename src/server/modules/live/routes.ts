import { liveEndpoints } from '../../../domain/contracts/live/endpoints';
import { route } from '../../http/route';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { LiveBus } from '../../platform/live-bus';
import { authorizeTopics } from './authorize-topics';

const HEARTBEAT_MS = 20_000;

/** GET /api/events: a Server-Sent Events stream of the topics the caller may see. */
export function liveRoutes(app: FastifyInstance, deps: { db: Db; bus: LiveBus }): void {
  // Streams never end by themselves: on shutdown end them, so the server can close and browsers
  // reconnect (to another process behind the load balancer).
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });
  route(app, liveEndpoints.getEvents, async (request, reply) => {
    const topics = await authorizeTopics(
      deps.db,
      request.actor,
      request.query.topics,
      request.query.orderToken ?? null,
    );
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
    const unsubscribe = deps.bus.subscribe(topics, (event, publishedAt) => {
      res.write(`id: ${++id}\nat: ${publishedAt}\ndata: ${JSON.stringify(event)}\n\n`);
    });
    // Events may have been missed while the bus was disconnected: end the stream, so the browser
    // reconnects (retry: 2000) and refetches what it shows.
    const end = () => {
      close();
      res.end();
    };
    open.add(end);
    const offGap = deps.bus.onGap(end);
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
      offGap();
      open.delete(end);
    };
    request.raw.on('close', close);
    res.on('error', close);
  });
}
