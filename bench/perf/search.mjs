#!/usr/bin/env node
// Performance budget, figures 1 and 9 of bench/README.md: search throughput against the database itself, and PGlite against
// PostgreSQL.
//
// 1. A fresh PostgreSQL database, the real server on it (DEMO=1 seeds the demo catalog).
// 2. The SQL the search runs is captured from the code path (bench/perf/capture-sql.ts runs
//    searchRestaurants through a Drizzle logger; literals inlined): the city lookup and the
//    branch query for London; the branch query for the postcode.
// 3. autocannon, 50 connections, no pipelining, after a warm-up: GET /api/restaurants/search for
//    London and for the postcode. Then pgbench with the same client count (-n -c 50 -j 2 -T) runs
//    that SQL on the same database. Budget: API req/s ≥ 0.5 × pgbench tps, p99 < 50 ms.
// 4. The same autocannon runs against a second server on PGlite (its own DATA_DIR): budget at least
//    half the PostgreSQL rate (cached answers).
// 5. Cache misses (docs/decisions/0178-fast-uncached-search.md): a server with RESPONSE_CACHE=0, on PGlite then on
//    PostgreSQL, the London search at 50 connections. Budgets: PGlite ≥ 300 req/s, p99 < 300 ms and
//    no request over 1 s; PostgreSQL ≥ 1,000 req/s, p99 < 100 ms. PGlite figures come first.
//
//   node bench/perf/search.mjs [--quick] [--json] [--verbose] [--uncached-only]
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { freshDatabase, ROOT } from '../lib/harness.mjs';
import {
  benchArgs,
  figure,
  fmtMs,
  fmtRate,
  load,
  PG_SERVER,
  pgbench,
  printResult,
  say,
  startBenchServer,
} from '../lib/perf.mjs';

const opts = benchArgs({ 'uncached-only': { type: 'boolean', default: false } });
const SECONDS = opts.quick ? 5 : 15;
const WARMUP = opts.quick ? 1 : 3;
const CONNECTIONS = 50;
const SEARCHES = [
  { id: 'london', label: 'London', location: 'London' },
  { id: 'postcode', label: 'postcode E1 6AN', location: 'E1 6AN' },
];
const searchUrl = (base, location) => `${base}/api/restaurants/search?location=${encodeURIComponent(location)}`;

function captureSql(url, what, arg) {
  const out = execFileSync(
    path.join(ROOT, 'node_modules', '.bin', 'tsx'),
    [path.join(ROOT, 'bench/perf/capture-sql.ts'), url, what, arg],
    { cwd: ROOT, encoding: 'utf8' },
  );
  return JSON.parse(out.trim().split('\n').at(-1)).statements;
}

async function measureApi(base, s) {
  const r = await load({
    url: searchUrl(base, s.location),
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: WARMUP,
  });
  if (r.non2xx || r.errors) throw new Error(`search ${s.label}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  say(opts, `  API ${s.label}: ${fmtRate(r.reqPerSec)}, p50 ${fmtMs(r.p50)}, p99 ${fmtMs(r.p99)}`);
  return r;
}

const UNCACHED = SEARCHES[0];

/** The London search with the response cache off: every request runs the search (PGlite first). */
async function uncachedFigures() {
  const out = [];
  for (const kind of ['pglite', 'postgres']) {
    const fresh = kind === 'postgres' ? await freshDatabase(PG_SERVER, 'halalnosh_perf_search_uncached') : null;
    let s = null;
    try {
      say(
        opts,
        `${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}, RESPONSE_CACHE=0: the ${UNCACHED.label} search uncached…`,
      );
      s = await startBenchServer({
        databaseUrl: fresh?.url ?? null,
        env: { RESPONSE_CACHE: '0' },
        verbose: opts.verbose,
      });
      const r = await measureApi(s.base, UNCACHED);
      const lite = kind === 'pglite';
      const pass = lite ? r.reqPerSec >= 300 && r.p99 < 300 && r.max < 1000 : r.reqPerSec >= 1000 && r.p99 < 100;
      out.push(
        figure(
          `search-uncached-${kind}`,
          `Search ${UNCACHED.label} with the response cache off (RESPONSE_CACHE=0, every request computed), ${lite ? 'PGlite' : 'PostgreSQL'}: API req/s at 50 connections over ${SECONDS} s, p99${lite ? ' and slowest request' : ''}`,
          `${fmtRate(r.reqPerSec)}, p99 ${fmtMs(r.p99)}${lite ? `, max ${fmtMs(r.max)}` : ''}`,
          lite ? '≥ 300/s, p99 < 300 ms, max < 1 s' : '≥ 1,000/s, p99 < 100 ms',
          pass,
        ),
      );
    } finally {
      if (s) await s.kill();
      await fresh?.drop();
    }
  }
  return out;
}

const figures = [];
if (opts['uncached-only']) {
  figures.push(...(await uncachedFigures()));
  printResult(figures, opts);
  process.exit(0);
}
const db = await freshDatabase(PG_SERVER, 'halalnosh_perf_search');
let server = null;
try {
  say(opts, 'PostgreSQL: starting the server on a fresh database…');
  server = await startBenchServer({ databaseUrl: db.url, verbose: opts.verbose });
  const pgApi = {};
  const pgDb = {};
  for (const s of SEARCHES) {
    const statements = captureSql(db.url, 'search', s.location);
    say(
      opts,
      `  SQL of the ${s.label} search (${statements.length} statements):\n${statements.map((q) => `    ${q}`).join('\n')}`,
    );
    pgApi[s.id] = await measureApi(server.base, s);
    pgDb[s.id] = await pgbench({
      url: db.url,
      sql: statements.map((q) => `${q};`).join('\n') + '\n',
      clients: CONNECTIONS,
      threads: 2,
      seconds: SECONDS,
    });
    say(opts, `  pgbench ${s.label}: ${fmtRate(pgDb[s.id].tps)} tps, latency ${fmtMs(pgDb[s.id].latencyMs)}`);
  }
  await server.kill();
  server = null;

  say(opts, 'PGlite: starting the server on its own data folder…');
  server = await startBenchServer({ verbose: opts.verbose });
  const liteApi = {};
  for (const s of SEARCHES) liteApi[s.id] = await measureApi(server.base, s);
  await server.kill();
  server = null;

  // PGlite first (the default database), then PostgreSQL.
  for (const s of SEARCHES) {
    const ratio = liteApi[s.id].reqPerSec / pgApi[s.id].reqPerSec;
    figures.push(
      figure(
        `pglite-${s.id}`,
        `Search ${s.label} (cached answers) on PGlite vs PostgreSQL: API req/s at 50 connections, same run`,
        `${fmtRate(liteApi[s.id].reqPerSec)} vs ${fmtRate(pgApi[s.id].reqPerSec)} = ${ratio.toFixed(2)}, PGlite p99 ${fmtMs(liteApi[s.id].p99)}`,
        '≥ 0.5',
        ratio >= 0.5,
      ),
    );
  }
  for (const s of SEARCHES) {
    const api = pgApi[s.id];
    const ratio = api.reqPerSec / pgDb[s.id].tps;
    figures.push(
      figure(
        `search-${s.id}`,
        `Search ${s.label}: API req/s vs pgbench tps of the same SQL (50 clients), API p99`,
        `${fmtRate(api.reqPerSec)} vs ${fmtRate(pgDb[s.id].tps)} = ${ratio.toFixed(2)}, p99 ${fmtMs(api.p99)}`,
        '≥ 0.5, p99 < 50 ms',
        ratio >= 0.5 && api.p99 < 50,
      ),
    );
  }
} finally {
  if (server) await server.kill();
  await db.drop();
}
figures.push(...(await uncachedFigures()));
printResult(figures, opts);
