#!/usr/bin/env node
// Soak: mixed traffic from all four sides against the real server (a child process on its own
// data) with live subscribers, for --minutes (10 by default). Reports the error rate (budget 0),
// the server's memory growth, and event delivery completeness: every status change the bench
// makes must reach the order's own subscriber and the restaurant's.
//
//   node bench/soak.mjs [--minutes 10] [--journeys 4] [--db pglite|postgres] [--quick] [--no-record] [--json]
//
// The server runs as `npm start` runs it (scripts/start.mjs: the bundled server with its memory
// settings, the web app built first when stale), so the RSS is what a new user's server holds; it
// logs process.memoryUsage() every 5 s (MEMORY_LOG), reported first minute against last minute.
// Under bench/run.mjs (--json) it prints only the RESULT line (lib/perf.mjs) and records nothing
// itself; --quick runs 1 minute.
//
// Visitors and a customer browse, search and order; the partner accepts, prepares, readies and
// hands over (waiting out the 2-second guard); the driver takes the job, checks the customer's
// code, uploads a proof photo and completes; customers rate; admins read their queues. PGlite by
// default; a fresh database on DATABASE_URL's server when set. Not part of CI.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import {
  ROOT,
  call,
  freePort,
  freshDatabase,
  openDemoBranch,
  rssKb,
  servingPid,
  signIn,
  startServer,
  subscribe,
} from './lib/harness.mjs';
import { figure, printResult } from './lib/perf.mjs';

const { values: opts } = parseArgs({
  options: {
    minutes: { type: 'string' },
    journeys: { type: 'string', default: '4' },
    'no-record': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    db: { type: 'string' },
  },
});
const MINUTES = Number(opts.minutes ?? (opts.quick ? 1 : 10));
const JOURNEYS = Number(opts.journeys);
const say = (...a) => (opts.json ? undefined : console.log(...a));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// The server refuses a partner's second action on an order within 2 seconds of the last change.
const GUARD_MS = 2150;

const dataDir = mkdtempSync(path.join(tmpdir(), 'halalnosh-soak-'));
const port = await freePort();
// --db pglite|postgres; without it, PostgreSQL when DATABASE_URL is set (its server; a fresh database on it).
const pgServer = process.env.DATABASE_URL || process.env.PG_URL || 'postgres://postgres@127.0.0.1:5432';
const onPostgres = opts.db ? opts.db === 'postgres' : Boolean(process.env.DATABASE_URL);
const db = onPostgres ? await freshDatabase(pgServer, 'halalnosh_soak') : null;
const kind = db ? 'PostgreSQL' : 'PGlite';
// MEMORY_LOG=<file> keeps the log after the run (it goes with the data folder otherwise).
const memoryLog = process.env.MEMORY_LOG || path.join(dataDir, 'memory.jsonl');
const server = await startServer({
  port,
  npmStart: true,
  // A first start may build the web app and bundle the server.
  timeoutMs: 600_000,
  env: {
    MEMORY_LOG: memoryLog,
    DATA_DIR: dataDir,
    DEMO: '1',
    DATABASE_URL: db ? db.url : '',
    AUTH_SECRET: 'soak-bench-secret-0123456789abcdef0123',
    ORDER_LIMIT_PER_IP: '10000000',
    ORDER_LIMIT_PER_ACCOUNT: '10000000',
    REVIEW_LIMIT_PER_IP: '10000000',
    REVIEW_LIMIT_PER_ACCOUNT: '10000000',
    UPLOAD_LIMIT_PER_IP: '10000000',
    UPLOAD_LIMIT_PER_ACCOUNT: '10000000',
    SIGN_IN_LIMIT_PER_MINUTE: '100000',
  },
});
const base = server.base;
const pid = await servingPid(server.pid);

const stats = { requests: 0, errors: 0, bySide: {}, errorSamples: [], latencies: [] };
const streams = { opened: 0, orderExpected: 0, orderReceived: 0, siteExpected: 0, siteReceived: 0, missing: [] };
let ordersCompleted = 0;

/** One API call, counted; `ok` lists the statuses this step expects (anything else is an error). */
async function step(side, method, url, { body, cookie, headers, ok = [200, 201] } = {}) {
  const started = performance.now();
  let res;
  try {
    res = await call(base, method, url, { body, cookie, headers });
  } catch (err) {
    res = { status: 0, text: String(err) };
  }
  stats.requests++;
  stats.latencies.push(performance.now() - started);
  stats.bySide[side] = (stats.bySide[side] ?? 0) + 1;
  if (!ok.includes(res.status)) {
    stats.errors++;
    if (stats.errorSamples.length < 20)
      stats.errorSamples.push(`${side} ${method} ${url}: ${res.status} ${String(res.text).slice(0, 160)}`);
    throw new Error(`${method} ${url} ${res.status}`);
  }
  return res.json;
}

const proofJpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a7' } })
  .jpeg()
  .toBuffer();
async function uploadProof(cookie) {
  const boundary = `----soak${randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="proof.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    proofJpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const started = performance.now();
  const res = await fetch(`${base}/api/uploads?purpose=proof_of_delivery`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  stats.requests++;
  stats.latencies.push(performance.now() - started);
  stats.bySide.driver = (stats.bySide.driver ?? 0) + 1;
  if (res.status !== 201) {
    stats.errors++;
    stats.errorSamples.push(`driver upload: ${res.status} ${(await res.text()).slice(0, 160)}`);
    throw new Error('upload');
  }
  return (await res.json()).id;
}

const branch = await openDemoBranch(base);
const partner = branch.partner;
const driver = await signIn(base, 'driver@halalnosh.test');
const customer = await signIn(base, 'customer@halalnosh.test');
const admin = await signIn(base, 'admin@halalnosh.test');
const ops = await signIn(base, 'ops@halalnosh.test');
await step('driver', 'PATCH', '/api/driver/availability', { cookie: driver, body: { isOnline: true } });
await step('driver', 'PATCH', '/api/driver/postcode', { cookie: driver, body: { postcode: branch.postcode } });

// Long-lived subscribers: the restaurant, the driver's area and the back office.
const siteStream = await subscribe(base, `/api/events?topics=site:${branch.site.id}`, { cookie: partner });
const area = branch.postcode.match(/^[A-Z]{1,2}/i)[0].toUpperCase();
const jobsStream = await subscribe(base, `/api/events?topics=jobs:${area}`, { cookie: driver });
const adminStream = await subscribe(base, '/api/events?topics=admin', { cookie: admin });
for (const s of [siteStream, jobsStream, adminStream])
  if (s.status !== 200) throw new Error(`subscription refused: ${s.status}`);
streams.opened += 3;

const loadStartedAt = Date.now();
const endAt = loadStartedAt + MINUTES * 60_000;
const rss = [];
const sampler = setInterval(async () => rss.push({ at: Date.now(), kb: await rssKb(pid) }), 5000);
rss.push({ at: Date.now(), kb: await rssKb(pid) });

/** One order from placement to its end, with its own subscriber; counts the events it should see. */
async function journey(n) {
  const delivery = n % 3 !== 2;
  const signedIn = n % 5 === 0;
  const items = branch.items
    .slice(0, 1 + (n % branch.items.length))
    .map((item, i) => ({ menuItemId: item.id, quantity: 1 + ((n + i) % 2) }));
  const body = {
    siteId: branch.site.id,
    orderType: delivery ? 'DELIVERY' : 'PICKUP',
    items,
    customerName: `Soak ${n}`,
    customerPhone: '07700 900123',
    ...(delivery
      ? {
          deliveryAddress: `${n} Soak Street`,
          deliveryPostcode: branch.postcode,
          deliveryInstructions: 'Leave at the door',
        }
      : {}),
  };
  const placed = await step('customer', 'POST', '/api/orders', {
    body,
    cookie: signedIn ? customer : undefined,
    headers: { 'idempotency-key': `soak-${randomUUID()}` },
  });
  const order = placed.order;
  const token = placed.orderToken;
  const viewHeaders = token ? { 'x-order-token': token } : {};
  const viewer = signedIn ? { cookie: customer } : { headers: viewHeaders };
  const orderStream = await subscribe(
    base,
    `/api/events?topics=order:${order.id}${token ? `&orderToken=${encodeURIComponent(token)}` : ''}`,
    signedIn ? { cookie: customer } : {},
  );
  if (orderStream.status !== 200) throw new Error(`order subscription refused: ${orderStream.status}`);
  streams.opened++;
  const changes = [];
  const act = async (action, extra = {}) => {
    const res = await step('partner', 'POST', `/api/partner/orders/${order.id}/actions`, {
      cookie: partner,
      body: { action, ...extra },
    });
    changes.push(res.order.status);
  };
  try {
    await sleep(GUARD_MS);
    await act('accept', { prepTimeMinutes: 15 });
    let jobId = null;
    if (delivery) {
      const board = await step('driver', 'GET', '/api/driver/jobs?limit=50', { cookie: driver });
      jobId =
        [...board.jobs, ...board.activeJobs].find((j) => j.orderId === order.id)?.id ??
        board.jobs.find((j) => j.orderNumber === order.orderNumber)?.id;
      if (!jobId) throw new Error(`job of ${order.orderNumber} not on the board`);
      const accepted = await step('driver', 'POST', `/api/driver/jobs/${jobId}/accept`, { cookie: driver });
      changes.push('DRIVER_ASSIGNED');
      await step('driver', 'POST', `/api/driver/jobs/${jobId}/arrival`, { cookie: driver, body: { at: 'pickup' } });
      await sleep(GUARD_MS);
      await act('start_preparing');
      await step('customer', 'GET', `/api/orders/${order.orderNumber}`, viewer);
      await sleep(GUARD_MS);
      await act('mark_ready');
      await sleep(GUARD_MS);
      const handed = await step('partner', 'POST', `/api/partner/orders/${order.id}/hand-over`, {
        cookie: partner,
        body: { pickupCode: accepted.job.pickupCode },
      });
      changes.push(handed.order.status);
      const seen = await step('customer', 'GET', `/api/orders/${order.orderNumber}`, viewer);
      await step('driver', 'POST', `/api/driver/jobs/${jobId}/arrival`, { cookie: driver, body: { at: 'delivery' } });
      await step('driver', 'POST', `/api/driver/jobs/${jobId}/verify-code`, {
        cookie: driver,
        body: { code: seen.order.deliveryCode },
      });
      const proof = await uploadProof(driver);
      await step('driver', 'POST', `/api/driver/jobs/${jobId}/complete`, {
        cookie: driver,
        body: { code: seen.order.deliveryCode, proofUploadId: proof },
      });
      changes.push('DELIVERED');
    } else {
      for (const action of ['start_preparing', 'mark_ready', 'mark_collected']) {
        await sleep(GUARD_MS);
        await act(action);
      }
    }
    await step('customer', 'POST', `/api/orders/${order.orderNumber}/rating`, {
      ...viewer,
      // No tip: it is cash handed over at the door, never taken by the app (docs/decisions/0201-tips-in-cash-at-the-door.md).
      body: { rating: 5, tipMinor: 0, comment: 'Soak test' },
    });
    ordersCompleted++;
  } finally {
    await sleep(1500);
    const statusEvents = orderStream.events.filter((e) => e.type === 'order.status').map((e) => e.data.status);
    streams.orderExpected += changes.length;
    streams.orderReceived += changes.filter((s) => statusEvents.includes(s)).length;
    const siteEvents = siteStream.events
      .filter((e) => e.type === 'order.status' && e.data.orderId === order.id)
      .map((e) => e.data.status);
    streams.siteExpected += changes.length + 1;
    streams.siteReceived +=
      changes.filter((s) => siteEvents.includes(s)).length +
      (siteStream.events.some((e) => e.type === 'order.created' && e.data.orderId === order.id) ? 1 : 0);
    for (const s of changes)
      if (!statusEvents.includes(s) && streams.missing.length < 20)
        streams.missing.push(`${order.orderNumber} ${s} (order stream)`);
    orderStream.close();
  }
}

/** Browsing visitors and customers, partners reading their console, admins reading their queues. */
async function browse(i) {
  const pages = [
    ['visitor', 'GET', '/api/cities'],
    ['visitor', 'GET', '/api/restaurants/search?location=London'],
    ['visitor', 'GET', `/api/restaurants/search?location=${encodeURIComponent(branch.postcode)}&filters=open`],
    ['visitor', 'GET', `/api/restaurants/${branch.site.slug}`],
    ['visitor', 'GET', `/api/restaurants/${branch.site.id}/reviews`],
    ['customer', 'GET', '/api/account/orders', customer],
    ['customer', 'GET', '/api/me', customer],
    ['partner', 'GET', '/api/partner/dashboard', partner],
    ['partner', 'GET', `/api/partner/sites/${branch.site.id}/orders`, partner],
    ['driver', 'GET', '/api/driver/earnings', driver],
    ['admin', 'GET', '/api/admin/overview', admin],
    ['admin', 'GET', '/api/admin/tickets', admin],
    ['admin', 'GET', '/api/admin/jobs', ops],
    ['admin', 'GET', '/api/admin/reports', admin],
  ];
  const [side, method, url, cookie] = pages[i % pages.length];
  await step(side, method, url, { cookie });
  if (i % 40 === 7)
    await step('customer', 'PUT', `/api/restaurants/${branch.site.id}/reviews/mine`, {
      cookie: customer,
      body: { rating: 4, comment: `Soak review ${i}` },
    });
}

let n = 0;
const journeyLoops = Array.from({ length: JOURNEYS }, async () => {
  while (Date.now() < endAt) await journey(n++).catch(() => undefined);
});
const browseLoops = Array.from({ length: 2 }, async (_, k) => {
  let i = k;
  while (Date.now() < endAt) {
    await browse(i++).catch(() => undefined);
    await sleep(100);
  }
});
await Promise.all([...journeyLoops, ...browseLoops]);
clearInterval(sampler);
rss.push({ at: Date.now(), kb: await rssKb(pid) });
const memory = existsSync(memoryLog)
  ? readFileSync(memoryLog, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((m) => m.at >= loadStartedAt)
  : [];
for (const s of [siteStream, jobsStream, adminStream]) s.close();
await server.kill('SIGTERM');
if (db) await db.drop().catch(() => undefined);
rmSync(dataDir, { recursive: true, force: true });

const sorted = [...stats.latencies].sort((a, b) => a - b);
const pct = (p) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
// Memory growth: the last minute's average against the first minute's (after 10 s of warm-up).
const avgKb = (rows) => (rows.length ? Math.round(rows.reduce((s, r) => s + r.kb, 0) / rows.length) : null);
const sampled = rss.filter((r) => r.kb);
const firstKb = avgKb(sampled.filter((r) => r.at >= loadStartedAt + 10_000 && r.at < loadStartedAt + 60_000));
const lastKb = avgKb(sampled.filter((r) => r.at >= endAt - 60_000));
// process.memoryUsage() in MB, averaged over the first and the last minute of load.
const MB = (b) => Math.round(b / 104857.6) / 10;
const averaged = (rows) =>
  rows.length
    ? Object.fromEntries(
        ['rss', 'heapTotal', 'heapUsed', 'external', 'arrayBuffers'].map((k) => [
          k,
          MB(rows.reduce((s, m) => s + m[k], 0) / rows.length),
        ]),
      )
    : null;
const summary = {
  database: kind,
  minutes: MINUTES,
  requests: stats.requests,
  errors: stats.errors,
  errorRate: stats.requests ? stats.errors / stats.requests : 0,
  bySide: stats.bySide,
  ordersCompleted,
  p50Ms: pct(50),
  p95Ms: pct(95),
  rssStartMb: firstKb && Math.round(firstKb / 102.4) / 10,
  rssEndMb: lastKb && Math.round(lastKb / 102.4) / 10,
  rssMaxMb: Math.round(Math.max(...rss.map((r) => r.kb ?? 0)) / 102.4) / 10,
  memoryFirstMinute: averaged(memory.filter((m) => m.at < loadStartedAt + 60_000)),
  memoryLastMinute: averaged(memory.filter((m) => m.at >= endAt - 60_000)),
  events: {
    subscribers: streams.opened,
    orderStream: `${streams.orderReceived}/${streams.orderExpected}`,
    siteStream: `${streams.siteReceived}/${streams.siteExpected}`,
    jobsStreamEvents: jobsStream.events.length,
    adminStreamEvents: adminStream.events.length,
  },
  complete: streams.orderReceived === streams.orderExpected && streams.siteReceived === streams.siteExpected,
  errorSamples: stats.errorSamples,
  missing: streams.missing,
};

const db_ = kind === 'PGlite' ? 'pglite' : 'pg';
const RSS_BUDGET_MB = 350;
const figures = [
  figure(
    `soak-rss-${db_}`,
    `Server RSS on ${kind} after a ${MINUTES}-minute soak (mixed traffic, npm start), last minute's average`,
    `${summary.rssEndMb} MB (first minute ${summary.rssStartMb} MB, max ${summary.rssMaxMb} MB)`,
    `< ${RSS_BUDGET_MB} MB after 10 min`,
    summary.rssEndMb !== null && summary.rssEndMb < RSS_BUDGET_MB,
  ),
  figure(
    `soak-errors-${db_}`,
    `Soak on ${kind}: unexpected statuses, and status events delivered to order and restaurant streams`,
    `${summary.errors} of ${summary.requests} requests (${(summary.errorRate * 100).toFixed(2)}%); events ${summary.events.orderStream}, ${summary.events.siteStream}`,
    '0 errors, every event delivered',
    summary.errors === 0 && summary.complete,
  ),
];

if (!opts['no-record'] && !opts.json && !opts.quick) {
  const file = path.join(ROOT, 'bench', 'results.md');
  let text = existsSync(file)
    ? readFileSync(file, 'utf8')
    : '# Bench results\n\nThe latest run of each bench script (see bench/README.md).\n';
  const title = `## Soak (${kind})`;
  const section = [
    title,
    '',
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC for **${MINUTES} minute${MINUTES === 1 ? '' : 's'}**, \`node bench/soak.mjs --minutes ${MINUTES} --journeys ${JOURNEYS}\`${db ? ' with DATABASE_URL' : ''}, on a shared 2-core machine.`,
    '',
    '| requests | errors (budget 0) | orders through to the end | p50 / p95 | server RSS first min → last min (max) | status events delivered: order stream | restaurant stream | subscribers |',
    '|---|---|---|---|---|---|---|---|',
    `| ${summary.requests} | ${summary.errors} | ${summary.ordersCompleted} | ${summary.p50Ms} / ${summary.p95Ms} ms | ${summary.rssStartMb} → ${summary.rssEndMb} MB (${summary.rssMaxMb}) | ${summary.events.orderStream} | ${summary.events.siteStream} | ${summary.events.subscribers} |`,
    '',
  ].join('\n');
  const start = text.indexOf(title);
  if (start >= 0) {
    const next = text.indexOf('\n## ', start + title.length);
    text = text.slice(0, start) + section + (next >= 0 ? text.slice(next + 1) : '');
  } else text = `${text.trimEnd()}\n\n${section}`;
  writeFileSync(file, text);
}

if (!opts.json) {
  say(
    `soak on ${kind} for ${MINUTES} min: ${summary.requests} requests, ${summary.errors} errors, ${summary.ordersCompleted} orders completed`,
  );
  say(
    `latency p50 ${summary.p50Ms} ms, p95 ${summary.p95Ms} ms; server RSS ${summary.rssStartMb} -> ${summary.rssEndMb} MB (max ${summary.rssMaxMb})`,
  );
  say(
    `events: order streams ${summary.events.orderStream}, restaurant stream ${summary.events.siteStream}, ${summary.events.subscribers} subscribers`,
  );
  for (const e of summary.errorSamples) say(`  error: ${e}`);
  for (const m of summary.missing) say(`  missing: ${m}`);
  for (const [label, m] of [
    ['first minute', summary.memoryFirstMinute],
    ['last minute', summary.memoryLastMinute],
  ])
    if (m)
      say(
        `memoryUsage ${label}: rss ${m.rss}, heapTotal ${m.heapTotal}, heapUsed ${m.heapUsed}, external ${m.external}, arrayBuffers ${m.arrayBuffers} MB`,
      );
}
// The RESULT line (bench/run.mjs); exit 0 whether or not a budget was met, as the protocol asks.
printResult(figures, opts);
process.exit(0);
