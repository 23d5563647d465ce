#!/usr/bin/env node
// Performance budget, figure 2 of bench/README.md: the restaurant page's data — GET /api/restaurants/{slug}, the one call the
// page makes for the branch with its menu — on PostgreSQL (a fresh database, DEMO=1), with
// autocannon: 50 connections, no pipelining, after a warm-up. Budget: ≥ 3,000 req/s, p99 < 50 ms.
// The slug is the first London search result with a menu.
//
//   node bench/perf/restaurant.mjs [--quick] [--json] [--verbose]
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

const opts = benchArgs();
const SECONDS = opts.quick ? 5 : 15;
const WARMUP = opts.quick ? 1 : 3;

const figures = [];
const db = await freshDatabase(PG_SERVER, 'halalnosh_perf_restaurant');
let server = null;
try {
  server = await startBenchServer({ databaseUrl: db.url, verbose: opts.verbose });
  const found = await (await fetch(`${server.base}/api/restaurants/search?location=London&limit=100`)).json();
  let slug = null;
  let items = 0;
  for (const r of found.restaurants) {
    const page = await (await fetch(`${server.base}/api/restaurants/${r.slug}`)).json();
    items = page.restaurant.menu?.sections.flatMap((s) => s.items).length ?? 0;
    if (items) {
      slug = r.slug;
      break;
    }
  }
  if (!slug) throw new Error('no London branch with a menu');
  say(opts, `Restaurant page data of ${slug} (${items} menu items)…`);
  const r = await load({ url: `${server.base}/api/restaurants/${slug}`, seconds: SECONDS, warmupSeconds: WARMUP });
  if (r.non2xx || r.errors) throw new Error(`${r.non2xx} non-2xx, ${r.errors} errors`);
  say(opts, `  ${fmtRate(r.reqPerSec)}, p50 ${fmtMs(r.p50)}, p99 ${fmtMs(r.p99)}`);
  figures.push(
    figure(
      'restaurant',
      `Restaurant page data (GET /api/restaurants/{slug}, ${items} items), 50 connections`,
      `${fmtRate(r.reqPerSec)}, p99 ${fmtMs(r.p99)}`,
      '≥ 3,000/s, p99 < 50 ms',
      r.reqPerSec >= 3000 && r.p99 < 50,
    ),
  );
} finally {
  if (server) await server.kill();
  await db.drop();
}
printResult(figures, opts);
