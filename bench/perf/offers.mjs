#!/usr/bin/env node
// Offer badges' cost (docs/decisions/0268-offer-badges-and-filter.md): the London search, the
// postcode search and a restaurant page with an offer on every branch against the same with no
// offers, in the same run on one PostgreSQL server (a fresh database, DEMO=1) with the response
// cache off (RESPONSE_CACHE=0: every request computes its cards; cached answers cost the same either
// way). Rounds alternate none / every branch (A B A B …) so a neighbour's load falls on both; each
// round is autocannon at 50 connections and the server's CPU per request (user + system, /proc),
// which a busy host disturbs less than the rate, with the CPU per request of the server's PostgreSQL
// backends (the database shares the host: its work competes with the load generator). Budget: with offers, req/s at least 90 % of
// without, per path, over the rounds' medians.
//
//   node bench/perf/offers.mjs [--quick] [--json] [--verbose] [--rounds 3]
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { freshDatabase, servingPid } from '../lib/harness.mjs';
import { benchArgs, figure, fmtRate, load, PG_SERVER, printResult, say, startBenchServer } from '../lib/perf.mjs';

const opts = benchArgs({ rounds: { type: 'string', default: '3' } });
const SECONDS = opts.quick ? 4 : 10;
const ROUNDS = Number(opts.rounds);
const TICK_US = 10_000;

/** utime + stime of a process, in clock ticks (10 ms). */
function ticksOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// One offer per branch, its own (the badge reads the brand's and the branch's), of a kind per
// branch in turn, running all day every day: the worst case for the card's subquery and headlineOffer.
const SEED = `insert into offers (brand_id, site_id, kind, percent, cap_minor, amount_minor, min_spend_minor, starts_on)
  select s.brand_id, s.id, k.kind, case when k.kind = 'percent_off' then 20 end, case when k.kind = 'percent_off' then 500 end,
    case when k.kind = 'amount_off' then 300 end, case when k.kind = 'amount_off' then 1500 else 0 end, date '2020-01-01'
  from (select s.*, row_number() over (order by s.id) as n from sites s) s
  cross join lateral (select (array['percent_off', 'amount_off', 'free_delivery'])[1 + s.n % 3] as kind) k`;

const db = await freshDatabase(PG_SERVER, 'halalnosh_perf_offers');
const client = new pg.Client({ connectionString: db.url });
let server = null;
const figures = [];
try {
  server = await startBenchServer({ databaseUrl: db.url, env: { RESPONSE_CACHE: '0' }, verbose: opts.verbose });
  await client.connect();
  const pid = await servingPid(server.pid);
  const found = await (await fetch(`${server.base}/api/restaurants/search?location=London&limit=100`)).json();
  const paths = [
    { id: 'london', label: 'London search', path: '/api/restaurants/search?location=London' },
    { id: 'postcode', label: 'postcode E1 6AN search', path: '/api/restaurants/search?location=E1%206AN' },
    { id: 'restaurant', label: 'restaurant page', path: `/api/restaurants/${found.restaurants[0].slug}` },
  ];
  const runs = Object.fromEntries(paths.map((p) => [p.id, { none: [], every: [] }]));
  // A warm-up of every path first, so the first measured round (without offers) pays no JIT.
  for (const p of paths) await load({ url: server.base + p.path, seconds: 3, warmupSeconds: 0 });
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of ['none', 'every']) {
      await client.query('delete from offers');
      if (mode === 'every') await client.query(SEED);
      const { rows } = await client.query('select count(*)::int as n from offers');
      for (const p of paths) {
        const url = server.base + p.path;
        // The server's pool connections as the path's load starts (a backend that comes later is not counted, and
        // one that ends during the load, as an idle pool connection may, is left out of both readings).
        const backends = (
          await client.query(
            'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
          )
        ).rows.map((x) => x.pid);
        const t0 = ticksOf(pid);
        const d0 = new Map(backends.map((b) => [b, ticksOf(b)]));
        const r = await load({ url, seconds: SECONDS, warmupSeconds: 1 });
        const cpuUs = ((ticksOf(pid) - t0) * TICK_US) / Math.max(1, r.requests);
        let dbTickSum = 0;
        for (const [b, before] of d0) {
          const after = ticksOf(b);
          if (after > 0 && before > 0) dbTickSum += after - before;
        }
        const dbUs = (dbTickSum * TICK_US) / Math.max(1, r.requests);
        if (r.non2xx || r.errors) throw new Error(`${p.label}, ${mode}: ${r.non2xx} non-2xx, ${r.errors} errors`);
        runs[p.id][mode].push({ rate: r.reqPerSec, cpuUs, dbUs });
        say(
          opts,
          `round ${round + 1}, ${mode === 'none' ? 'no offers' : `${rows[0].n} offers`}: ${p.label} ${fmtRate(r.reqPerSec)}, server CPU ${cpuUs.toFixed(0)} µs/request, database ${dbUs.toFixed(0)} µs/request`,
        );
      }
    }
  }
  await client.query('delete from offers');
  for (const p of paths) {
    const a = runs[p.id].none;
    const b = runs[p.id].every;
    const ratio = median(b.map((x) => x.rate)) / median(a.map((x) => x.rate));
    figures.push(
      figure(
        `offers-${p.id}`,
        `${p.label[0].toUpperCase()}${p.label.slice(1)} with an offer on every branch vs none, RESPONSE_CACHE=0, PostgreSQL, same run (medians of ${ROUNDS} alternating rounds): req/s, and server and database CPU per request`,
        `${fmtRate(median(b.map((x) => x.rate)))} vs ${fmtRate(median(a.map((x) => x.rate)))} = ${ratio.toFixed(2)}; CPU ${median(b.map((x) => x.cpuUs)).toFixed(0)} vs ${median(a.map((x) => x.cpuUs)).toFixed(0)} µs, database ${median(b.map((x) => x.dbUs)).toFixed(0)} vs ${median(a.map((x) => x.dbUs)).toFixed(0)} µs`,
        '≥ 0.90',
        ratio >= 0.9,
      ),
    );
  }
} finally {
  await client.end().catch(() => undefined);
  if (server) await server.kill();
  await db.drop();
}
printResult(figures, opts);
