// What one miss of the churn bench's answers costs (docs/decisions/0266-embedded-misses-under-churn.md): the London catalog of the churn bench
// (600 branches) seeded in this process, then each kind of answer the bench's customers ask for computed as the
// routes compute it on a miss, one after another: wall time per answer (the database is idle otherwise).
//
//   npx tsx bench/perf/churn-miss.mts [rounds=30]          (PGlite on its thread; DATABASE_URL=… for PostgreSQL)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';

const root = path.resolve(import.meta.dirname, '../..');
const from = (p: string) => import(path.join(root, p));
const { seedBranches, seedBrands } = await from('bench/lib/seed-catalog.mjs');
const N = Number(process.argv[2] ?? 30);
process.env.PGLITE_THREAD ??= '1';
const { createTestApp } = await from('src/server/test/test-app.ts');
const { seedDemo } = await from('src/server/db/seed/seed-demo.ts');

const t = await createTestApp();
await seedDemo(t.database.db, { storage: t.app.deps.uploadStorage });
const db = t.database.db;
const c = {
  async query(text: string) {
    const r = (await db.execute(sql.raw(text))) as unknown as
      { rows?: unknown[]; rowCount?: number; affectedRows?: number } | unknown[];
    const rows = Array.isArray(r) ? r : (r.rows ?? []);
    return { rows, rowCount: Array.isArray(r) ? r.length : (r.rowCount ?? r.affectedRows ?? 0) };
  },
};
const table = JSON.parse(readFileSync(path.join(root, 'src/server/modules/geo/postcode-districts.json'), 'utf8'));
const districts = Object.entries(table)
  .filter(([group]) => group.startsWith('London: '))
  .flatMap(([, ds]) =>
    Object.entries(ds as Record<string, [number, number]>).map(([d, [lat, lng]]) => ({ d, lat, lng })),
  );
await c.query('create temp table tpl_place (k int, district text, lat float8, lng float8)');
await c.query(
  `insert into tpl_place values ${districts.map((x, k) => `(${k}, '${x.d}', ${x.lat}, ${x.lng})`).join(', ')}`,
);
const week = JSON.stringify(
  Object.fromEntries(
    ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((d) => [
      d,
      { open: '11:00', close: '23:00', closed: false },
    ]),
  ),
);
await seedBrands(c, { brands: 300, log: () => undefined });
await seedBranches(c, {
  branches: 600,
  brands: 300,
  placeJoin: `join tpl_place pl on pl.k = g.n % ${districts.length}`,
  overrides: {
    city: `'London'`,
    city_slug: `'london'`,
    postcode: `pl.district || ' 1AA'`,
    lat: `pl.lat + (((g.n * 7919) % 1000) / 1000.0 - 0.5) * 0.006`,
    lng: `pl.lng + (((g.n * 104729) % 1000) / 1000.0 - 0.5) * 0.009`,
    opening_hours: `'${week}'::jsonb`,
    is_open: 'true',
    paused_until: 'null',
    busy_extra_minutes: '0',
    review_status: `'approved'`,
    brand_suspended_at: 'null',
    halal_suspended_at: 'null',
  },
  log: () => undefined,
});
await c.query('analyze');
const slugs = (
  (await c.query(`select slug from sites where slug like 'bench-%' order by slug limit 50`)).rows as { slug: string }[]
).map((r) => r.slug);
const postcodes = districts.filter((_, k) => k % 4 === 0).map((x) => `${x.d} 1AA`);

const app = t.app;
const oneId = ((await c.query(`select id::text as id from sites where slug = '${slugs[0]}'`)).rows[0] as { id: string })
  .id;
const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return res.body.length;
};
const kinds: Record<string, (i: number) => string> = {
  'search London p1': () => '/api/restaurants/search?location=London',
  'search London p3': () => '/api/restaurants/search?location=London&offset=48',
  'search London open': () => '/api/restaurants/search?location=London&filters=open',
  'search London by rating': () => '/api/restaurants/search?location=London&sort=rating',
  'search postcode': (i) => `/api/restaurants/search?location=${encodeURIComponent(postcodes[i % postcodes.length])}`,
  restaurant: (i) => `/api/restaurants/${slugs[i % slugs.length]}`,
};
// A write to one bench branch before every answer: each answer is a miss that re-reads what a miss reads after a change.
const touch = async (i: number) => {
  await c.query(`update sites set busy_extra_minutes = ${i % 2} where slug = '${slugs[0]}'`);
};
for (const [name, url] of Object.entries(kinds).filter(([k]) => !process.env.ONLY || k.includes(process.env.ONLY))) {
  for (let i = 0; i < 5; i++) {
    await touch(i);
    await get(url(i));
  }
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  let bytes = 0;
  for (let i = 0; i < N; i++) {
    await touch(i);
    bytes = await get(url(i));
  }
  const ms = (performance.now() - t0) / N;
  const cpu = process.cpuUsage(cpu0);
  console.log(
    JSON.stringify({
      db: t.url ? 'postgres' : 'pglite',
      answer: name,
      msPerMiss: Number(ms.toFixed(2)),
      cpuMs: Number(((cpu.user + cpu.system) / 1000 / N).toFixed(2)),
      bytes,
    }),
  );
}
const { clockSql } = await from('src/server/modules/catalog/response-cache.ts');
const { searchRestaurantsText } = await from('src/server/modules/catalog/search-restaurants.ts');
const { tableGeocoder } = await from('src/server/modules/geo/geocoder.ts');
const geocoder = tableGeocoder();
const { rankDeliveringTo } = await from('src/server/modules/catalog/find-branches.ts');
const { cardRowsByIds } = await from('src/server/modules/catalog/card-rows.ts');
const { branchesReaching } = await from('src/server/modules/catalog/answer-tags.ts');
const { resolveLocation } = await from('src/server/modules/catalog/resolve-location.ts');
const { everyBranchOffersSql } = await from('src/server/modules/catalog/held-offers.ts');
const points = await Promise.all(postcodes.map((p) => resolveLocation(db, geocoder, p)));
const pageIds = (
  (await c.query(`select id::text as id from sites where slug like 'bench-%' limit 24`)).rows as { id: string }[]
).map((r) => r.id);
const parts: Record<string, (i: number) => Promise<unknown>> = {
  'postcode: resolveLocation': (i) => resolveLocation(db, geocoder, postcodes[i % postcodes.length]),
  'postcode: rankDeliveringTo': (i) =>
    rankDeliveringTo(db, points[i % points.length] as never, {
      at: new Date(),
      filters: [],
      cuisines: false,
      sortKeys: true,
      position: true,
    }),
  'postcode: cardRowsByIds (24)': () => cardRowsByIds(db, pageIds, '2026-11-29'),
  'postcode: branchesReaching': (i) => branchesReaching(db, points[i % points.length] as never),
  'write (touch)': (i) => touch(i),
  'clock read, every branch': () => db.execute(clockSql(null)),
  'clock read, one branch': () => db.execute(clockSql([oneId])),
  'held offers read, every branch': () => db.execute(everyBranchOffersSql('2026-11-29')),
  'search London p1 text': () =>
    searchRestaurantsText(db, geocoder, { location: 'London', filters: [], limit: 24, offset: 0 }),
  'search postcode text': (i) =>
    searchRestaurantsText(db, geocoder, {
      location: postcodes[i % postcodes.length],
      filters: [],
      limit: 24,
      offset: 0,
    }),
};
for (const [name, run] of Object.entries(parts).filter(([k]) => !process.env.ONLY || k.includes(process.env.ONLY))) {
  for (let i = 0; i < 5; i++) await run(i);
  const t0 = performance.now();
  for (let i = 0; i < N; i++) await run(i);
  console.log(JSON.stringify({ part: name, ms: Number(((performance.now() - t0) / N).toFixed(2)) }));
}
await t.close();
process.exit(0);
