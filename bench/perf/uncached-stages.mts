// Where an uncached answer's CPU goes, per request, without HTTP (docs/decisions/0248-uncached-path-cpu.md): the
// search London page and the restaurant page computed as the routes compute them (the answer's JSON text), one
// after the other, in this process, on a demo catalog:
// - database: on PGlite the CPU of its worker thread (PGLITE_THREAD=1, as a server with a data folder runs it); on
//   PostgreSQL the CPU of the backends of the test database (/proc);
// - server: this process's CPU (process.cpuUsage) less PGlite's thread: the driver reading rows, the answer's JS;
// - serialisation: within the server part, turning the answer object into its text (restaurant: the contract's parse
//   and JSON.stringify as the route did before, or JSON.stringify alone now; search: no object is serialised when the
//   card text is built in SQL).
// A shared machine's other load moves CPU time per request far less than wall time or rates.
//
//   npx tsx bench/perf/uncached-stages.mts [rounds=400]          (PGlite; DATABASE_URL=… for PostgreSQL)
//   STAGES_ROOT=/path/to/another/checkout npx tsx …              (the same measure of another version's code)
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const root = process.env.STAGES_ROOT ?? path.resolve(import.meta.dirname, '../..');
const from = (p: string) => import(path.join(root, p));
const { createTestApp } = await from('src/server/test/test-app.ts');
const { seedDemo } = await from('src/server/db/seed/seed-demo.ts');
const { tableGeocoder } = await from('src/server/modules/geo/geocoder.ts');
const search = await from('src/server/modules/catalog/search-restaurants.ts');
const restaurant = await from('src/server/modules/catalog/get-restaurant.ts');
const { getRestaurantResponse } = await from('src/domain/contracts/catalog/get-restaurant.ts');

const N = Number(process.argv[2] ?? 400);
// The embedded database on its own thread, as a server with a data folder runs it (docs/decisions/0192-embedded-database-thread.md).
process.env.PGLITE_THREAD ??= '1';
const t = await createTestApp();
await seedDemo(t.database.db, { storage: t.app.deps.uploadStorage });
const db = t.database.db;
const url: string | null = t.url;

// PGlite on its worker thread (as the server runs it): that thread's CPU ticks, the busiest thread but this one.
const threadTicks = (): Map<string, number> => {
  const out = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const f = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
      out.set(tid, Number(f[11]) + Number(f[12]));
    } catch {
      // gone
    }
  }
  return out;
};
const workerTicks = (before: Map<string, number>, after: Map<string, number>) => {
  let most = 0;
  for (const [tid, ticks] of after) {
    if (Number(tid) === process.pid) continue;
    most = Math.max(most, ticks - (before.get(tid) ?? 0));
  }
  return most;
};
// PostgreSQL: the CPU ticks of the test database's backends.
const admin = url ? new pg.Client({ connectionString: url }) : null;
await admin?.connect();
const backendTicks = async () => {
  if (!admin) return 0;
  const { rows } = await admin.query(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  let ticks = 0;
  for (const { pid } of rows) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // gone
    }
  }
  return ticks;
};

const geocoder = tableGeocoder();
const now = new Date();
const found = JSON.parse(
  await search.searchRestaurantsText(db, geocoder, { location: 'London', filters: [], limit: 100, offset: 0 }, now),
);
let slug = '';
for (const r of found.restaurants) {
  const page = await restaurant.getRestaurant(db, r.slug, now);
  if (page.menu?.sections.length) {
    slug = r.slug;
    break;
  }
}
// The route's text: since docs/decisions/0281-restaurant-menu-text-by-row-versions.md with the menu's text reused while
// its rows are unchanged (restaurantPageAnswer), before it the object and its JSON.
const menuTexts = restaurant.createMenuTexts?.();
const pageText = (at: Date): Promise<string> =>
  restaurant.restaurantPageAnswer
    ? restaurant.restaurantPageAnswer(db, slug, at, menuTexts).then((a: { text: string }) => a.text)
    : restaurant.restaurantPageText
      ? restaurant.getRestaurant(db, slug, at).then((r: unknown) => restaurant.restaurantPageText(r))
      : restaurant
          .getRestaurant(db, slug, at)
          .then((r: unknown) => JSON.stringify(getRestaurantResponse.parse({ restaurant: r })));
const paths: Record<string, () => Promise<string>> = {
  search: () =>
    search.searchRestaurantsText(db, geocoder, { location: 'London', filters: [], limit: 24, offset: 0 }, new Date()),
  restaurant: () => pageText(new Date()),
  // A postcode search (searchRestaurants, then its text): parsed by the contract before
  // docs/decisions/0267-uncached-answers-without-runtime-parse.md, serialised as built after.
  postcode: () =>
    search.searchRestaurantsText(db, geocoder, { location: 'E1 6AN', filters: [], limit: 24, offset: 0 }, new Date()),
};

for (const [name, run] of Object.entries(paths)) {
  for (let i = 0; i < Math.min(200, N); i++) await run(); // warm-up: the JIT and the prepared statements
  const cpu0 = process.cpuUsage();
  const ticks0 = await backendTicks();
  const threads0 = threadTicks();
  let bytes = 0;
  for (let i = 0; i < N; i++) bytes = (await run()).length;
  const cpu = process.cpuUsage(cpu0);
  const ticks = url ? (await backendTicks()) - ticks0 : workerTicks(threads0, threadTicks());
  const processUs = (cpu.user + cpu.system) / N;
  const databaseUs = (ticks * 10_000) / N;
  const serverUs = url ? processUs : processUs - databaseUs;
  // Serialisation of the restaurant page's object (the search's text is not made from an object on this path).
  let serialiseUs: number | null = null;
  if (name === 'restaurant') {
    const detail = await restaurant.getRestaurant(db, slug, new Date());
    const serialise = restaurant.restaurantPageText
      ? () => JSON.stringify({ restaurant: detail })
      : () => JSON.stringify(getRestaurantResponse.parse({ restaurant: detail }));
    for (let i = 0; i < 500; i++) serialise();
    const s0 = process.cpuUsage();
    for (let i = 0; i < 2000; i++) serialise();
    const s = process.cpuUsage(s0);
    serialiseUs = (s.user + s.system) / 2000;
  }
  console.log(
    JSON.stringify({
      db: url ? 'postgres' : 'pglite',
      path: name,
      root,
      bytes,
      serverUs: Math.round(serverUs),
      databaseUs: Math.round(databaseUs),
      serialiseUs: serialiseUs === null ? null : Math.round(serialiseUs),
    }),
  );
}
console.log('menuTexts', JSON.stringify(menuTexts?.stats));
await admin?.end();
await t.close();
process.exit(0);
