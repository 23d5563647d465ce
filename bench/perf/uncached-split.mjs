#!/usr/bin/env node
// Where an uncached request's CPU goes (docs/decisions/0248-uncached-path-cpu.md), in µs per request, robust on a shared
// machine where the rate is not: a server with RESPONSE_CACHE=0 (DEMO=1; PGlite in a fresh data folder, or a fresh
// PostgreSQL database), autocannon at 50 connections after a warm-up, and the CPU (user + system, /proc) used over the
// run by:
// - the serving process as a whole (every thread: HTTP, routes, the answer's JS, V8's helpers; on PGlite also the
//   database's worker thread),
// - the database: on PGlite the worker thread running PostgreSQL (Node 20 names every thread `node`: it is the busiest
//   thread other than the main one), on PostgreSQL the backends serving this database (pg_stat_activity),
// - the server's own part: the serving process minus the PGlite thread (on PostgreSQL the serving process itself).
// The projected rate is what that CPU allows on 2 cores: 2 / max(server thread, database) on PGlite (two threads in
// parallel, the busier one bounds), and 2 / (server + PostgreSQL) on PostgreSQL (both share the two cores). The raw
// rate and the load average are printed beside it. The serialisation share comes from bench/perf/uncached-stages.ts.
//
//   node bench/perf/uncached-split.mjs [--db pglite,postgres] [--what search,restaurant] [--seconds 10] [--rounds 1]
import { readFileSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freshDatabase, servingPid } from '../lib/harness.mjs';
import { PG_SERVER, load, startBenchServer } from '../lib/perf.mjs';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite,postgres' },
    what: { type: 'string', default: 'search,restaurant' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '1' },
  },
});
const seconds = Number(values.seconds);
const TICK_MS = 10;

/** [utime + stime] ticks of a /proc stat file, or 0 when gone. */
function ticksOf(file) {
  try {
    const stat = readFileSync(file, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}
const commOf = (file) => {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
};
/** Every thread of `pid`: tid → { comm, ticks }. */
function threads(pid) {
  const out = new Map();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    out.set(tid, { comm: commOf(`/proc/${pid}/task/${tid}/comm`), ticks: ticksOf(`/proc/${pid}/task/${tid}/stat`) });
  }
  return out;
}

const paths = {
  search: () => '/api/restaurants/search?location=London',
  health: () => '/api/health',
  restaurant: async (base) => {
    const found = await (await fetch(`${base}/api/restaurants/search?location=London&limit=100`)).json();
    for (const r of found.restaurants) {
      const page = await (await fetch(`${base}/api/restaurants/${r.slug}`)).json();
      if (page.restaurant.menu?.sections.length) return `/api/restaurants/${r.slug}`;
    }
    throw new Error('no London branch with a menu');
  },
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

for (const kind of values.db.split(',')) {
  const fresh = kind === 'postgres' ? await freshDatabase(PG_SERVER, 'halalnosh_uncached_split') : null;
  const server = await startBenchServer({ databaseUrl: fresh?.url ?? null, env: { RESPONSE_CACHE: '0' } });
  const admin = fresh ? new pg.Client({ connectionString: PG_SERVER }) : null;
  await admin?.connect();
  try {
    const pid = await servingPid(server.pid);
    for (const what of values.what.split(',')) {
      const url = server.base + (await paths[what](server.base));
      const rows = [];
      for (let round = 0; round < Number(values.rounds); round++) {
        await load({ url, seconds: 4, warmupSeconds: 0 });
        const backends = admin
          ? (
              await admin.query('select pid from pg_stat_activity where datname = $1', [
                new URL(fresh.url).pathname.slice(1),
              ])
            ).rows.map((r) => r.pid)
          : [];
        const pgTicks = () => backends.reduce((sum, p) => sum + ticksOf(`/proc/${p}/stat`), 0);
        const t0 = threads(pid);
        const p0 = pgTicks();
        const la0 = loadavg()[0];
        const r = await load({ url, seconds, warmupSeconds: 0 });
        const t1 = threads(pid);
        const p1 = pgTicks();
        if (r.non2xx || r.errors) throw new Error(`${kind} ${what}: ${r.non2xx} non-2xx, ${r.errors} errors`);
        const per = (ticks) => (ticks * TICK_MS * 1000) / r.requests;
        let total = 0;
        const byThread = [];
        for (const [tid, { comm, ticks }] of t1) {
          const d = ticks - (t0.get(tid)?.ticks ?? 0);
          total += d;
          byThread.push({ tid, comm, d });
        }
        byThread.sort((a, b) => b.d - a.d);
        // The main thread's tid is the pid; PGlite's thread is the busiest other one that is not a V8 or libuv helper.
        const main = byThread.find((t) => Number(t.tid) === pid)?.d ?? 0;
        const dbThread = kind === 'pglite' ? byThread.find((t) => Number(t.tid) !== pid) : null;
        const database = kind === 'pglite' ? (dbThread?.d ?? 0) : p1 - p0;
        const serverPart = kind === 'pglite' ? total - (dbThread?.d ?? 0) : total;
        const projected =
          kind === 'pglite'
            ? 2e6 / Math.max(per(serverPart) * 2, per(database)) // the main thread can't use both cores; crude bound
            : 2e6 / (per(serverPart) + per(database));
        const row = {
          kind,
          what,
          rate: r.reqPerSec,
          p99: r.p99,
          serverUs: per(serverPart),
          mainUs: per(main),
          dbUs: per(database),
          totalUs: per(serverPart) + per(database),
          projected,
          load: `${la0.toFixed(1)}→${loadavg()[0].toFixed(1)}`,
          threads: byThread
            .slice(0, 5)
            .map((t) => `${t.comm}:${Math.round(per(t.d))}`)
            .join(' '),
        };
        rows.push(row);
        console.log(
          `${kind} ${what}: ${Math.round(row.rate)} req/s (p99 ${row.p99} ms), µs/request: server ${Math.round(row.serverUs)} ` +
            `(main thread ${Math.round(row.mainUs)}), database ${Math.round(row.dbUs)}, together ${Math.round(row.totalUs)}; ` +
            `load ${row.load}; threads ${row.threads}`,
        );
      }
      if (rows.length > 1) {
        console.log(
          `${kind} ${what} median: server ${Math.round(median(rows.map((r) => r.serverUs)))} µs, main ${Math.round(median(rows.map((r) => r.mainUs)))} µs, database ${Math.round(median(rows.map((r) => r.dbUs)))} µs, rate ${Math.round(median(rows.map((r) => r.rate)))}/s`,
        );
      }
    }
  } finally {
    await admin?.end();
    await server.kill();
    await fresh?.drop();
  }
}
