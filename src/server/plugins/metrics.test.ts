import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Shop, deliveryBody, place, seedShop } from '../modules/orders/test-fixtures';
import { runOutboxOnce } from '../platform/notify/outbox-worker';
import { startSweeper } from '../platform/sweeper';
import { openStream } from '../test/sse-client';
import { type TestApp, createTestApp, createUser, signIn } from '../test/test-app';
import { UNMATCHED_ROUTE } from './metrics';

const TOKEN = 'metrics-token-0123456789abcdef0123456789abcdef';

/** Each metric family of an exposition text: its TYPE and its samples (name with labels, value). */
function parseExposition(text: string) {
  const types = new Map<string, string>();
  const samples: { name: string; labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) types.set(type[1], type[2]);
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not an exposition line: ${line}`);
    const labels = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]),
    );
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  const value = (name: string, labels: Record<string, string> = {}) =>
    samples
      .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
      .reduce((sum, s) => sum + s.value, 0);
  const has = (name: string, labels: Record<string, string> = {}) =>
    samples.some((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return { types, samples, value, has };
}

/** Ours and the process's: every name the dashboard and the alerts may use, with its type. */
const EXPECTED_TYPES: Record<string, string> = {
  halalnosh_http_request_duration_seconds: 'histogram',
  halalnosh_event_streams_open: 'gauge',
  halalnosh_outbox_due: 'gauge',
  halalnosh_outbox_oldest_due_age_seconds: 'gauge',
  halalnosh_outbox_sent_total: 'counter',
  halalnosh_outbox_failed_total: 'counter',
  halalnosh_sweeper_last_run_timestamp_seconds: 'gauge',
  halalnosh_sweeper_lag_seconds: 'gauge',
  halalnosh_sweeper_interval_seconds: 'gauge',
  halalnosh_recent_orders: 'gauge',
  halalnosh_order_placement_duration_seconds: 'histogram',
  halalnosh_db_query_duration_seconds: 'histogram',
  halalnosh_db_pool_connections: 'gauge',
  halalnosh_db_pool_waiting: 'gauge',
  halalnosh_metrics_database_up: 'gauge',
  halalnosh_response_cache_requests_total: 'counter',
  process_resident_memory_bytes: 'gauge',
  nodejs_heap_size_used_bytes: 'gauge',
  nodejs_eventloop_lag_p99_seconds: 'gauge',
};

const scrape = (t: TestApp, authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('the metrics endpoint is off unless configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers GET /metrics with 404 and listens on no port of its own by default', async () => {
    const res = await scrape(t, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('halalnosh_');
    expect(t.app.metricsAddress()).toBeNull();
  });
});

describe('the metrics endpoint behind METRICS_TOKEN, after a marketplace journey', () => {
  let t: TestApp;
  let shop: Shop;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ metrics: { port: null, host: '127.0.0.1', token: TOKEN } });
    shop = await seedShop(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t.close());

  it('refuses a scrape without the token or with another one (401)', async () => {
    for (const header of [
      undefined,
      'Bearer wrong-token',
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
    ]) {
      const res = await scrape(t, header);
      expect(res.statusCode, String(header)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('halalnosh_');
    }
  });

  it('labels each answer by its route pattern, method and status class, and never measures a scrape', async () => {
    const count = (m: ReturnType<typeof parseExposition>, labels: Record<string, string>) =>
      m.value('halalnosh_http_request_duration_seconds_count', labels);
    const cities = (method: string) => ({ route: '/api/cities', method, status_class: '2xx' });
    const city = { route: '/api/cities/:slug', method: 'GET', status_class: '4xx' };
    const before = parseExposition((await scrape(t, `Bearer ${TOKEN}`)).body);
    const list = await t.app.inject({ method: 'GET', url: '/api/cities' });
    expect(list.statusCode, list.body).toBe(200);
    // HEAD on a GET route: the route's pattern, with HEAD as its method.
    const head = await t.app.inject({ method: 'HEAD', url: '/api/cities' });
    expect(head.statusCode).toBe(200);
    // A matched route that answers 404 is its pattern with 4xx, not "unmatched".
    const unknown = await t.app.inject({ method: 'GET', url: '/api/cities/no-such-city' });
    expect(unknown.statusCode, unknown.body).toBe(404);
    const after = parseExposition((await scrape(t, `Bearer ${TOKEN}`)).body);
    expect(count(after, cities('GET')) - count(before, cities('GET'))).toBe(1);
    expect(count(after, cities('HEAD')) - count(before, cities('HEAD'))).toBe(1);
    expect(count(after, city) - count(before, city)).toBe(1);
    expect(after.value('halalnosh_http_request_duration_seconds_sum', cities('GET'))).toBeGreaterThan(0);
    expect(after.has('halalnosh_http_request_duration_seconds_count', { route: '/metrics' })).toBe(false);
    expect(after.has('halalnosh_http_request_duration_seconds_count', { route: '/api/cities/no-such-city' })).toBe(
      false,
    );
  });

  it('exposes every metric with its type, and counts the search, the order, the outbox and a stream', async () => {
    const search = await t.app.inject({ method: 'GET', url: '/api/restaurants/search?location=London' });
    expect(search.statusCode, search.body).toBe(200);
    // The same search again, before anything changes the catalog: answered from the response cache.
    const again = await t.app.inject({ method: 'GET', url: '/api/restaurants/search?location=London' });
    expect(again.statusCode, again.body).toBe(200);
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-thing/12345' });
    expect(missing.statusCode).toBe(404);
    const placed = await place(t, deliveryBody(shop));
    expect(placed.statusCode, placed.body).toBe(201);

    const customerId = await createUser(t, {
      email: 'maryam.metrics@example.com',
      userType: 'customer',
      status: 'active',
      name: 'Maryam Begum',
    });
    const cookie = await signIn(t, 'maryam.metrics@example.com');
    const stream = await openStream(base, `/api/events?topics=user:${customerId}`, cookie);
    expect(stream.status).toBe(200);

    let swept = 0;
    const stopSweeper = startSweeper({
      name: 'metrics-test',
      intervalMs: 60_000,
      firstPassAfterMs: 0,
      pass: async () => (swept += 1),
      log: { error: () => undefined },
    });

    // The order's notifications wait in the outbox until a worker sends them.
    const before = parseExposition((await scrape(t, `Bearer ${TOKEN}`)).body);
    expect(before.value('halalnosh_metrics_database_up')).toBe(1);
    expect(before.value('halalnosh_outbox_due')).toBeGreaterThanOrEqual(1);
    expect(before.value('halalnosh_outbox_oldest_due_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(before.value('halalnosh_recent_orders', { status: 'PENDING' })).toBe(1);
    expect(before.value('halalnosh_recent_orders', { status: 'DELIVERED' })).toBe(0);
    expect(before.value('halalnosh_event_streams_open')).toBe(1);

    const pass = await runOutboxOnce({
      db: t.database.db,
      senders: {
        email: { channel: 'email', send: async () => ({ ok: true }) },
        push: { channel: 'push', send: async () => ({ ok: false, retry: false, error: 'subscription gone' }) },
        sms: { channel: 'sms', send: async () => ({ ok: true }) },
      },
    });
    expect(pass.claimed).toBeGreaterThanOrEqual(1);
    await vi.waitFor(() => expect(swept).toBe(1), { timeout: 10_000 });
    stream.close();

    const res = await scrape(t, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const m = parseExposition(res.body);
    for (const [name, type] of Object.entries(EXPECTED_TYPES)) expect(m.types.get(name), name).toBe(type);

    expect(m.value('halalnosh_outbox_due')).toBe(0);
    const sent = m.value('halalnosh_outbox_sent_total');
    const failed = m.value('halalnosh_outbox_failed_total');
    expect(sent + failed).toBe(pass.sent + pass.failed);
    expect(sent).toBe(pass.sent);
    for (const channel of ['email', 'sms', 'push'])
      expect(m.has('halalnosh_outbox_sent_total', { channel })).toBe(true);

    const search200 = {
      route: '/api/restaurants/search',
      method: 'GET',
      status_class: '2xx',
    };
    expect(m.value('halalnosh_http_request_duration_seconds_count', search200)).toBe(2);
    expect(m.value('halalnosh_response_cache_requests_total', { answer: 'search', result: 'miss' })).toBe(1);
    expect(m.value('halalnosh_response_cache_requests_total', { answer: 'search', result: 'hit' })).toBe(1);
    expect(
      m.value('halalnosh_http_request_duration_seconds_count', {
        route: '/api/orders',
        method: 'POST',
        status_class: '2xx',
      }),
    ).toBe(1);
    expect(
      m.value('halalnosh_http_request_duration_seconds_count', { route: UNMATCHED_ROUTE, status_class: '4xx' }),
    ).toBeGreaterThanOrEqual(1);
    // Never the address: no query string, no order number, no id in a label.
    expect(res.body).not.toContain('location=');
    expect(res.body).not.toContain('no-such-thing');
    expect(res.body).not.toContain(customerId);

    expect(m.value('halalnosh_order_placement_duration_seconds_count')).toBe(1);
    expect(m.value('halalnosh_order_placement_duration_seconds_sum')).toBeGreaterThan(0);
    expect(m.value('halalnosh_db_query_duration_seconds_count')).toBeGreaterThan(0);
    expect(m.value('halalnosh_sweeper_interval_seconds', { sweeper: 'metrics-test' })).toBe(60);
    expect(m.value('halalnosh_sweeper_last_run_timestamp_seconds', { sweeper: 'metrics-test' })).toBeGreaterThan(
      Date.now() / 1000 - 60,
    );
    expect(m.value('halalnosh_sweeper_lag_seconds', { sweeper: 'metrics-test' })).toBeLessThan(60);
    if (t.database.kind === 'postgres') {
      expect(m.value('halalnosh_db_pool_connections', { state: 'max' })).toBeGreaterThan(0);
    }
    await stopSweeper();
    await vi.waitFor(
      async () =>
        expect(parseExposition((await scrape(t, `Bearer ${TOKEN}`)).body).value('halalnosh_event_streams_open')).toBe(
          0,
        ),
      { timeout: 10_000 },
    );
  });

  it('answers a scrape while the database is held up, with the last figures and database_up 0', async () => {
    const good = parseExposition((await scrape(t, `Bearer ${TOKEN}`)).body);
    expect(good.value('halalnosh_metrics_database_up')).toBe(1);
    // Another session holds the orders table (PostgreSQL) or the one connection (PGlite) for 4 s.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const taken = new Promise<void>((resolve) => (holding = resolve));
    const holder = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table orders in access exclusive mode`);
      holding();
      await Promise.race([held, new Promise((resolve) => setTimeout(resolve, 4000))]);
    });
    await taken;
    const started = Date.now();
    const res = await scrape(t, `Bearer ${TOKEN}`);
    const tookMs = Date.now() - started;
    release();
    await holder;
    expect(res.statusCode).toBe(200);
    expect(tookMs).toBeLessThan(3500);
    const m = parseExposition(res.body);
    expect(m.value('halalnosh_metrics_database_up')).toBe(0);
    expect(m.value('halalnosh_recent_orders', { status: 'PENDING' })).toBe(
      good.value('halalnosh_recent_orders', { status: 'PENDING' }),
    );
    await vi.waitFor(
      async () =>
        expect(parseExposition((await scrape(t, `Bearer ${TOKEN}`)).body).value('halalnosh_metrics_database_up')).toBe(
          1,
        ),
      { timeout: 10_000 },
    );
  });

  it('the alert rules and the dashboard use only metric names the endpoint exposes', async () => {
    const exposed = new Set(parseExposition((await scrape(t, `Bearer ${TOKEN}`)).body).types.keys());
    const familyOf = (name: string) => name.replace(/_(bucket|count|sum)$/, '');
    const namesIn = (text: string) =>
      new Set([...text.matchAll(/\b((?:halalnosh|process|nodejs)_[a-z0-9_]+)\b/g)].map((m) => m[1]));
    const alerts = readFileSync('deploy/prometheus/alerts.yml', 'utf8');
    const dashboard = JSON.parse(readFileSync('deploy/grafana/halalnosh.json', 'utf8')) as {
      panels: { title: string; targets?: { expr: string }[] }[];
    };
    const dashboardExprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((q) => q.expr)).join('\n');
    const alertNames = [...alerts.matchAll(/^\s*- alert: (\w+)$/gm)].map((a) => a[1]);
    expect(alertNames).toEqual(
      expect.arrayContaining(['OutboxStuck', 'SweeperStalled', 'HighErrorRate', 'HighP99Latency']),
    );
    for (const [where, text] of [
      ['alerts.yml', alerts],
      ['halalnosh.json', dashboardExprs],
    ] as const) {
      const used = namesIn(text);
      expect(used.size, where).toBeGreaterThan(0);
      for (const name of used) expect(exposed.has(familyOf(name)) || exposed.has(name), `${where}: ${name}`).toBe(true);
    }
    // A series with a _bucket suffix only on histograms, _total only on counters.
    for (const name of namesIn(alerts + dashboardExprs)) {
      if (name.endsWith('_bucket')) expect(exposed.has(familyOf(name)) && familyOf(name) !== name).toBe(true);
    }
    for (const panel of ['Orders by status', 'Order placement latency', 'Outbox due and oldest age', 'Sweeper lag'])
      expect(dashboard.panels.map((p) => p.title)).toContain(panel);
  });
});

describe('the metrics endpoint on METRICS_PORT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ metrics: { port: 0, host: '127.0.0.1', token: null } });
  });
  afterAll(async () => t.close());

  it('serves /metrics on its own listener only, not on the app port', async () => {
    const address = t.app.metricsAddress();
    expect(address).not.toBeNull();
    const res = await fetch(`http://127.0.0.1:${address!.port}/metrics`);
    expect(res.status).toBe(200);
    const m = parseExposition(await res.text());
    expect(m.types.get('halalnosh_http_request_duration_seconds')).toBe('histogram');
    expect((await fetch(`http://127.0.0.1:${address!.port}/`)).status).toBe(404);
    expect((await scrape(t)).statusCode).toBe(404);
  });
});

describe('the metrics endpoint on METRICS_PORT with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ metrics: { port: 0, host: '127.0.0.1', token: TOKEN } });
  });
  afterAll(async () => t.close());

  it('asks the token on its own listener too', async () => {
    const url = `http://127.0.0.1:${t.app.metricsAddress()!.port}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });
});
