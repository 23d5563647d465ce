#!/usr/bin/env node
// The churn bench (bench/README.md, docs/decisions/0243-churn-bench-rates.md): what dinner-time edits do to
// the response cache (docs/decisions/0091-response-cache.md) on a London-sized catalog.
//
// 1. Catalog: on each database (PGlite first, then PostgreSQL; --db to choose) the server migrates and
//    seeds the demo data; the bench adds in SQL (bench/lib/seed-catalog.mjs, shared with
//    perf/scale.mjs) 600 London branches of 300 brands (copies of the demo brands and menus) spread
//    over the 181 inner London postcode districts, with four patterns of opening hours; 20 partner
//    accounts owning the brands and 20 customers (made like the demo partner and customer: same
//    password, accepted terms). PGlite's server is stopped while the bench writes to its folder and
//    started again; PostgreSQL's keeps running. The server runs with METRICS_TOKEN: the cache's hits
//    and misses are read from halalnosh_response_cache_requests_total.
// 2. Customers: autocannon, 50 connections, no pipelining, accept-encoding as a browser sends it;
//    each request drawn at random: 30 % the London search (page 1, 2 or 3, the Open Now chip, by
//    rating), 30 % a postcode search over 45 real-format postcodes across London, 40 % a restaurant
//    page, branches weighted by popularity (Zipf: the k-th most popular branch drawn ∝ 1/k).
// 3. Edits, at the same time, through the API with real sessions, open loop at the dinner-time rate
//    per 100 branches per minute (the reasoning: docs/decisions/0243-churn-bench-rates.md):
//    3 item availability changes (sold out, back), 0.5 price changes, 0.5 pauses or unpauses and
//    2.5 reviews: 6.5 writes per 100 branches per minute, 39/min for the 600 branches.
// 4. Phases on one server: the load WITHOUT edits, then the SAME load WITH edits, each a 5 s warm-up
//    (with its edits) and 60 s measured; --rounds N repeats the pair. Every measured minute holds one
//    branch opening (set by its partner before the phase, at the one whole minute inside the window),
//    so the clock ends the cache's entries once in each phase, with edits or without. Figures per
//    database: hit rate and p99 with edits against without (budget: within 20 %: hit rate ≥ 0.8 ×,
//    p99 ≤ 1.2 ×, no request unanswered in 10 s), throughput and p50 reported.
// 5. For reference (not with --quick or --no-uncached, which A/B runs use to save its minutes): the cached server stops and one with RESPONSE_CACHE=0 starts on
//    the same data; the same load without writes (one phase as above) gives what computing every
//    answer costs, to set beside the cached server under writes.
//
//   node bench/perf/churn.mjs [--quick] [--json] [--verbose] [--db pglite,postgres] [--rounds N] [--no-record] [--no-uncached]
// Run alone (not --json, --quick or --no-record) it writes its table to bench/results.md between the
// churn markers, the previous run's values beside; under bench/run.mjs the full run's table holds them.
// --quick: PostgreSQL only (unless --db), 150 branches, 4 partners and 4 customers, 2 s warm-up,
// 6 s phases (never recorded; an opening only when a whole minute falls inside the window).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { ROOT, call, freshDatabase, signIn } from '../lib/harness.mjs';
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
import { cloneAccounts, copyInto, pgliteClient, seedBranches, seedBrands, uuidOf } from '../lib/seed-catalog.mjs';
import { cpuName, recordSection, runCommit, runMinute } from '../lib/results-section.mjs';

const opts = benchArgs({
  db: { type: 'string' },
  rounds: { type: 'string' },
  'no-record': { type: 'boolean', default: false },
  'no-uncached': { type: 'boolean', default: false },
});
// --quick measures PostgreSQL alone (under a minute); the embedded database's first start alone, which
// migrates and seeds the demo data, takes 20 to 35 s on this machine, and it starts twice.
const DATABASES = (opts.db ?? (opts.quick ? 'postgres' : 'pglite,postgres')).split(',');
const BRANCHES = opts.quick ? 150 : 600;
const BRANDS = BRANCHES / 2;
const WARMUP = opts.quick ? 2 : 5;
const SECONDS = opts.quick ? 6 : 60;
const ROUNDS = Number(opts.rounds ?? 1);
const CONNECTIONS = 50;
const PARTNERS = opts.quick ? 4 : 20;
const CUSTOMERS = opts.quick ? 4 : 20;
/** Load before the first phase, not counted: the fresh server's code warms up. */
const FIRST_WARMUP = opts.quick ? 2 : 15;
/** Writes per 100 branches per minute at the dinner peak (docs/decisions/0243-churn-bench-rates.md). */
const RATES = { availability: 3, price: 0.5, pause: 0.5, review: 2.5 };
/** What a browser asks for: the cache's compressed twins are part of what a miss costs. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };
const METRICS_TOKEN = 'churn-bench-metrics-token-0123456789abcdef';
const log = (line) => say(opts, line);

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const hhmm = (minute) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
function londonNow(at = new Date()) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { today: parts.weekday.toLowerCase(), minute: Number(parts.hour) * 60 + Number(parts.minute) };
}
const week = (day, overrides = {}) => JSON.stringify(Object.fromEntries(WEEKDAYS.map((d) => [d, overrides[d] ?? day])));
/** Four patterns of a London takeaway's week. */
const HOURS = [
  week({ open: '11:00', close: '23:00', closed: false }),
  week({ open: '12:00', close: '01:00', closed: false }),
  week({ open: '17:00', close: '23:30', closed: false }, { monday: { open: '17:00', close: '23:30', closed: true } }),
  week(
    { open: '11:30', close: '22:30', closed: false },
    {
      friday: { open: '11:30', close: '00:00', closed: false },
      saturday: { open: '11:30', close: '00:00', closed: false },
    },
  ),
];
const LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

/** The inner London postcode districts of the bundled table, with their centres. */
function londonDistricts() {
  const table = JSON.parse(readFileSync(path.join(ROOT, 'src/server/modules/geo/postcode-districts.json'), 'utf8'));
  return Object.entries(table)
    .filter(([group]) => group.startsWith('London: '))
    .flatMap(([, districts]) => Object.entries(districts).map(([d, [lat, lng]]) => ({ d, lat, lng })));
}

/** The London catalog in SQL; returns the branches with their items, owners and the customers. */
async function seedLondon(c) {
  const started = Date.now();
  const districts = londonDistricts();
  await c.query('create temp table tpl_place (k int, district text, lat float8, lng float8)');
  await c.query(
    `insert into tpl_place values ${districts.map((x, k) => `(${k}, '${x.d}', ${x.lat}, ${x.lng})`).join(', ')}`,
  );
  await seedBrands(c, { brands: BRANDS, log });
  // Within about ±300 m of the district's centre.
  await seedBranches(c, {
    branches: BRANCHES,
    brands: BRANDS,
    placeJoin: `join tpl_place pl on pl.k = g.n % ${districts.length}`,
    overrides: {
      city: `'London'`,
      city_slug: `'london'`,
      postcode: `pl.district || ' ' || (g.n % 9 + 1) || substr('${LETTERS}', g.n % 20 + 1, 1) || substr('${LETTERS}', (g.n / 20) % 20 + 1, 1)`,
      address: `(g.n % 300 + 1) || ' ' || (array['High Street', 'Green Lanes', 'Whitechapel Road', 'Edgware Road', 'Tooting High Street', 'Brick Lane', 'Kingsland Road', 'Uxbridge Road'])[g.n % 8 + 1]`,
      lat: `pl.lat + (((g.n * 7919) % 1000) / 1000.0 - 0.5) * 0.006`,
      lng: `pl.lng + (((g.n * 104729) % 1000) / 1000.0 - 0.5) * 0.009`,
      opening_hours: `(array[${HOURS.map((h) => `'${h}'::jsonb`).join(', ')}])[g.n % ${HOURS.length} + 1]`,
      is_open: 'true',
      paused_until: 'null',
      busy_extra_minutes: '0',
      review_status: `'approved'`,
      brand_suspended_at: 'null',
      halal_suspended_at: 'null',
    },
    log,
  });
  const partners = await cloneAccounts(c, { from: 'partner@halalnosh.test', count: PARTNERS, prefix: 'partner', log });
  const customers = await cloneAccounts(c, {
    from: 'customer@halalnosh.test',
    count: CUSTOMERS,
    prefix: 'customer',
    log,
  });
  await copyInto(
    c,
    'brand_memberships',
    {
      id: uuidOf(`'bench-membership-' || g.n`),
      brand_id: uuidOf(`'bench-brand-' || g.n`),
      user_id: `'partner-' || (g.n % ${PARTNERS} + 1)`,
      role: `'owner'`,
      created_at: 'now()',
    },
    `from (select 1) src, generate_series(1, ${BRANDS}) g(n)`,
    log,
  );
  await c.query('analyze');
  const { rows } = await c.query(
    `select s.id, s.slug, s.postcode,
       (select u.email from brand_memberships bm join "user" u on u.id = bm.user_id where bm.brand_id = s.brand_id limit 1) as owner,
       (select json_agg(json_build_object('id', i.id, 'price', i.price_minor)) from menus m join menu_items i on i.menu_id = m.id where m.brand_id = s.brand_id) as items
     from sites s where s.slug like 'bench-%' order by s.slug`,
  );
  const branches = rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    postcode: r.postcode,
    owner: r.owner,
    items: typeof r.items === 'string' ? JSON.parse(r.items) : r.items,
  }));
  log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { branches, partners, customers, districts };
}

/** A weighted draw: cumulative weights and a binary search. */
function sampler(weighted) {
  const cumulative = [];
  let total = 0;
  for (const [, w] of weighted) cumulative.push((total += w));
  return () => {
    const x = Math.random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] <= x) lo = mid + 1;
      else hi = mid;
    }
    return weighted[lo][0];
  };
}

/** The customers' mix of requests (paths), drawn at random per request. */
function customerMix(catalog) {
  // A fixed popularity order (not the slug order): every 7th branch, wrapping round.
  const ranked = catalog.branches.map((_, i) => catalog.branches[(i * 7) % catalog.branches.length]);
  const popular = sampler(ranked.map((b, k) => [b, 1 / (k + 1)]));
  const postcodes = catalog.districts
    .filter((_, k) => k % 4 === 0)
    .map((x, k) => `${x.d} ${(k % 9) + 1}${LETTERS[(k * 3) % 20]}${LETTERS[(k * 7) % 20]}`);
  const search = (q) => `/api/restaurants/search?${new URLSearchParams(q)}`;
  const city = sampler([
    [search({ location: 'London' }), 16],
    [search({ location: 'London', offset: '24' }), 4],
    [search({ location: 'London', offset: '48' }), 2],
    [search({ location: 'London', filters: 'open' }), 5],
    [search({ location: 'London', sort: 'rating' }), 3],
  ]);
  const kind = sampler([
    ['city', 30],
    ['postcode', 30],
    ['restaurant', 40],
  ]);
  return {
    popular,
    postcodes,
    next() {
      const k = kind();
      if (k === 'city') return city();
      if (k === 'postcode') return search({ location: postcodes[Math.floor(Math.random() * postcodes.length)] });
      return `/api/restaurants/${popular().slug}`;
    },
  };
}

/** The response cache's hits and misses of the search and restaurant answers, from the metrics endpoint. */
async function cacheCounts(base) {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (res.status !== 200) throw new Error(`metrics: ${res.status}`);
  const counts = { hit: 0, miss: 0 };
  for (const m of (await res.text()).matchAll(/^halalnosh_response_cache_requests_total\{([^}]*)\} (\S+)$/gm)) {
    const labels = Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (labels.answer === 'search' || labels.answer === 'restaurant') counts[labels.result] += Number(m[2]);
  }
  return counts;
}

const COMMENTS = [
  'Lamb biryani was spot on, rider was quick too.',
  'Good portions, chips a bit soggy by the time they arrived.',
  'Best grill in the area, the mixed platter feeds two easily.',
  'Order was 20 minutes late but the food was hot and tasty.',
  'Lovely karahi, will order again on Friday.',
  null,
];

/**
 * Partners' and customers' writes through the API, open loop: write i is due at start + i / rate,
 * whatever the earlier ones do; the kind is the one furthest behind its share. start(), stop(), smoke().
 */
function editors(base, catalog, mix, sessions) {
  const perMinute = Object.fromEntries(Object.entries(RATES).map(([k, r]) => [k, (r * catalog.branches.length) / 100]));
  const total = Object.values(perMinute).reduce((a, b) => a + b, 0);
  const intervalMs = 60_000 / total;
  const done = Object.fromEntries(Object.keys(RATES).map((k) => [k, 0]));
  const issued = Object.fromEntries(Object.keys(RATES).map((k) => [k, 0]));
  const failures = [];
  const soldOut = [];
  const paused = [];
  const inFlight = new Set();
  const any = (list) => list[Math.floor(Math.random() * list.length)];
  const partnerFor = (b) => sessions.partners.get(b.owner);
  const write = async (kind) => {
    let res;
    if (kind === 'availability') {
      if (soldOut.length && Math.random() < 0.5) {
        const { b, item } = soldOut.splice(Math.floor(Math.random() * soldOut.length), 1)[0];
        res = await call(base, 'PUT', `/api/partner/sites/${b.id}/items/${item.id}/override`, {
          cookie: partnerFor(b),
          body: { isAvailable: null },
        });
      } else {
        const b = any(catalog.branches);
        const item = any(b.items);
        soldOut.push({ b, item });
        res = await call(base, 'PUT', `/api/partner/sites/${b.id}/items/${item.id}/override`, {
          cookie: partnerFor(b),
          body: { isAvailable: false },
        });
      }
    } else if (kind === 'price') {
      const b = any(catalog.branches);
      const item = any(b.items);
      res = await call(base, 'PUT', `/api/partner/sites/${b.id}/items/${item.id}/override`, {
        cookie: partnerFor(b),
        body: { priceMinor: item.price + 50 },
      });
    } else if (kind === 'pause') {
      if (paused.length && Math.random() < 0.5) {
        const b = paused.splice(Math.floor(Math.random() * paused.length), 1)[0];
        res = await call(base, 'PATCH', `/api/partner/sites/${b.id}`, {
          cookie: partnerFor(b),
          body: { pausedUntil: null },
        });
      } else {
        const b = any(catalog.branches);
        paused.push(b);
        res = await call(base, 'PATCH', `/api/partner/sites/${b.id}`, {
          cookie: partnerFor(b),
          body: { pausedUntil: new Date(Date.now() + 20 * 60_000).toISOString() },
        });
      }
    } else {
      const b = mix.popular();
      res = await call(base, 'PUT', `/api/restaurants/${b.id}/reviews/mine`, {
        cookie: any(sessions.customers),
        body: { rating: 3 + Math.floor(Math.random() * 3), comment: any(COMMENTS) },
      });
    }
    if (res.status === 200) done[kind] += 1;
    else failures.push(`${kind}: ${res.status} ${res.text.slice(0, 200)}`);
  };
  const started = Date.now();
  let i = 0;
  let timer = null;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    const kind = Object.keys(RATES).reduce((a, b) => (issued[a] / perMinute[a] <= issued[b] / perMinute[b] ? a : b));
    issued[kind] += 1;
    const p = write(kind).catch((err) => failures.push(`${kind}: ${err.message}`));
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    i += 1;
    timer = setTimeout(tick, Math.max(0, started + i * intervalMs - Date.now()));
  };
  return {
    start() {
      timer = setTimeout(tick, intervalMs * Math.random());
    },
    /** One write of each kind, one after another (before the phases: every kind is taken). */
    async smoke() {
      for (const kind of Object.keys(RATES)) await write(kind);
      if (failures.length) throw new Error(`edits refused:\n  ${failures.join('\n  ')}`);
    },
    perMinute: total,
    /** Writes answered so far (a snapshot), by kind. */
    counts: () => ({ ...done }),
    failures,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all([...inFlight]);
    },
  };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Every boundary of the answers' clock falls on a whole minute, and a 60 s window holds exactly one:
 * one branch (a different one each phase) is set, through its partner, to open at that minute today,
 * so each measured window holds one opening whatever the hour. The phase starts at least 5 s away
 * from the minute's edges, so that the minute is surely inside. Returns the opening's London time,
 * or null (a quick window without a whole minute).
 */
async function openingInWindow(base, catalog, sessions, index) {
  const windowMs = SECONDS * 1000;
  for (;;) {
    const start = Date.now() + WARMUP * 1000 + 500;
    const minute = Math.ceil(start / 60_000) * 60_000;
    if (windowMs >= 60_000 && (minute - start < 5000 || minute - start > windowMs - 5000)) {
      await sleep(1000);
      continue;
    }
    if (minute - start < 1000 || minute - start > windowMs - 1000) return null;
    const b = catalog.branches[(index * 37 + 11) % catalog.branches.length];
    const n = Number(/^bench-(\d+)-/.exec(b.slug)[1]);
    const { today, minute: london } = londonNow(new Date(minute));
    const hours = JSON.parse(HOURS[n % HOURS.length]);
    hours[today] = { open: hhmm(london), close: london < 23 * 60 + 30 ? '23:30' : '23:59', closed: false };
    const res = await call(base, 'PATCH', `/api/partner/sites/${b.id}`, {
      cookie: sessions.partners.get(b.owner),
      body: { openingHours: hours },
    });
    if (res.status !== 200) throw new Error(`setting an opening: ${res.status} ${res.text}`);
    return hhmm(london);
  }
}

let phases = 0;

/** One phase: warm-up then the measured load, with or without the edits running. */
async function phase(server, catalog, mix, sessions, withEdits) {
  const opening = await openingInWindow(server.base, catalog, sessions, phases++);
  const requests = [{ method: 'GET', setupRequest: (req) => ({ ...req, path: mix.next() }) }];
  const run = (seconds) =>
    load({
      url: server.base,
      connections: CONNECTIONS,
      seconds,
      warmupSeconds: 0,
      headers: BROWSER_HEADERS,
      requests,
    });
  const edits = withEdits ? editors(server.base, catalog, mix, sessions) : null;
  edits?.start();
  let out;
  try {
    await run(WARMUP);
    const before = await cacheCounts(server.base);
    const editsBefore = edits?.counts();
    const r = await run(SECONDS);
    const after = await cacheCounts(server.base);
    const editsAfter = edits?.counts();
    // An answer other than 2xx is a fault of the bench or the server: stop. A request unanswered in
    // autocannon's 10 s (an error) is what a customer would have seen: counted and reported.
    if (r.non2xx) throw new Error(`customers' load: ${r.non2xx} non-2xx answers`);
    const hit = after.hit - before.hit;
    const miss = after.miss - before.miss;
    const writes = edits
      ? Object.fromEntries(Object.keys(editsAfter).map((k) => [k, editsAfter[k] - editsBefore[k]]))
      : null;
    out = { ...r, hitRate: hit / (hit + miss), hit, miss, writes };
    say(
      opts,
      `  ${withEdits ? 'with edits   ' : 'without edits'}: ${fmtRate(r.reqPerSec)}, p50 ${fmtMs(r.p50)}, p99 ${fmtMs(r.p99)}, max ${fmtMs(r.max)}${r.errors ? `, ${r.errors} unanswered in 10 s` : ''}, cache hit rate ${(out.hitRate * 100).toFixed(1)} % (${hit.toLocaleString('en-GB')} hits, ${miss.toLocaleString('en-GB')} misses)${
        writes
          ? `; writes in the window: ${Object.entries(writes)
              .map(([k, v]) => `${k} ${v}`)
              .join(', ')} (asked ${edits.perMinute.toFixed(1)}/min)`
          : ''
      }${opening ? `; a branch opened at ${opening}` : ''}`,
    );
  } finally {
    await edits?.stop();
  }
  // Every write must have been taken: a refused one would not have changed the catalog.
  if (edits?.failures.length) throw new Error(`edits refused:\n  ${edits.failures.slice(0, 5).join('\n  ')}`);
  return out;
}

/** Sums phases of one kind: rate and latencies averaged, counts added. */
function combine(list) {
  const avg = (f) => list.reduce((a, r) => a + r[f], 0) / list.length;
  const hit = list.reduce((a, r) => a + r.hit, 0);
  const miss = list.reduce((a, r) => a + r.miss, 0);
  const writes = {};
  for (const r of list) for (const [k, v] of Object.entries(r.writes ?? {})) writes[k] = (writes[k] ?? 0) + v;
  return {
    reqPerSec: avg('reqPerSec'),
    p50: avg('p50'),
    p99: avg('p99'),
    max: Math.max(...list.map((r) => r.max)),
    errors: list.reduce((a, r) => a + r.errors, 0),
    hit,
    miss,
    hitRate: hit / (hit + miss),
    writes,
  };
}

async function measure(kind) {
  const lite = kind === 'pglite';
  const db = lite ? null : await freshDatabase(PG_SERVER, 'halalnosh_perf_churn');
  const dataDir = lite ? mkdtempSync(path.join(tmpdir(), 'halalnosh-churn-')) : null;
  const env = { METRICS_TOKEN };
  let server = null;
  try {
    say(opts, `${lite ? 'PGlite' : 'PostgreSQL'}: the demo data, then ${BRANCHES} London branches…`);
    server = await startBenchServer({ databaseUrl: db?.url ?? null, dataDir, env, verbose: opts.verbose });
    say(opts, `  demo data in ${(server.startedInMs / 1000).toFixed(1)} s`);
    let catalog;
    if (lite) {
      // The embedded database is the server's alone: stopped while the bench writes to its folder.
      await server.kill();
      server = null;
      const pglite = new PGlite({ dataDir: path.join(dataDir, 'pglite') });
      await pglite.waitReady;
      try {
        catalog = await seedLondon(pgliteClient(pglite));
      } finally {
        await pglite.close();
      }
      server = await startBenchServer({ dataDir, env, verbose: opts.verbose });
      say(opts, `  server started again in ${(server.startedInMs / 1000).toFixed(1)} s`);
    } else {
      // PostgreSQL: written beside the running server, which hears the changes as from any writer.
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      try {
        catalog = await seedLondon(c);
      } finally {
        await c.end();
      }
    }
    const signInStarted = Date.now();
    const sessions = { partners: new Map(), customers: [] };
    const signInAll = async (emails) => {
      const cookies = [];
      for (let i = 0; i < emails.length; i += 4)
        cookies.push(...(await Promise.all(emails.slice(i, i + 4).map((e) => signIn(server.base, e)))));
      return cookies;
    };
    const partnerCookies = await signInAll(catalog.partners);
    catalog.partners.forEach((email, i) => sessions.partners.set(email, partnerCookies[i]));
    sessions.customers = await signInAll(catalog.customers);
    say(
      opts,
      `  ${PARTNERS} partners and ${CUSTOMERS} customers signed in in ${((Date.now() - signInStarted) / 1000).toFixed(1)} s`,
    );
    const mix = customerMix(catalog);
    await editors(server.base, catalog, mix, sessions).smoke();
    await load({
      url: server.base,
      connections: CONNECTIONS,
      seconds: FIRST_WARMUP,
      warmupSeconds: 0,
      headers: BROWSER_HEADERS,
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: mix.next() }) }],
    });
    const results = { without: [], with: [] };
    for (let round = 0; round < ROUNDS; round++) {
      results.without.push(await phase(server, catalog, mix, sessions, false));
      results.with.push(await phase(server, catalog, mix, sessions, true));
    }
    // For reference, not a budget: the same load, without writes, on a server with the cache off
    // (the same data; the cached server stopped first), to tell whether the cache under writes still
    // beats computing every answer.
    let uncached = null;
    if (!opts.quick && !opts['no-uncached']) {
      await server.kill();
      server = null;
      server = await startBenchServer({
        databaseUrl: db?.url ?? null,
        dataDir,
        env: { ...env, RESPONSE_CACHE: '0' },
        verbose: opts.verbose,
      });
      say(opts, '  the response cache off (RESPONSE_CACHE=0), for reference:');
      uncached = await phase(server, catalog, mix, sessions, false);
    }
    const loadAvg = os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' / ');
    return {
      without: combine(results.without),
      with: combine(results.with),
      uncached,
      branches: catalog.branches.length,
      load: loadAvg,
    };
  } finally {
    if (server) await server.kill();
    await db?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const figures = [];
for (const kind of DATABASES) {
  const r = await measure(kind);
  const name = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const pct = (x) => `${(x * 100).toFixed(1)} %`;
  const hitRatio = r.with.hitRate / r.without.hitRate;
  const p99Ratio = r.with.p99 / r.without.p99;
  // Requests unanswered in autocannon's 10 s are not in its percentiles: named beside them.
  const unanswered =
    r.with.errors || r.without.errors
      ? ` (unanswered in 10 s: ${r.with.errors} with, ${r.without.errors} without)`
      : '';
  const writes = Object.values(r.with.writes).reduce((a, b) => a + b, 0);
  const perMinute = (writes / (SECONDS * ROUNDS)) * 60;
  const scene = `${r.branches} London branches, 50 connections, ${SECONDS} s${ROUNDS > 1 ? ` × ${ROUNDS}` : ''}, ${perMinute.toFixed(1)} writes/min (${Object.entries(
    r.with.writes,
  )
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}), machine load ${r.load}`;
  figures.push(
    figure(
      `churn-hit-${kind}`,
      `Response cache hit rate under dinner-time edits vs the same load without, ${name} (${scene})`,
      `${pct(r.with.hitRate)} vs ${pct(r.without.hitRate)} = ${hitRatio.toFixed(2)}`,
      '≥ 0.8 ×',
      hitRatio >= 0.8,
    ),
    figure(
      `churn-p99-${kind}`,
      `Customers' p99 under dinner-time edits vs the same load without, ${name}`,
      `${fmtMs(r.with.p99)} vs ${fmtMs(r.without.p99)} = ${p99Ratio.toFixed(2)}×${unanswered}`,
      '≤ 1.2 ×, none unanswered',
      p99Ratio <= 1.2 && r.with.errors === 0 && r.without.errors === 0,
    ),
    figure(
      `churn-rate-${kind}`,
      `Customers' throughput and p50 under dinner-time edits vs without, ${name}`,
      `${fmtRate(r.with.reqPerSec)} vs ${fmtRate(r.without.reqPerSec)} = ${(r.with.reqPerSec / r.without.reqPerSec).toFixed(2)}, p50 ${fmtMs(r.with.p50)} vs ${fmtMs(r.without.p50)}`,
      'reported',
      true,
    ),
  );
  if (r.uncached) {
    figures.push(
      figure(
        `churn-uncached-${kind}`,
        `The same customers' load, no writes, with the response cache off (RESPONSE_CACHE=0), ${name}: throughput, p50, p99 (against the cached server with writes)`,
        `${fmtRate(r.uncached.reqPerSec)}, p50 ${fmtMs(r.uncached.p50)}, p99 ${fmtMs(r.uncached.p99)}${r.uncached.errors ? `, ${r.uncached.errors} unanswered in 10 s` : ''} (with writes, cached: ${fmtRate(r.with.reqPerSec)}, p99 ${fmtMs(r.with.p99)})`,
        'reported',
        true,
      ),
    );
  }
}
printResult(figures, opts);
if (!opts.quick && !opts['no-record'] && !opts['no-uncached'] && !opts.json) record(figures);

/** bench/results.md, between the churn markers: this run, and the previous one's values beside. */
function record(figs) {
  recordSection({
    marker: 'churn',
    heading: '## Churn: the response cache under dinner-time edits',
    runLine: `Run ${runMinute()} UTC by \`node bench/perf/churn.mjs${opts.db ? ` --db ${opts.db}` : ''}${opts.rounds ? ` --rounds ${ROUNDS}` : ''}\` at commit ${runCommit()}, on ${os.cpus().length} × ${cpuName()}, Node ${process.version}; the method, the catalog and the rates: the top of bench/perf/churn.mjs and docs/decisions/0243-churn-bench-rates.md.`,
    figures: figs,
  });
  say(opts, 'wrote bench/results.md');
}
