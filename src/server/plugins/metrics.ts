import { createHash, timingSafeEqual } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ORDER_STATUSES } from '../../domain/order-flow';
import type { Config } from '../config';
import type { Database } from '../db/client';
import {
  collectProcessMetrics,
  httpRequestDuration,
  metricsDatabaseUp,
  metricsRegistry,
  observeRequest,
  outboxDue,
  outboxFailed,
  outboxOldestDueAge,
  outboxSent,
  recentOrders,
  type RequestSeries,
} from '../platform/metrics';
import { DELIVERY_CHANNELS } from '../platform/notify/channels';

/** A scrape waits at most this long for its database reads, then answers with the last good values. */
export const SCRAPE_DB_TIMEOUT_MS = 1500;

/** The label of a request that matched no route (a page, a file, a 404): never the raw address. */
export const UNMATCHED_ROUTE = 'unmatched';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics listener's address while METRICS_PORT serves (tests read its port). */
    metricsAddress: () => AddressInfo | null;
  }
}

/** Whether an Authorization header carries the token: compared as digests, in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (\S+)$/i.exec(header ?? '')?.[1] ?? '';
  const digest = (v: string) => createHash('sha256').update(v).digest();
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

/**
 * The reads from the database a scrape makes: orders of the last 24 hours by status (the
 * orders_created_idx range), and the outbox's due rows (its lanes' partial index). On PostgreSQL
 * under a statement timeout; on either, a scrape waits at most SCRAPE_DB_TIMEOUT_MS and a read
 * that fails or is late leaves the last values and sets halalnosh_metrics_database_up to 0. Reads
 * are shared by scrapes that arrive while one is running, so a slow database never piles them up.
 */
function databaseReader(database: Database) {
  let inFlight: Promise<void> | null = null;
  const read = async () => {
    const run = async (db: Database['db']) => {
      const orders = await db.execute<{ status: string; n: number }>(
        sql`select status, count(*)::int as n from orders where created_at > now() - interval '24 hours' group by status`,
      );
      const [outbox] = (
        await db.execute<{ due: number; age: number }>(
          sql`select count(*)::int as due,
                coalesce(extract(epoch from now() - min(next_attempt_at)), 0)::float8 as age
              from notification_outbox
              where status = 'pending' and next_attempt_at <= now()
                and (leased_until is null or leased_until <= now())`,
        )
      ).rows;
      return { orders: orders.rows, outbox };
    };
    const result =
      database.kind === 'postgres'
        ? await database.db.transaction(async (tx) => {
            await tx.execute(sql.raw(`set local statement_timeout = ${SCRAPE_DB_TIMEOUT_MS}`));
            return run(tx as unknown as Database['db']);
          })
        : await run(database.db);
    const counts = new Map(result.orders.map((r) => [r.status, Number(r.n)]));
    for (const status of new Set([...ORDER_STATUSES, ...counts.keys()]))
      recentOrders.set({ status }, counts.get(status) ?? 0);
    outboxDue.set(Number(result.outbox?.due ?? 0));
    outboxOldestDueAge.set(Math.max(0, Number(result.outbox?.age ?? 0)));
  };
  return async () => {
    inFlight ??= read().finally(() => {
      inFlight = null;
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('late')), SCRAPE_DB_TIMEOUT_MS);
    });
    try {
      await Promise.race([inFlight, late]);
      metricsDatabaseUp.set(1);
    } catch {
      metricsDatabaseUp.set(0);
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * Records a response in halalnosh_http_request_duration_seconds for one route: the series of each
 * method and status class is looked up on its first response and kept, so a response costs a map
 * lookup, an array index and observeRequest (a loop over the bounds and two additions: no label
 * object, no hashing, no allocation; docs/decisions/0286-metrics-cost-on-the-request.md).
 */
function requestTimer(routeOf: (request: FastifyRequest) => string) {
  let route: string | null = null;
  const byMethod = new Map<string, RequestSeries[]>();
  return (method: string, reply: FastifyReply, request?: FastifyRequest) => {
    let byClass = byMethod.get(method);
    if (byClass === undefined) byMethod.set(method, (byClass = []));
    const statusClass = Math.floor(reply.statusCode / 100);
    let series = byClass[statusClass];
    if (series === undefined) {
      route ??= routeOf(request ?? reply.request);
      series = byClass[statusClass] = httpRequestDuration.series(route, method, `${statusClass}xx`);
    }
    // elapsedTime: milliseconds from the request's start to the answer's end, both read by Fastify.
    observeRequest(series, reply.elapsedTime / 1000);
  };
}

/**
 * The Prometheus endpoint (docs/decisions/0227-metrics-exposure.md), off unless configured:
 * METRICS_TOKEN serves GET /metrics on the app's port to `Authorization: Bearer <token>` only;
 * METRICS_PORT serves it on a listener of its own (METRICS_HOST, loopback by default), behind the
 * token too when one is set. Without either, GET /metrics is a 404 like any unknown address and
 * requests are not measured at all.
 */
export function registerMetrics(app: FastifyInstance, config: Config['metrics'], database: Database): void {
  let server: Server | null = null;
  app.decorate('metricsAddress', () => (server?.address() as AddressInfo | null) ?? null);
  const enabled = config.port !== null || config.token !== null;
  const readDatabase = databaseReader(database);
  const scrape = async () => {
    await readDatabase();
    return metricsRegistry.metrics();
  };
  app.get('/metrics', async (request, reply) => {
    if (config.token === null) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
    if (!bearerMatches(request.headers.authorization, config.token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: { code: 'UNAUTHENTICATED', message: 'The metrics token is missing or wrong' } });
    }
    const text = await scrape();
    return reply.header('cache-control', 'no-store').type(metricsRegistry.contentType).send(text);
  });
  if (!enabled) return;

  collectProcessMetrics();
  // Every series exists from the start, so rate() and the alerts see a 0 rather than nothing.
  for (const channel of DELIVERY_CHANNELS) {
    outboxSent.labels({ channel }).inc(0);
    outboxFailed.labels({ channel }).inc(0);
  }

  // Labelled by the route's pattern, never the address: the label set stays small and no token in
  // a URL reaches the metrics (docs/decisions/0228-metric-names.md). Measured in synchronous
  // onResponse hooks that keep one histogram child per method and status class: a request reads
  // no route options, builds no label object or string and waits for no promise
  // (docs/decisions/0278-metrics-per-route-hooks.md). Routes added from here on carry a hook of
  // their own (so /metrics, added above, is not measured); a request that matched no route is
  // measured by the app's hook, the only one its 404 context has.
  const unmatched = requestTimer(() => UNMATCHED_ROUTE);
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatched(request.method, reply);
    done();
  });
  app.addHook('onRoute', (route) => {
    // The pattern the request's route options give (a prefixed plugin's root route included), read
    // once on the route's first response.
    const measure = requestTimer((request) => request.routeOptions.url ?? UNMATCHED_ROUTE);
    const hook = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      measure(request.method, reply, request);
      done();
    };
    route.onResponse = route.onResponse === undefined ? [hook] : [route.onResponse, hook].flat();
  });

  if (config.port === null) return;
  const port = config.port;
  app.addHook('onReady', async () => {
    const s = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
        return;
      }
      if (config.token !== null && !bearerMatches(req.headers.authorization, config.token)) {
        res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('Unauthorized\n');
        return;
      }
      scrape().then(
        (text) =>
          res.writeHead(200, { 'content-type': metricsRegistry.contentType, 'cache-control': 'no-store' }).end(text),
        (err: unknown) => {
          app.log.error({ err }, 'metrics scrape failed');
          res.writeHead(500, { 'content-type': 'text/plain' }).end('Scrape failed\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(port, config.host, () => {
        s.off('error', reject);
        resolve();
      });
    });
    server = s;
    app.log.info(`Metrics are served on http://${config.host}:${(s.address() as AddressInfo).port}/metrics`);
  });
  app.addHook('onClose', async () => {
    const s = server;
    server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  });
}
