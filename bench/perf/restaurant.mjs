#!/usr/bin/env node
// Performance budget, figure 2 of bench/README.md: the restaurant page's data — GET /api/restaurants/{slug}, the one call the
// page makes for the branch with its menu — with autocannon: 50 connections, no pipelining, after a
// warm-up. The slug is the first London search result with a menu. Figures, PGlite first:
//
// - cache misses (docs/decisions/0178-fast-uncached-search.md): a server with RESPONSE_CACHE=0 on PGlite (≥ 300 req/s,
//   p99 < 300 ms, no request over 1 s), then on PostgreSQL (≥ 1,000 req/s, p99 < 100 ms);
// - cached answers on PGlite against PostgreSQL in the same run (≥ 0.5 ×);
// - cached answers on PostgreSQL (a fresh database, DEMO=1): ≥ 3,000 req/s, p99 < 50 ms.
//
//   node bench/perf/restaurant.mjs [--quick] [--json] [--verbose] [--uncached-only]
import { freshDatabase } from '../lib/harness.mjs';
import {
  benchArgs,
  figure,
  fmtMs,
  fmtRate,
  load,
  PG_SERVER,
  printResult,
  say,
  startBenchServer,
} from '../lib/perf.mjs';

const opts = benchArgs({ 'uncached-only': { type: 'boolean', default: false } });
const SECONDS = opts.quick ? 5 : 15;
const WARMUP = opts.quick ? 1 : 3;

/** The first London branch with a menu, and its number of menu items. */
async function pickSlug(base) {
  const found = await (await fetch(`${base}/api/restaurants/search?location=London&limit=100`)).json();
  for (const r of found.restaurants) {
    const page = await (await fetch(`${base}/api/restaurants/${r.slug}`)).json();
    const items = page.restaurant.menu?.sections.flatMap((s) => s.items).length ?? 0;
    if (items) return { slug: r.slug, items };
  }
  throw new Error('no London branch with a menu');
}

/** One server (PGlite unless kind is postgres), the page's data under load. */
async function measure(kind, env) {
  const db = kind === 'postgres' ? await freshDatabase(PG_SERVER, 'halalnosh_perf_restaurant') : null;
  let server = null;
  try {
    server = await startBenchServer({ databaseUrl: db?.url ?? null, env, verbose: opts.verbose });
    const { slug, items } = await pickSlug(server.base);
    say(
      opts,
      `${kind}${env.RESPONSE_CACHE === '0' ? ', RESPONSE_CACHE=0' : ''}: restaurant page data of ${slug} (${items} menu items)…`,
    );
    const r = await load({ url: `${server.base}/api/restaurants/${slug}`, seconds: SECONDS, warmupSeconds: WARMUP });
    if (r.non2xx || r.errors) throw new Error(`${r.non2xx} non-2xx, ${r.errors} errors`);
    say(opts, `  ${fmtRate(r.reqPerSec)}, p50 ${fmtMs(r.p50)}, p99 ${fmtMs(r.p99)}, max ${fmtMs(r.max)}`);
    return { ...r, items };
  } finally {
    if (server) await server.kill();
    await db?.drop();
  }
}

const figures = [];
for (const kind of ['pglite', 'postgres']) {
  const r = await measure(kind, { RESPONSE_CACHE: '0' });
  const lite = kind === 'pglite';
  figures.push(
    figure(
      `restaurant-uncached-${kind}`,
      `Restaurant page data with the response cache off (RESPONSE_CACHE=0, every request computed), ${lite ? 'PGlite' : 'PostgreSQL'}: GET /api/restaurants/{slug} (${r.items} items) req/s at 50 connections over ${SECONDS} s, p99${lite ? ' and slowest request' : ''}`,
      `${fmtRate(r.reqPerSec)}, p99 ${fmtMs(r.p99)}${lite ? `, max ${fmtMs(r.max)}` : ''}`,
      lite ? '≥ 300/s, p99 < 300 ms, max < 1 s' : '≥ 1,000/s, p99 < 100 ms',
      lite ? r.reqPerSec >= 300 && r.p99 < 300 && r.max < 1000 : r.reqPerSec >= 1000 && r.p99 < 100,
    ),
  );
}
if (!opts['uncached-only']) {
  const lite = await measure('pglite', {});
  const pg = await measure('postgres', {});
  const ratio = lite.reqPerSec / pg.reqPerSec;
  figures.unshift(
    figure(
      'restaurant-pglite',
      `Restaurant page data (cached answers) on PGlite vs PostgreSQL: req/s at 50 connections, same run`,
      `${fmtRate(lite.reqPerSec)} vs ${fmtRate(pg.reqPerSec)} = ${ratio.toFixed(2)}, PGlite p99 ${fmtMs(lite.p99)}`,
      '≥ 0.5',
      ratio >= 0.5,
    ),
  );
  figures.push(
    figure(
      'restaurant',
      `Restaurant page data (GET /api/restaurants/{slug}, ${pg.items} items, cached answers), PostgreSQL, 50 connections`,
      `${fmtRate(pg.reqPerSec)}, p99 ${fmtMs(pg.p99)}`,
      '≥ 3,000/s, p99 < 50 ms',
      pg.reqPerSec >= 3000 && pg.p99 < 50,
    ),
  );
}
printResult(figures, opts);
