#!/usr/bin/env node
// Performance budget, item 4 of bench/README.md: live push latency. Two server processes on one fresh PostgreSQL database
// (created on PG_URL, DATABASE_URL or the machine's local server): the writer on process 1,
// 1,000 SSE subscribers (one per order, following it with its visitor token, in a subscriber
// process of their own) on process 2. The demo partner moves the orders through their pickup
// steps on process 1, `--writers` requests at a time; each status change reaches its order's
// subscriber on process 2 through the event bus.
//
// Latency: from the commit to the arrival at the subscriber. The server stamps every event with
// the time it handed it to the bus, right after the transaction committed (the SSE `at:` field,
// epoch ms); the subscriber process notes the arrival on the same clock (both whole ms). The value
// also gives, for reference, the time from the writer sending its HTTP request.
//
// Run with the NOTIFY bus (the default) and with the Redis bus (REDIS_URL, default
// redis://127.0.0.1:6379), each quiet (the writer alone) and under concurrent write load
// (autocannon placing orders on process 1 with --load-connections while the writer works).
//
//   node bench/perf/push.mjs [--subscribers 1000] [--writers 4] [--load-connections 16] [--bus notify,redis] [--quick] [--json] [--verbose]
//
// Budget: p50 < 20 ms, p99 < 100 ms, and every event delivered.
import { freshDatabase, openDemoBranch } from '../lib/harness.mjs';
import { PG_SERVER, benchArgs, figure, fmtMs, printResult, say, startBenchServer } from '../lib/perf.mjs';
import {
  PICKUP_STEPS,
  collectLatencies,
  merge,
  orderLoad,
  orderPath,
  placeVisitorOrders,
  round,
} from '../lib/push.mjs';
import { sseClients } from '../lib/sse-pool.mjs';

const opts = benchArgs({
  subscribers: { type: 'string' },
  writers: { type: 'string', default: '4' },
  'load-connections': { type: 'string', default: '16' },
  bus: { type: 'string', default: 'notify,redis' },
});
const SUBSCRIBERS = Number(opts.subscribers ?? (opts.quick ? 300 : 1000));
const WRITERS = Number(opts.writers);
const LOAD_CONNECTIONS = Number(opts['load-connections']);
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const BUDGET = { p50: 20, p99: 100 };

function describe(r) {
  return `p50 ${fmtMs(r.p50)}, p99 ${fmtMs(r.p99)} (max ${fmtMs(r.max)}; ${r.received.toLocaleString('en-GB')}/${r.expected.toLocaleString('en-GB')} events; from the HTTP request p50 ${fmtMs(r.requestP50)}, p99 ${fmtMs(r.requestP99)})`;
}
const passes = (r) => r.received === r.expected && r.expected > 0 && r.p50 < BUDGET.p50 && r.p99 < BUDGET.p99;

const db = await freshDatabase(PG_SERVER, 'halalnosh_bench_push');
const figures = [];
const servers = [];
let clients = null;
try {
  for (const bus of opts.bus.split(',')) {
    const env = bus === 'redis' ? { REDIS_URL } : { REDIS_URL: '' };
    const writer = await startBenchServer({ databaseUrl: db.url, env, verbose: opts.verbose });
    servers.push(writer);
    const reader = await startBenchServer({ databaseUrl: db.url, env, verbose: opts.verbose });
    servers.push(reader);
    const branch = await openDemoBranch(writer.base);
    say(opts, `[${bus}] placing ${SUBSCRIBERS} orders on process 1…`);
    const orders = await placeVisitorOrders(writer.base, branch, SUBSCRIBERS);
    clients = sseClients(1);
    const opened = await clients.open(reader.base, orders.map(orderPath));
    if (opened.failed)
      throw new Error(`[${bus}] ${opened.failed} subscriptions refused: ${JSON.stringify(opened.statuses)}`);
    say(opts, `[${bus}] ${opened.ok} subscribers on process 2`);

    // Quiet: the writer alone (accept, then start preparing: two events per subscriber; one with --quick).
    const k = opts.quick ? 1 : 2;
    const quietSent = [];
    for (const [action, status] of PICKUP_STEPS.slice(0, k))
      quietSent.push((await round(writer.base, branch.partner, orders, action, status, WRITERS)).sentAt);
    const quiet = await collectLatencies(clients, merge(...quietSent));
    say(opts, `[${bus}] quiet: ${describe(quiet)}`);

    // Under write load: autocannon places orders on process 1 while the writer works.
    const load = orderLoad(writer.base, branch, LOAD_CONNECTIONS);
    await new Promise((r) => setTimeout(r, 1000));
    const loadSent = [];
    for (const [action, status] of PICKUP_STEPS.slice(k, 2 * k))
      loadSent.push((await round(writer.base, branch.partner, orders, action, status, WRITERS)).sentAt);
    const background = await load.stop();
    const loaded = await collectLatencies(clients, merge(...loadSent));
    say(
      opts,
      `[${bus}] under load (${Math.round(background.reqPerSec)} orders/s placed alongside): ${describe(loaded)}`,
    );

    const name = bus === 'redis' ? 'Redis' : 'NOTIFY';
    figures.push(
      figure(
        `push-${bus}`,
        `Push latency, commit to subscriber, ${name} bus (${opened.ok.toLocaleString('en-GB')} subscribers on a second process)`,
        describe(quiet),
        'p50 < 20 ms, p99 < 100 ms',
        passes(quiet),
      ),
      figure(
        `push-${bus}-load`,
        `Push latency, ${name} bus, while ${Math.round(background.reqPerSec)} orders/s are placed on the writer's process`,
        describe(loaded),
        'p50 < 20 ms, p99 < 100 ms',
        passes(loaded),
      ),
    );
    await clients.close();
    clients = null;
    await Promise.all(servers.splice(0).map((s) => s.kill()));
  }
} finally {
  await clients?.close();
  await Promise.all(servers.map((s) => s.kill()));
  await db.drop();
}
printResult(figures, opts);
