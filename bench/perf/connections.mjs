#!/usr/bin/env node
// Performance budget, item 5 of bench/README.md: idle event-stream connections. One server process (on a fresh PostgreSQL
// database) holds 10,000 idle SSE connections (the demo ops admin following the `admin` topic),
// opened by several client processes; they stay open for --hold seconds, across the server's
// 20-second heartbeats. Reports the serving process's resident memory per connection (RSS after
// opening them minus RSS before, divided by the connections; after a warm-up of 200 connections
// opened and closed, so the code paths are compiled) and how many connections received heartbeats.
//
// File descriptors: the server and each client process need one per connection; the script
// re-runs itself under `ulimit -n` raised as needed (every child inherits it).
//
//   node bench/perf/connections.mjs [--connections 10000] [--hold 45] [--clients 4] [--quick] [--json] [--verbose]
//
// Budget: < 100 KB per connection, every connection open at the end and every one heartbeating.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freshDatabase, rssKb, servingPid, signIn } from '../lib/harness.mjs';
import { PG_SERVER, benchArgs, figure, printResult, say, startBenchServer } from '../lib/perf.mjs';
import { sseClients } from '../lib/sse-pool.mjs';

const opts = benchArgs({
  connections: { type: 'string' },
  hold: { type: 'string' },
  clients: { type: 'string', default: '4' },
});
const CONNECTIONS = Number(opts.connections ?? (opts.quick ? 2000 : 10_000));
const HOLD_SECONDS = Number(opts.hold ?? (opts.quick ? 25 : 45));
const CLIENTS = Number(opts.clients);
const BUDGET_KB = 100;

// Raise the open-files limit for this process and its children, by re-running under a shell.
const needed = CONNECTIONS + 4096;
const soft = Number(
  /Max open files\s+(\d+|unlimited)/
    .exec(readFileSync('/proc/self/limits', 'utf8'))?.[1]
    .replace('unlimited', 'Infinity'),
);
if (soft < needed && !process.env.HALALNOSH_BENCH_ULIMIT) {
  const r = spawnSync(
    '/bin/sh',
    ['-c', `ulimit -n ${needed} && exec "$0" "$@"`, process.execPath, ...process.argv.slice(1)],
    {
      stdio: 'inherit',
      env: { ...process.env, HALALNOSH_BENCH_ULIMIT: String(needed) },
    },
  );
  if (r.status !== 0 && r.status !== null)
    console.error(
      `could not raise ulimit -n to ${needed} (now ${soft}); run as a user allowed to, or pass --connections`,
    );
  process.exit(r.status ?? 1);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const db = await freshDatabase(PG_SERVER, 'halalnosh_bench_conns');
let server = null;
let clients = null;
const figures = [];
try {
  server = await startBenchServer({ databaseUrl: db.url, env: { REDIS_URL: '' }, verbose: opts.verbose });
  const pid = await servingPid(server.pid);
  const cookie = await signIn(server.base, 'ops@halalnosh.test');
  clients = sseClients(CLIENTS);

  // Warm-up: open and close a few, so compiling the stream path does not count as connection memory.
  const warm = sseClients(1);
  await warm.open(server.base, Array(200).fill('/api/events?topics=admin'), 32, { cookie });
  await warm.close();
  await sleep(3000);

  const before = await rssKb(pid);
  const started = Date.now();
  const opened = await clients.open(server.base, Array(CONNECTIONS).fill('/api/events?topics=admin'), 64, { cookie });
  const openSeconds = (Date.now() - started) / 1000;
  say(
    opts,
    `opened ${opened.ok} of ${CONNECTIONS} in ${openSeconds.toFixed(1)} s ${opened.failed ? JSON.stringify(opened.statuses) : ''}`,
  );
  await sleep(3000);
  const after = await rssKb(pid);
  const perConnKb = (after - before) / Math.max(1, opened.ok);
  say(
    opts,
    `server RSS ${Math.round(before / 1024)} MB -> ${Math.round(after / 1024)} MB: ${perConnKb.toFixed(1)} KB per connection`,
  );

  // Hold them idle across heartbeats (at least 22 s after the last one opened: one heartbeat each).
  const holdUntil = Math.max(started + HOLD_SECONDS * 1000, started + openSeconds * 1000 + 22_000);
  while (Date.now() < holdUntil) await sleep(1000);
  const stats = await clients.stats();
  const heldSeconds = Math.round((Date.now() - started) / 1000);
  const end = await rssKb(pid);
  say(
    opts,
    `after ${heldSeconds} s: ${stats.open} open, ${stats.withHeartbeat} with a heartbeat, ${stats.heartbeats} heartbeats in all; server RSS ${Math.round(end / 1024)} MB`,
  );

  figures.push(
    figure(
      'connections-memory',
      `Idle event-stream connections on one server process (${opened.ok.toLocaleString('en-GB')} open)`,
      `${perConnKb.toFixed(1)} KB per connection (RSS ${Math.round(before / 1024)} → ${Math.round(after / 1024)} MB; ${Math.round(end / 1024)} MB after ${heldSeconds} s)`,
      `< ${BUDGET_KB} KB per connection, ${CONNECTIONS.toLocaleString('en-GB')} open`,
      opened.ok === CONNECTIONS && perConnKb < BUDGET_KB,
    ),
    figure(
      'connections-heartbeats',
      `Heartbeats on the ${CONNECTIONS.toLocaleString('en-GB')} idle connections (every 20 s)`,
      `${stats.open.toLocaleString('en-GB')} still open after ${heldSeconds} s, ${stats.withHeartbeat.toLocaleString('en-GB')} received heartbeats (${stats.heartbeats.toLocaleString('en-GB')} in all)`,
      'every connection open and heartbeating',
      stats.open === CONNECTIONS && stats.withHeartbeat === CONNECTIONS,
    ),
  );
} finally {
  await clients?.close();
  await server?.kill();
  await db.drop();
}
printResult(figures, opts);
