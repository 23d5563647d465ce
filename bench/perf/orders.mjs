#!/usr/bin/env node
// Performance budget, item 3 of bench/README.md: placing orders. On a fresh PostgreSQL database (a database created on PG_URL,
// DATABASE_URL or the machine's local server), orders are placed on the demo branch, each request
// with its own Idempotency-Key and a valid basket: delivery and pickup, visitors and the signed-in
// demo customer.
// Afterwards the database must hold exactly the acknowledged orders (no more, no less), each as
// the server acknowledged it and priced by the server: every line at the menu's price, total =
// items + delivery fee.
//
//   node bench/perf/orders.mjs [--db postgres|pglite] [--seconds 30] [--rate N] [--connections 32] [--quick] [--json] [--verbose]
//
// Two measurements, after a 5 s warm-up at the budget's rate:
// - at the budget's rate: orders arrive at a steady 500/s (150/s with `--db pglite`) for `--seconds`,
//   one every 1/rate s whatever the answers do (an open loop, as customers arrive; up to 256
//   keep-alive connections), and each latency counts from the moment its order was due, so a
//   stall is not hidden by the requests it held back. Budget: every due order sent and the rate
//   achieved, p99 < 150 ms (docs/decisions/0183-order-placement-cpu.md).
// - then capacity: `--connections` clients back to back for 15 s (a closed loop, autocannon), the most
//   orders/s the server gives; reported. Its latency is connections / rate by construction.
// With `--db pglite` the server runs on the embedded database in a fresh data folder; the database
// is checked by opening that folder once the server has stopped, and the CPU per order is the
// server's alone (PGlite runs inside it). The server is a child
// process of its own (harness.startServer); the abuse limits are lifted for it, being one client
// (the limits are still counted on every request).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import autocannon from 'autocannon';
import pg from 'pg';
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshDatabase, openDemoBranch, servingPid, signIn } from '../lib/harness.mjs';
import { PG_SERVER, benchArgs, figure, fmtMs, fmtRate, printResult, say, startBenchServer } from '../lib/perf.mjs';

const opts = benchArgs({
  seconds: { type: 'string' },
  connections: { type: 'string', default: '32' },
  rate: { type: 'string' },
  db: { type: 'string', default: 'postgres' },
});
const ON_PGLITE = opts.db === 'pglite';
const SECONDS = Number(opts.seconds ?? (opts.quick ? 8 : 30));
const WARMUP_SECONDS = opts.quick ? 2 : 5;
const CONNECTIONS = Number(opts.connections);
const BUDGET_RATE = ON_PGLITE ? 150 : 500;
const BUDGET_P99_MS = 150;
const RATE = Number(opts.rate ?? BUDGET_RATE);
const CAPACITY_SECONDS = opts.quick ? 5 : 15;
const KEY_PREFIX = `bench-orders-${randomUUID().slice(0, 8)}-`;

const db = ON_PGLITE ? null : await freshDatabase(PG_SERVER, 'halalnosh_bench_orders');
const dataDir = ON_PGLITE ? mkdtempSync(path.join(tmpdir(), 'halalnosh-perf-orders-')) : null;

/** A client of the bench's database: the PostgreSQL database, or the PGlite folder (server stopped). */
async function openDatabase() {
  if (!ON_PGLITE) {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    return client;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const lite = new PGlite(path.join(dataDir, 'pglite'));
  await lite.waitReady;
  return { query: (text, params) => lite.query(text, params), end: () => lite.close() };
}
let server = null;

/** key -> what was sent; key -> what the server acknowledged (201). */
const sent = new Map();
const acknowledged = new Map();
const answered = new Set();
const statuses = new Map();
let n = 0;
let replayed = 0;

function basket(branch, i) {
  // One to three different items, one to three of each: a valid basket that varies.
  const lines = branch.items
    .slice(0, 1 + (i % branch.items.length))
    .map((item, j) => ({ menuItemId: item.id, quantity: 1 + ((i + j) % 3) }));
  const delivery = i % 2 === 0;
  return {
    siteId: branch.site.id,
    orderType: delivery ? 'DELIVERY' : 'PICKUP',
    items: lines,
    customerName: `Bench Customer ${i}`,
    customerPhone: '07700 900123',
    ...(delivery ? { deliveryAddress: `${1 + (i % 200)} Bench Street`, deliveryPostcode: branch.postcode } : {}),
  };
}

function acknowledge(key, body) {
  const { order } = JSON.parse(body);
  acknowledged.set(key, { orderNumber: order.orderNumber, totalMinor: order.totalMinor });
}

/**
 * autocannon stops at the end of its duration without reading the answers still in flight: those
 * requests may or may not have placed their order. Like a browser, retry each with its key: the
 * first time it places the order (201), a replay answers with the one already placed (200).
 */
async function settleInFlight(base, customerCookie) {
  for (const [key, { body, signedIn }] of sent) {
    if (answered.has(key)) continue;
    const res = await fetch(`${base}/api/orders`, {
      method: 'POST',
      headers: orderHeaders(base, key, signedIn, customerCookie),
      body: JSON.stringify(body),
    });
    const text = await res.text();
    answered.add(key);
    if (res.status === 200 || res.status === 201) {
      acknowledge(key, text);
      replayed++;
    } else statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  }
}

/** One autocannon run; with `record`, every request is remembered and every 201 acknowledged. */
function load(base, branch, customerCookie, seconds, record) {
  const requests = [
    {
      method: 'POST',
      path: '/api/orders',
      setupRequest(req, context) {
        const { key, headers, body } = orderRequest(base, branch, customerCookie, record);
        context.key = key;
        return { ...req, headers, body };
      },
      onResponse(status, body, context) {
        if (!record) return;
        answered.add(context.key);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status === 201) acknowledge(context.key, body);
      },
    },
  ];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: base, connections: CONNECTIONS, pipelining: 1, duration: seconds, timeout: 10, requests },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    if (opts.verbose) autocannon.track(instance, { renderProgressBar: false });
  });
}

/** The body and headers of order i (every fourth the signed-in customer's), remembered when `record`. */
function orderRequest(base, branch, customerCookie, record) {
  const i = n++;
  const key = `${KEY_PREFIX}${i}`;
  const body = basket(branch, i);
  const signedIn = i % 4 === 3;
  if (record) sent.set(key, { body, signedIn });
  return { key, headers: orderHeaders(base, key, signedIn, customerCookie), body: JSON.stringify(body) };
}

/** The headers of an order request: its key, and the customer's session when signed in. */
function orderHeaders(base, key, signedIn, customerCookie) {
  return {
    'content-type': 'application/json',
    origin: base,
    'idempotency-key': key,
    ...(signedIn ? { cookie: customerCookie } : {}),
  };
}

/**
 * Orders at a steady `rate` for `seconds`: each is due at start + i/rate and sent then (checked every
 * millisecond), on keep-alive connections opened as needed, whatever the answers do. Latency counts
 * from the moment the order was due. Resolves once every answer is in (or has failed).
 */
function paced(base, branch, customerCookie, rate, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const url = new URL('/api/orders', base);
  const total = Math.round(rate * seconds);
  const latencies = [];
  let started = 0;
  let done = 0;
  let errors = 0;
  let late = 0;
  return new Promise((resolve) => {
    const t0 = performance.now();
    const finish = () => {
      if (done < total || started < total) return;
      agent.destroy();
      latencies.sort((a, b) => a - b);
      const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
      resolve({
        sent: started,
        answered: latencies.length,
        errors,
        late,
        seconds: (performance.now() - t0) / 1000,
        latency: { p50: at(50), p99: at(99), max: latencies.at(-1) ?? 0 },
      });
    };
    const send = (due) => {
      const { key, headers, body } = orderRequest(base, branch, customerCookie, true);
      const req = http.request(
        url,
        { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            answered.add(key);
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            if (res.statusCode === 201) acknowledge(key, text);
            latencies.push(performance.now() - due);
            done++;
            finish();
          });
        },
      );
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors++;
        done++;
        finish();
      });
      req.end(body);
    };
    const tick = setInterval(() => {
      const now = performance.now();
      // Orders due by now; one sent more than 5 ms after it was due counts as late (a busy generator).
      const dueNow = Math.min(total, Math.floor(((now - t0) / 1000) * rate) + 1);
      while (started < dueNow) {
        const due = t0 + (started * 1000) / rate;
        if (now - due > 5) late++;
        started++;
        send(due);
      }
      if (started >= total) {
        clearInterval(tick);
        finish();
      }
    }, 1);
  });
}

/** The database after the load: exactly the acknowledged orders, each priced by the server. */
async function verify(branch) {
  const problems = [];
  const client = await openDatabase();
  try {
    const { rows: stored } = await client.query(
      `select o.idempotency_key as key, o.order_number, o.order_type, o.subtotal_minor, o.delivery_fee_minor, o.total_minor,
              coalesce(sum(i.line_total_minor), 0)::int as items_minor,
              coalesce(json_agg(json_build_object('id', i.menu_item_id, 'unit', i.unit_price_minor, 'qty', i.quantity, 'line', i.line_total_minor)) filter (where i.id is not null), '[]') as lines
         from orders o left join order_items i on i.order_id = o.id
        where o.idempotency_key like $1
        group by o.id`,
      [`${KEY_PREFIX}%`],
    );
    // The server's own menu prices for this branch (base item with the branch's override).
    const { rows: menu } = await client.query(
      `select m.id, coalesce(o.price_minor, m.price_minor) as price
         from menu_items m left join site_item_overrides o on o.item_id = m.id and o.site_id = $1
        where m.id = any($2::uuid[])`,
      [branch.site.id, branch.items.map((i) => i.id)],
    );
    const price = new Map(menu.map((r) => [r.id, Number(r.price)]));
    const fee = Number(branch.site.deliveryFeeMinor ?? 0);
    const byKey = new Map(stored.map((r) => [r.key, r]));
    for (const key of byKey.keys()) if (!acknowledged.has(key)) problems.push(`${key}: stored but never acknowledged`);
    for (const [key, ack] of acknowledged) {
      const row = byKey.get(key);
      if (!row) {
        problems.push(`${key} (${ack.orderNumber}): acknowledged but not stored`);
        continue;
      }
      const { body } = sent.get(key);
      const wantFee = body.orderType === 'DELIVERY' ? fee : 0;
      const wantItems = body.items.reduce((s, l) => s + price.get(l.menuItemId) * l.quantity, 0);
      const lines = new Map(row.lines.map((l) => [l.id, l]));
      const linesOk =
        lines.size === body.items.length &&
        body.items.every((l) => {
          const s = lines.get(l.menuItemId);
          return s && s.qty === l.quantity && s.unit === price.get(l.menuItemId) && s.line === s.unit * s.qty;
        });
      if (
        !linesOk ||
        row.order_number !== ack.orderNumber ||
        row.items_minor !== wantItems ||
        row.subtotal_minor !== wantItems ||
        row.delivery_fee_minor !== wantFee ||
        row.total_minor !== wantItems + wantFee ||
        row.total_minor !== ack.totalMinor
      ) {
        problems.push(
          `${key} (${ack.orderNumber}): stored ${JSON.stringify(row)}, expected items ${wantItems} + fee ${wantFee}, acknowledged ${ack.totalMinor}`,
        );
      }
    }
    return { stored: stored.length, problems };
  } finally {
    await client.end();
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); 0 when unreadable. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU of the server process and of the PostgreSQL backends serving this bench's database. */
async function cpuNow(serverPid) {
  if (ON_PGLITE) return { server: cpuSeconds(serverPid), postgres: 0 };
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  const { rows } = await c.query(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  await c.end();
  return { server: cpuSeconds(serverPid), postgres: rows.reduce((sum, r) => sum + cpuSeconds(r.pid), 0) };
}

try {
  server = await startBenchServer({ databaseUrl: db?.url ?? null, dataDir, verbose: opts.verbose });
  const branch = await openDemoBranch(server.base);
  const customer = await signIn(server.base, 'customer@halalnosh.test');
  say(
    opts,
    `orders: server up in ${server.startedInMs} ms on ${ON_PGLITE ? 'PGlite' : 'PostgreSQL'}; ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s measured`,
  );
  // Warm-up at the asked rate: what the measured window sees after it is the steady state of that
  // rate (a back-to-back warm-up would leave the outbox a backlog that the window then pays for).
  await paced(server.base, branch, customer, RATE, WARMUP_SECONDS);
  await settleInFlight(server.base, customer);
  const serverPid = await servingPid(server.pid);
  const beforePaced = acknowledged.size;
  const cpuBefore = await cpuNow(serverPid);
  const generatorBefore = process.cpuUsage();
  const result = await paced(server.base, branch, customer, RATE, SECONDS);
  const generator = process.cpuUsage(generatorBefore);
  const cpuAfter = await cpuNow(serverPid);
  const measured = acknowledged.size - beforePaced;
  await settleInFlight(server.base, customer);
  // Capacity, last: back to back, the most the connections get.
  const beforeCapacity = acknowledged.size;
  const capacity = await load(server.base, branch, customer, CAPACITY_SECONDS, true);
  const capacityRate = (acknowledged.size - beforeCapacity) / CAPACITY_SECONDS;
  await settleInFlight(server.base, customer);
  if (ON_PGLITE) {
    // The embedded database is the server's own: read it once the server has let go of it.
    await server.kill('SIGTERM');
    server = null;
  }
  const check = await verify(branch);
  // The rate achieved: orders acknowledged over the time from the first due to the last answer.
  const rate = measured / result.seconds;
  const lat = result.latency;
  const refused = [...statuses].filter(([s]) => s !== 201).map(([s, c]) => `${c}×${s}`);
  say(
    opts,
    `orders: capacity ${capacityRate.toFixed(0)}/s with ${CONNECTIONS} connections back to back (p50 ${capacity.latency.p50} ms, p99 ${capacity.latency.p99} ms)`,
  );
  say(
    opts,
    `orders: at ${RATE}/s for ${SECONDS} s: ${measured} acknowledged of ${result.sent} sent in ${result.seconds.toFixed(1)} s = ${rate.toFixed(0)}/s; ` +
      `latency from due p50 ${lat.p50.toFixed(1)} ms, p99 ${lat.p99.toFixed(1)} ms, max ${lat.max.toFixed(0)} ms; ${result.late} sent late; ` +
      `errors ${result.errors}${refused.length ? `, other answers ${refused.join(', ')}` : ''}`,
  );
  // CPU per order: a reading that holds up on a busy machine, where the rate does not.
  say(
    opts,
    `orders: CPU per order: server ${((1000 * (cpuAfter.server - cpuBefore.server)) / measured).toFixed(2)} ms, ` +
      (ON_PGLITE
        ? '(PGlite inside it)'
        : `PostgreSQL backends ${((1000 * (cpuAfter.postgres - cpuBefore.postgres)) / measured).toFixed(2)} ms (the pool's connections at the end of the run)`) +
      `; this load generator ${((generator.user + generator.system) / 1000 / measured).toFixed(2)} ms`,
  );
  say(
    opts,
    `orders: database holds ${check.stored} bench orders for ${acknowledged.size} acknowledged (warm-up included; ${replayed} of them in flight when a load stopped, settled by replaying their key); ${check.problems.length} problems`,
  );
  for (const p of check.problems.slice(0, 10)) say(opts, `  ${p}`);
  const exact =
    check.problems.length === 0 &&
    check.stored === acknowledged.size &&
    result.errors === 0 &&
    capacity.errors === 0 &&
    capacity.timeouts === 0;
  const unexpected = [...statuses.keys()].some((s) => s !== 201);
  const dbName = ON_PGLITE ? 'PGlite' : 'PostgreSQL';
  // Every due order answered, and no more than 1 % short of the asked rate over the window.
  const kept = result.answered === result.sent && measured === result.sent && rate >= RATE * 0.99;
  printResult(
    [
      figure(
        ON_PGLITE ? 'orders-rate-pglite' : 'orders-rate',
        `Orders placed at a steady ${RATE}/s for ${SECONDS} s (${dbName}; open loop, latency from when each order was due)`,
        `${fmtRate(rate)} (${measured} of ${result.sent}), p99 ${fmtMs(lat.p99)} (p50 ${fmtMs(lat.p50)}, max ${fmtMs(lat.max)})`,
        `≥ ${BUDGET_RATE}/s, p99 < ${BUDGET_P99_MS} ms`,
        RATE >= BUDGET_RATE && kept && lat.p99 < BUDGET_P99_MS && !unexpected,
      ),
      figure(
        ON_PGLITE ? 'orders-capacity-pglite' : 'orders-capacity',
        `Orders placed back to back by ${CONNECTIONS} connections for ${CAPACITY_SECONDS} s (${dbName}; closed loop: the most it gives)`,
        `${fmtRate(capacityRate)} (p50 ${fmtMs(capacity.latency.p50)}, p99 ${fmtMs(capacity.latency.p99)})`,
        'reported',
        capacity.errors === 0,
      ),
      figure(
        ON_PGLITE ? 'orders-exact-pglite' : 'orders-exact',
        'Database holds exactly the acknowledged orders, totals = items + delivery fee at menu prices',
        `${check.stored} stored / ${acknowledged.size} acknowledged, ${check.problems.length} wrong`,
        'exact',
        exact,
      ),
    ],
    opts,
  );
} catch (err) {
  console.error(`orders bench could not measure: ${err instanceof Error ? err.stack : err}`);
  process.exitCode = 1;
} finally {
  if (server) await server.kill('SIGTERM');
  await db?.drop().catch(() => undefined);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
