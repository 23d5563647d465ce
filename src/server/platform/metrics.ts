import { Counter, Gauge, Histogram, type Metric, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics (docs/decisions/0227-metrics-exposure.md,
 * docs/decisions/0228-metric-names.md). One registry per process, as Prometheus scrapes each
 * process: the code paths that measure (requests, sweepers, the outbox, placing an order) record
 * here without knowing the app; what is read from the database is read at scrape time
 * (metrics-endpoint.ts). Nothing is exposed unless METRICS_PORT or METRICS_TOKEN is set.
 */
export const metricsRegistry = new Registry();

/** Latency buckets (seconds) for requests and order placement: the budgets are 50 ms to 300 ms. */
export const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5, 10];

/** The label values of one series of the request histogram. */
export type RequestLabels = { readonly route: string; readonly method: string; readonly status_class: string };

/**
 * One series of the request histogram: how many requests fell in each bucket (not cumulative; the
 * last slot counts those above the largest bound) and the sum of their durations.
 */
export type RequestSeries = { readonly labels: RequestLabels; readonly counts: Float64Array; sum: number };

/** Records one request's duration (seconds) in its series: a short loop over the bounds, two additions. */
export function observeRequest(series: RequestSeries, seconds: number): void {
  let i = 0;
  // prom-client's rule: a value goes in the first bucket whose bound it does not exceed.
  while (i < REQUEST_BUCKETS.length && seconds > REQUEST_BUCKETS[i]) i++;
  series.counts[i] += 1;
  series.sum += seconds;
}

type Sample = {
  labels: Record<string, string | number>;
  sharedLabels?: RequestLabels;
  value: number;
  metricName: string;
};

/**
 * halalnosh_http_request_duration_seconds, counted in plain arrays and exposed at scrape time
 * (docs/decisions/0286-metrics-cost-on-the-request.md). prom-client's labelled histogram child
 * validates and hashes its label object and converts the bound to a property name on every
 * observation; here each route's hook holds its series and a request costs a loop over 12 bounds and
 * two additions. The exposition is the one prom-client's Histogram writes: the same name, help, type,
 * labels, buckets (cumulative, then +Inf), _sum and _count lines, through the same registry.
 */
export class RequestHistogram {
  readonly name = 'halalnosh_http_request_duration_seconds';
  readonly help =
    'HTTP requests by route pattern (unmatched: "unmatched"), method and status class; its _count is the request rate.';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly labelNames = ['route', 'method', 'status_class'] as const;
  private readonly byKey = new Map<string, RequestSeries>();

  /** The series of these labels, made on first use and kept (a hook holds it for its route's answers). */
  series(route: string, method: string, statusClass: string): RequestSeries {
    const key = `${route}\u0000${method}\u0000${statusClass}`;
    let s = this.byKey.get(key);
    if (s === undefined) {
      s = {
        labels: { route, method, status_class: statusClass },
        counts: new Float64Array(REQUEST_BUCKETS.length + 1),
        sum: 0,
      };
      this.byKey.set(key, s);
    }
    return s;
  }

  /** Every series zeroed, not dropped: the hooks keep recording into the series they hold. */
  reset(): void {
    for (const s of this.byKey.values()) {
      s.counts.fill(0);
      s.sum = 0;
    }
  }

  /** What the registry writes as text: bucket samples carry `le`, each series' labels shared, as prom-client's. */
  async getForPromString() {
    const values: Sample[] = [];
    for (const s of this.byKey.values()) {
      let acc = 0;
      for (let i = 0; i < REQUEST_BUCKETS.length; i++) {
        acc += s.counts[i];
        values.push({
          labels: { le: REQUEST_BUCKETS[i] },
          sharedLabels: s.labels,
          value: acc,
          metricName: `${this.name}_bucket`,
        });
      }
      const count = acc + s.counts[REQUEST_BUCKETS.length];
      values.push(
        { labels: { le: '+Inf' }, sharedLabels: s.labels, value: count, metricName: `${this.name}_bucket` },
        { labels: {}, sharedLabels: s.labels, value: s.sum, metricName: `${this.name}_sum` },
        { labels: {}, sharedLabels: s.labels, value: count, metricName: `${this.name}_count` },
      );
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** The JSON form (Registry.getMetricsAsJSON): each sample's labels whole. */
  async get() {
    const data = await this.getForPromString();
    return {
      ...data,
      values: data.values.map(({ sharedLabels, labels, ...rest }) => ({
        ...rest,
        labels: { ...labels, ...sharedLabels },
      })),
    };
  }
}

export const httpRequestDuration = new RequestHistogram();
metricsRegistry.registerMetric(httpRequestDuration as unknown as Metric<string>);

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
/** The answers the response cache serves, each counted as a hit or a miss. */
export type CachedAnswerKind = 'search' | 'restaurant' | 'page';
/** Hits and misses of each answer: plain numbers, so counting costs every request (metrics on or off) one addition. */
const cacheAnswerCounts: Record<CachedAnswerKind, { hit: number; miss: number }> = {
  search: { hit: 0, miss: 0 },
  restaurant: { hit: 0, miss: 0 },
  page: { hit: 0, miss: 0 },
};

/** Counts one catalog answer asked of the response cache (missed: it was computed, not served from the cache). */
export function countCachedAnswer(answer: CachedAnswerKind, missed: boolean): void {
  if (missed) cacheAnswerCounts[answer].miss += 1;
  else cacheAnswerCounts[answer].hit += 1;
}

export const responseCacheRequests = new Counter({
  name: 'halalnosh_response_cache_requests_total',
  help: 'Catalog answers asked of the response cache, by answer (search, restaurant, page) and result (hit: served from the cache; miss: computed).',
  labelNames: ['answer', 'result'] as const,
  registers: [metricsRegistry],
  // Read from the plain counts at scrape time (docs/decisions/0286-metrics-cost-on-the-request.md): a series
  // shows from its first answer on, as when each answer incremented the counter.
  collect() {
    this.reset();
    for (const answer of Object.keys(cacheAnswerCounts) as CachedAnswerKind[])
      for (const result of ['hit', 'miss'] as const) {
        const n = cacheAnswerCounts[answer][result];
        if (n > 0) this.inc({ answer, result }, n);
      }
  },
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
