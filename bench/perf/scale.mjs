#!/usr/bin/env node
// Performance budget, figure 6 of bench/README.md: search p50 with 10,000 branches and 1,000,000 orders against the demo data.
//
// 1. Two fresh PostgreSQL databases seeded with the demo data (DEMO=1): "demo" stays as seeded,
//    "scaled" gets the bulk data below. On each, a server with RESPONSE_CACHE=0, so that every
//    search runs the real query path (the figure: cache misses), and one as deployed, with the
//    response cache (reported beside it).
// 2. Search p50 for London and for a postcode, one request at a time, alternating between the demo
//    and the scaled server request by request: whatever else loads the machine weighs on both.
// 3. Bulk data in SQL: 1,000 more brands, each with a copy of a demo brand's menu (sections and
//    items); 10,000 branches spread over the 20 cities (opening hours, fees and radius copied from
//    demo branches, positions scattered round the city centre); 1,000,000 orders on them (a fifth
//    pickup, the rest delivery; delivered, collected or rejected), each with 2 items and its status
//    history (3 rows). Columns are copied by name from information_schema, so the copy follows the
//    schema. Then VACUUM ANALYZE.
// Budget: scaled p50 ≤ 1.5 × demo p50 (cache misses).
//
// 4. The seeded scaled database is kept as a template, halalnosh_bench_scale_<branches>_<hash of the
//    migrations folder, of seedScale's source and of bench/lib/seed-catalog.mjs (the brands and branches,
//    shared with perf/churn.mjs)>; later runs copy it (CREATE DATABASE … TEMPLATE,
//    seconds instead of minutes) instead of seeding again. The output and the figure say which.
//    Drop old templates by hand (`drop database halalnosh_bench_scale_…`) when disk matters.
//
//   node bench/perf/scale.mjs [--quick] [--json] [--verbose] [--explain] [--fresh]
// --quick: 2,000 branches and 100,000 orders, fewer samples (the figure says so).
// --fresh: seed again and replace the template even when one exists.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ROOT, freshDatabase } from '../lib/harness.mjs';
import { copyInto, seedBranches, seedBrands } from '../lib/seed-catalog.mjs';
import { benchArgs, figure, fmtMs, percentile, PG_SERVER, printResult, say, startBenchServer } from '../lib/perf.mjs';

const opts = benchArgs({ explain: { type: 'boolean', default: false }, fresh: { type: 'boolean', default: false } });
const BRANDS = opts.quick ? 200 : 1000;
const BRANCHES = opts.quick ? 2000 : 10_000;
const ORDERS = opts.quick ? 100_000 : 1_000_000;
const SAMPLES = opts.quick ? 60 : 300;
const SEARCHES = [
  { id: 'london', label: 'London', location: 'London' },
  { id: 'postcode', label: 'postcode E1 6AN', location: 'E1 6AN' },
];
const url = (base, location) => `${base}/api/restaurants/search?location=${encodeURIComponent(location)}`;

const log = (line) => say(opts, line);

async function seedScale(dbUrl) {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    await c.query(
      `create temp table tpl_city as select slug, name, lat, lng, (row_number() over (order by slug)) - 1 as k from cities`,
    );
    const [{ nc }] = (await c.query('select count(*)::int as nc from tpl_city')).rows;
    await seedBrands(c, { brands: BRANDS, log });
    // Positions scattered within about ±9 km north-south and ±8 km east-west of the city centre.
    await seedBranches(c, {
      branches: BRANCHES,
      brands: BRANDS,
      placeJoin: `join tpl_city ci on ci.k = g.n % ${nc}`,
      overrides: {
        city: 'ci.name',
        city_slug: 'ci.slug',
        lat: `ci.lat + (((g.n * 7919) % 1000) / 1000.0 - 0.5) * 0.16`,
        lng: `ci.lng + (((g.n * 104729) % 1000) / 1000.0 - 0.5) * 0.24`,
      },
      log,
    });
    await c.query(
      `create temp table bench_order_site as select (row_number() over (order by id)) - 1 as k, id, delivery_fee_minor from sites where slug like 'bench-%'`,
    );
    const [{ nsites }] = (await c.query('select count(*)::int as nsites from bench_order_site')).rows;
    await copyInto(
      c,
      'orders',
      {
        id: `md5('bench-order-' || g.n)::uuid`,
        order_number: `'B' || lpad(g.n::text, 8, '0')`,
        customer_id: 'null',
        customer_name: `'Bench Customer ' || (g.n % 5000)`,
        customer_phone: `'07700' || lpad((g.n % 1000000)::text, 6, '0')`,
        customer_email: 'null',
        site_id: 's.id',
        subtotal_minor: `1000 + (g.n % 40) * 100`,
        delivery_fee_minor: `case when g.n % 5 = 0 then 0 else s.delivery_fee_minor end`,
        tip_minor: '0',
        total_minor: `1000 + (g.n % 40) * 100 + case when g.n % 5 = 0 then 0 else s.delivery_fee_minor end`,
        order_type: `case when g.n % 5 = 0 then 'PICKUP' else 'DELIVERY' end`,
        payment_method: `'cash'`,
        delivery_address: `case when g.n % 5 = 0 then null else g.n || ' Bench Street' end`,
        delivery_postcode: `case when g.n % 5 = 0 then null else 'E1 6AN' end`,
        delivery_instructions: 'null',
        delivery_lat: 'null',
        delivery_lng: 'null',
        delivery_verification_code: `lpad((g.n % 10000)::text, 4, '0')`,
        status: `case when g.n % 50 = 0 then 'REJECTED' when g.n % 5 = 0 then 'COLLECTED' else 'DELIVERED' end`,
        prep_time_minutes: '15',
        estimated_delivery_time: '35',
        rejection_reason: `case when g.n % 50 = 0 then 'Too busy' else null end`,
        driver_id: 'null',
        visitor_token_hash: 'null',
        idempotency_key: 'null',
        request_hash: 'null',
        created_at: `now() - (g.n % 525600) * interval '1 minute'`,
        updated_at: `now() - (g.n % 525600) * interval '1 minute' + interval '40 minutes'`,
      },
      `from generate_series(1, ${ORDERS}) g(n) join bench_order_site s on s.k = g.n % ${nsites}`.replace(
        'from',
        'from (select 1) src,',
      ),
      log,
    );
    await copyInto(
      c,
      'order_items',
      {
        id: `md5('bench-order-item-' || o.id || i)::uuid`,
        order_id: 'o.id',
        menu_item_id: 'null',
        name: `'Bench dish ' || i`,
        unit_price_minor: `case when i = 1 then o.subtotal_minor - 500 else 500 end`,
        quantity: '1',
        line_total_minor: `case when i = 1 then o.subtotal_minor - 500 else 500 end`,
      },
      `from (select 1) src, orders o cross join generate_series(1, 2) i where o.order_number like 'B%'`,
      log,
    );
    await copyInto(
      c,
      'order_status_history',
      {
        id: `md5('bench-history-' || o.id || i)::uuid`,
        order_id: 'o.id',
        status: `case when i = 1 then 'PENDING' when i = 2 then (case when o.status = 'REJECTED' then 'REJECTED' else 'ACCEPTED' end) else o.status end`,
        actor_id: 'null',
        note: 'null',
        created_at: `o.created_at + (i - 1) * interval '10 minutes'`,
      },
      `from (select 1) src, orders o cross join generate_series(1, 3) i where o.order_number like 'B%' and not (o.status = 'REJECTED' and i = 3)`,
      log,
    );
    const started = Date.now();
    await c.query('vacuum analyze');
    say(opts, `  vacuum analyze: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const counts = (
      await c.query(
        `select (select count(*) from sites where status = 'active')::int as sites, (select count(*) from orders)::int as orders`,
      )
    ).rows[0];
    return counts;
  } finally {
    await c.end();
  }
}

async function explain(dbUrl) {
  const { execFileSync } = await import('node:child_process');
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  for (const s of SEARCHES) {
    const out = execFileSync(
      path.join(ROOT, 'node_modules', '.bin', 'tsx'),
      [path.join(ROOT, 'bench/perf/capture-sql.ts'), dbUrl, 'search', s.location],
      { cwd: ROOT, encoding: 'utf8' },
    );
    for (const q of JSON.parse(out.trim().split('\n').at(-1)).statements) {
      const { rows } = await c.query(`explain (analyze, buffers) ${q}`);
      say(opts, `EXPLAIN ${s.label}: ${q.slice(0, 80)}…\n${rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`);
    }
  }
  await c.end();
}

async function timed(u) {
  const t = process.hrtime.bigint();
  const res = await fetch(u);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${u}: ${res.status}`);
  return Number(process.hrtime.bigint() - t) / 1e6;
}

/** p50 of each server for each search, requests alternating between the servers. */
async function measure(servers, count, when) {
  const out = {};
  for (const s of SEARCHES) {
    const times = Object.fromEntries(Object.keys(servers).map((k) => [k, []]));
    for (let i = 0; i < count; i++)
      for (const [k, server] of Object.entries(servers)) times[k].push(await timed(url(server.base, s.location)));
    out[s.id] = Object.fromEntries(
      Object.entries(times).map(([k, t]) => [
        k,
        percentile(
          t.sort((a, b) => a - b),
          50,
        ),
      ]),
    );
    say(
      opts,
      `  ${when} ${s.label}: p50 ${Object.entries(out[s.id])
        .map(([k, v]) => `${k} ${fmtMs(v)}`)
        .join(', ')}`,
    );
  }
  return out;
}

/** The template's name: the scale and a hash of what the seeded data depends on. */
function templateName() {
  const h = createHash('sha256');
  const dir = path.join(ROOT, 'src/server/db/migrations');
  for (const f of readdirSync(dir, { recursive: true }).map(String).sort()) {
    try {
      h.update(f).update(readFileSync(path.join(dir, f)));
    } catch {
      // a folder
    }
  }
  h.update(seedScale.toString());
  h.update(readFileSync(path.join(ROOT, 'bench/lib/seed-catalog.mjs')));
  return `halalnosh_bench_scale_${BRANCHES}_${h.digest('hex').slice(0, 12)}`;
}

async function admin(fn) {
  const c = new pg.Client({ connectionString: PG_SERVER });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

function dbUrlOf(name) {
  const u = new URL(PG_SERVER);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The seeded template: reused when it exists (unless --fresh), else built (demo data by a server start, then the bulk). */
async function seededTemplate() {
  const name = templateName();
  const exists = await admin(
    async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0,
  );
  if (exists && !opts.fresh) {
    say(opts, `Reusing the seeded template ${name}.`);
    return { name, seeded: false };
  }
  await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  await admin((c) => c.query(`create database ${name}`));
  try {
    say(
      opts,
      `Seeding the template ${name}: demo data, then ${BRANCHES.toLocaleString('en-GB')} branches and ${ORDERS.toLocaleString('en-GB')} orders…`,
    );
    const seeder = await startBenchServer({
      databaseUrl: dbUrlOf(name),
      env: { RESPONSE_CACHE: '0' },
      verbose: opts.verbose,
    });
    await seeder.kill();
    await seedScale(dbUrlOf(name));
  } catch (e) {
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
    throw e;
  }
  return { name, seeded: true };
}

const figures = [];
const demoDb = await freshDatabase(PG_SERVER, 'halalnosh_perf_scale_demo');
const template = await seededTemplate();
const scaledName = `halalnosh_perf_scale_${Date.now().toString(36)}`;
await admin((c) => c.query(`create database ${scaledName} template ${template.name}`));
const scaledDb = {
  url: dbUrlOf(scaledName),
  drop: () => admin((c) => c.query(`drop database if exists ${scaledName} with (force)`)),
};
const servers = {};
try {
  say(opts, 'Starting the servers: demo and scaled databases, cache off and on…');
  servers.demoMiss = await startBenchServer({
    databaseUrl: demoDb.url,
    env: { RESPONSE_CACHE: '0' },
    verbose: opts.verbose,
  });
  servers.scaledMiss = await startBenchServer({
    databaseUrl: scaledDb.url,
    env: { RESPONSE_CACHE: '0' },
    verbose: opts.verbose,
  });
  servers.demoHit = await startBenchServer({ databaseUrl: demoDb.url, verbose: opts.verbose });
  servers.scaledHit = await startBenchServer({ databaseUrl: scaledDb.url, verbose: opts.verbose });
  const counter = new pg.Client({ connectionString: scaledDb.url });
  await counter.connect();
  const counts = (
    await counter.query(
      `select (select count(*) from sites where status = 'active')::int as sites, (select count(*) from orders)::int as orders`,
    )
  ).rows[0];
  await counter.end();
  if (opts.explain || opts.verbose) await explain(scaledDb.url);
  await measure(servers, 20, 'warm-up');
  const p = await measure(servers, SAMPLES, 'measured');
  const scaleLabel = `${counts.sites.toLocaleString('en-GB')} branches, ${counts.orders.toLocaleString('en-GB')} orders (${template.seeded ? 'seeded this run' : 'copied from the seeded template'})`;
  for (const s of SEARCHES) {
    const ratio = p[s.id].scaledMiss / p[s.id].demoMiss;
    figures.push(
      figure(
        `scale-${s.id}`,
        `Search ${s.label} p50, cache misses: demo data vs ${scaleLabel}`,
        `${fmtMs(p[s.id].demoMiss)} → ${fmtMs(p[s.id].scaledMiss)} = ${ratio.toFixed(2)}×`,
        '≤ 1.5×',
        ratio <= 1.5,
      ),
    );
  }
  for (const s of SEARCHES) {
    figures.push(
      figure(
        `scale-${s.id}-cached`,
        `Search ${s.label} p50, cached: demo data vs ${scaleLabel}`,
        `${fmtMs(p[s.id].demoHit)} → ${fmtMs(p[s.id].scaledHit)} = ${(p[s.id].scaledHit / p[s.id].demoHit).toFixed(2)}×`,
        'reported',
        true,
      ),
    );
  }
} finally {
  await Promise.all(Object.values(servers).map((s) => s.kill()));
  await demoDb.drop();
  await scaledDb.drop();
}
printResult(figures, opts);
