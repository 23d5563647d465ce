import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics (docs/decisions/0227-metrics-exposure.md,
 * docs/decisions/0228-metric-names.md). One registry per process, as Prometheus scrapes each
 * process: the code paths that measure (requests, sweepers, the outbox, placing an order) record
 * here without knowing the app; what is read from the database is read at scrape time
 * (metrics-endpoint.ts). Nothing is exposed unless METRICS_PORT or METRICS_TOKEN is set.
 */
export const metricsRegistry = new Registry();

/** Latency buckets (seconds) for requests and order placement: the budgets are 50 ms to 300 ms. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = new Histogram({
  name: 'halalnosh_http_request_duration_seconds',
  help: 'HTTP requests by route pattern (unmatched: "unmatched"), method and status class; its _count is the request rate.',
  labelNames: ['route', 'method', 'status_class'] as const,
  buckets: REQUEST_BUCKETS,
  registers: [metricsRegistry],
});

export const eventStreamsOpen = new Gauge({
  name: 'halalnosh_event_streams_open',
  help: 'Open /api/events (Server-Sent Events) streams in this process.',
  registers: [metricsRegistry],
});

export const outboxSent = new Counter({
  name: 'halalnosh_outbox_sent_total',
  help: 'Notifications the outbox worker of this process delivered, by channel.',
  labelNames: ['channel'] as const,
  registers: [metricsRegistry],
});

export const outboxFailed = new Counter({
  name: 'halalnosh_outbox_failed_total',
  help: 'Notifications that failed for good (no retry left, or refused), by channel.',
  labelNames: ['channel'] as const,
  registers: [metricsRegistry],
});

export const outboxDue = new Gauge({
  name: 'halalnosh_outbox_due',
  help: 'Notifications due and not under a live lease, whole database (read at scrape time).',
  registers: [metricsRegistry],
});

export const outboxOldestDueAge = new Gauge({
  name: 'halalnosh_outbox_oldest_due_age_seconds',
  help: 'How long the oldest due notification has been due, 0 when none is (read at scrape time).',
  registers: [metricsRegistry],
});

export const recentOrders = new Gauge({
  name: 'halalnosh_recent_orders',
  help: 'Orders placed in the last 24 hours, by their current status (read at scrape time).',
  labelNames: ['status'] as const,
  registers: [metricsRegistry],
});

export const orderPlacementDuration = new Histogram({
  name: 'halalnosh_order_placement_duration_seconds',
  help: 'Time to place an order (POST /api/orders use case, answered or refused).',
  buckets: REQUEST_BUCKETS,
  registers: [metricsRegistry],
});

/**
 * The public catalog answers (search, restaurant page, rendered landing page) asked of the response
 * cache (docs/decisions/0091-response-cache.md): a hit is served from it, a miss computed (with
 * RESPONSE_CACHE=0 every request is a miss). hit ÷ (hit + miss) is the cache's hit rate, what the
 * churn bench (bench/perf/churn.mjs) reads under partners' and customers' edits.
 */
export const responseCacheRequests = new Counter({
  name: 'halalnosh_response_cache_requests_total',
  help: 'Catalog answers asked of the response cache, by answer (search, restaurant, page) and result (hit: served from the cache; miss: computed).',
  labelNames: ['answer', 'result'] as const,
  registers: [metricsRegistry],
});

export const metricsDatabaseUp = new Gauge({
  name: 'halalnosh_metrics_database_up',
  help: '1 when the scrape-time database reads answered within their time limit, else 0 (the values kept are the last good ones).',
  registers: [metricsRegistry],
});

export const dbQueryDuration = new Histogram({
  name: 'halalnosh_db_query_duration_seconds',
  help: 'Database statements sent by this process (PGlite: statements outside transactions).',
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  registers: [metricsRegistry],
});

/** The pg pool's state, read at scrape time (PostgreSQL only). */
export type PoolStats = { total: number; idle: number; waiting: number; max: number };
let poolStats: (() => PoolStats) | null = null;

/** The PostgreSQL connection pool of this process, for the pool gauges (the last opened wins). */
export function watchPool(stats: () => PoolStats): void {
  poolStats = stats;
}

new Gauge({
  name: 'halalnosh_db_pool_connections',
  help: 'PostgreSQL pool connections of this process by state (in_use, idle, max).',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    const s = poolStats?.();
    if (!s) return;
    this.set({ state: 'in_use' }, s.total - s.idle);
    this.set({ state: 'idle' }, s.idle);
    this.set({ state: 'max' }, s.max);
  },
});

new Gauge({
  name: 'halalnosh_db_pool_waiting',
  help: 'Requests waiting for a PostgreSQL pool connection in this process.',
  registers: [metricsRegistry],
  collect() {
    const s = poolStats?.();
    if (s) this.set(s.waiting);
  },
});

/** Each sweeper's last pass (platform/sweeper.ts), by name. */
type SweeperState = { intervalSeconds: number; startedAt: number; lastRun: number | null; lastSuccess: number | null };
const sweepers = new Map<string, SweeperState>();

/** A sweeper started: its lag counts from now until its first successful pass. */
export function sweeperStarted(name: string, intervalMs: number): void {
  sweepers.set(name, { intervalSeconds: intervalMs / 1000, startedAt: Date.now(), lastRun: null, lastSuccess: null });
}

/** A sweeper's pass ended (ok: without an error). */
export function sweeperPassed(name: string, ok: boolean): void {
  const s = sweepers.get(name);
  if (!s) return;
  const now = Date.now();
  s.lastRun = now;
  if (ok) s.lastSuccess = now;
}

/** A stopped sweeper no longer reports (a stopped process's stale lag is not an alert). */
export function sweeperStopped(name: string): void {
  sweepers.delete(name);
}

new Gauge({
  name: 'halalnosh_sweeper_last_run_timestamp_seconds',
  help: 'When each sweeper last finished a pass, successful or not (Unix seconds); absent before the first.',
  labelNames: ['sweeper'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const [name, s] of sweepers) if (s.lastRun !== null) this.set({ sweeper: name }, s.lastRun / 1000);
  },
});

new Gauge({
  name: 'halalnosh_sweeper_lag_seconds',
  help: 'Seconds since each sweeper last finished a pass without an error (since it started, before the first).',
  labelNames: ['sweeper'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    const now = Date.now();
    for (const [name, s] of sweepers) this.set({ sweeper: name }, (now - (s.lastSuccess ?? s.startedAt)) / 1000);
  },
});

new Gauge({
  name: 'halalnosh_sweeper_interval_seconds',
  help: 'The configured time between passes of each sweeper (the alert compares the lag with it).',
  labelNames: ['sweeper'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const [name, s] of sweepers) this.set({ sweeper: name }, s.intervalSeconds);
  },
});

let defaultsOn = false;
/**
 * Node's own metrics (memory, event-loop delay, GC, handles) under prom-client's standard names
 * (process_*, nodejs_*): turned on with the endpoint, so a process that exposes nothing pays nothing.
 */
export function collectProcessMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });
}

/** Seconds since a process.hrtime.bigint() reading. */
export function secondsSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}
