#!/usr/bin/env node
// Where one load's CPU goes: the server, PostgreSQL and the load generator, in ms per request.
// Not a budget: a tool for profiling before changing (docs/decisions/0193-search-card-text.md).
//
//   node bench/cpu-split.mjs [postgres|pglite] [path]     (default: postgres, the uncached London search)
//
// A server on a fresh database (PostgreSQL: a new database on the local server; PGlite: a fresh
// data folder, so the database runs on the server's worker thread), with the response cache off
// unless EXTRA_ENV='{"RESPONSE_CACHE":"1"}'. autocannon, 50 connections, runs 8 s to warm up and
// then SECS seconds (default 10); the CPU each process used in that window is read from /proc
// (user + system time; SYS=1 counts system time alone): every `node` process but this one is the
// server (tsx's parent included), every `postgres` process is the database, this process is the
// load generator. PERF=1 also records `perf record -a -g` of the window into /tmp/perf.data (run
// with NODE_OPTIONS=--perf-basic-prof for JavaScript names); unlike a V8 profile, whose samples
// count a thread's wall time, perf counts only time on a CPU.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { freshDatabase } from './lib/harness.mjs';
import { PG_SERVER, load, startBenchServer } from './lib/perf.mjs';

const kind = process.argv[2] ?? 'postgres';
const url = process.argv[3] ?? '/api/restaurants/search?location=London';
const seconds = Number(process.env.SECS ?? 10);
const env = { RESPONSE_CACHE: '0', ...(process.env.EXTRA_ENV ? JSON.parse(process.env.EXTRA_ENV) : {}) };
const CLOCK_TICKS = 100;

/** CPU ms used so far by the processes `pick` chooses (by pid and command name). */
function cpuOf(pick) {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (!pick(Number(entry), comm)) continue;
    ticks += process.env.SYS ? Number(fields[12]) : Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

const snapshot = () => ({
  server: cpuOf((pid, comm) => pid !== process.pid && comm.startsWith('node')),
  postgres: cpuOf((_pid, comm) => comm === 'postgres'),
  loadgen: cpuOf((pid) => pid === process.pid),
});

const fresh = kind === 'postgres' ? await freshDatabase(PG_SERVER, 'halalnosh_cpu_split') : null;
const server = await startBenchServer({ databaseUrl: fresh?.url ?? null, env });
try {
  await load({ url: server.base + url, seconds: 8, warmupSeconds: 0 });
  if (process.env.PERF) {
    spawn('perf', ['record', '-F', '499', '-a', '-g', '-o', '/tmp/perf.data', '--', 'sleep', String(seconds - 1)], {
      stdio: 'ignore',
    });
  }
  const before = snapshot();
  const r = await load({ url: server.base + url, seconds, warmupSeconds: 0 });
  const after = snapshot();
  const per = (k) => ((after[k] - before[k]) / r.requests).toFixed(3);
  console.log(
    `${kind} ${url}: ${Math.round(r.reqPerSec)}/s, p99 ${r.p99} ms; CPU ms per request: ` +
      `server ${per('server')}, postgres ${per('postgres')}, load generator ${per('loadgen')}`,
  );
} finally {
  await server.kill();
  await fresh?.drop();
}
