import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItems, menus, sites } from '../../db/schema/index';
import { seedDemo } from '../../db/seed/seed-demo';
import { saveReview } from '../reviews/save-review';
import { tableGeocoder } from '../geo/geocoder';
import { CATALOG_CHANNEL, createResponseCache } from './response-cache';
import { searchRestaurants } from './search-restaurants';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';

// Two apps on one database stand for two server processes behind a load balancer: each has its
// own cache, and a change made through either (or straight in SQL) shows in the next read of both.
let a: TestApp;
let b: TestApp;
const SLUG = 'saffron-ember-green-street';

beforeAll(async () => {
  a = await createTestApp();
  await seedDemo(a.database.db);
  b = await createTestApp({}, { database: a.database, url: a.url });
});
afterAll(async () => {
  await b.app.close();
  await a.close();
});

async function get(t: TestApp, url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return {
    status: res.statusCode,
    body: res.body,
    etag: res.headers.etag as string | undefined,
    json: () => res.json(),
  };
}
const search = (t: TestApp, location = 'London') =>
  get(t, `/api/restaurants/search?location=${encodeURIComponent(location)}&limit=100`);
const card = (body: string) =>
  (
    JSON.parse(body) as {
      restaurants: { slug: string; branchName: string; rating: number | null; reviewCount: number }[];
    }
  ).restaurants.find((r) => r.slug === SLUG)!;

describe('response cache of search and restaurant page (docs/decisions/0091-response-cache.md)', () => {
  it('sends a cached answer compressed to a browser that takes brotli or gzip, with its own tag, and plain otherwise', async () => {
    const url = '/api/restaurants/search?location=London&limit=100';
    const plain = await a.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    for (const [accept, coding, unpack] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await a.app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(coding);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(unpack(res.rawPayload).toString('utf8')).toBe(plain.body);
      expect(res.headers.etag).not.toBe(plain.headers.etag);
      const again = await a.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': accept, 'if-none-match': res.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
    }
    const refused = await a.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('serves the same answer again, with an ETag and 304 for a matching If-None-Match', async () => {
    const first = await search(a);
    const second = await search(a);
    expect(first.status).toBe(200);
    expect(second.body).toBe(first.body);
    expect(first.etag).toMatch(/^"/);
    expect(second.etag).toBe(first.etag);
    const notModified = await get(a, `/api/restaurants/search?location=London&limit=100`, {
      'if-none-match': first.etag!,
    });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBe('');
    const page = await get(a, `/api/restaurants/${SLUG}`);
    expect(page.status).toBe(200);
    expect((await get(a, `/api/restaurants/${SLUG}`, { 'if-none-match': page.etag! })).status).toBe(304);
  });

  it('shows a change to the restaurant in the very next search and page, on both processes', async () => {
    await search(a);
    await search(b);
    await get(b, `/api/restaurants/${SLUG}`);
    await a.database.db.update(sites).set({ name: 'Green Street Renamed' }).where(eq(sites.slug, SLUG));
    expect(card((await search(a)).body).branchName).toBe('Green Street Renamed');
    expect(card((await search(b)).body).branchName).toBe('Green Street Renamed');
    expect(JSON.parse((await get(b, `/api/restaurants/${SLUG}`)).body).restaurant.branchName).toBe(
      'Green Street Renamed',
    );
  });

  it('shows a change to a menu item in the very next restaurant page', async () => {
    const before = JSON.parse((await get(b, `/api/restaurants/${SLUG}`)).body).restaurant;
    const item = before.menu.sections[0].items[0];
    const [site] = await a.database.db.select().from(sites).where(eq(sites.slug, SLUG));
    const [menu] = await a.database.db.select().from(menus).where(eq(menus.brandId, site.brandId));
    await a.database.db
      .update(menuItems)
      .set({ name: 'Cache Test Curry', priceMinor: 1234 })
      .where(eq(menuItems.id, item.id));
    expect(menu.id).toBeTruthy();
    const after = JSON.parse((await get(b, `/api/restaurants/${SLUG}`)).body).restaurant;
    const changed = after.menu.sections
      .flatMap((s: { items: { id: string }[] }) => s.items)
      .find((i: { id: string }) => i.id === item.id);
    expect(changed).toMatchObject({ name: 'Cache Test Curry', priceMinor: 1234 });
  });

  it('shows a new review in the very next search and page', async () => {
    const before = card((await search(b)).body);
    await get(a, `/api/restaurants/${SLUG}`);
    const [site] = await a.database.db.select().from(sites).where(eq(sites.slug, SLUG));
    const userId = await createUser(a, { email: 'cache-reviewer@example.test', userType: 'customer' });
    await saveReview(a.database.db, { siteId: site.id, userId, rating: 1, comment: 'Cold' });
    const after = card((await search(b)).body);
    expect(after.reviewCount).toBe(before.reviewCount + 1);
    expect(JSON.parse((await get(a, `/api/restaurants/${SLUG}`)).body).restaurant.reviewCount).toBe(
      before.reviewCount + 1,
    );
  });

  // The embedded database has one writer, this process: changes are heard at commit, so no
  // request reads the version (docs/decisions/0091-response-cache.md, addendum of 2026-11-26).
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'on the embedded database, reads no version per request and still shows a change in the very next answer',
    async () => {
      const cache = createResponseCache(a.database.db, {
        changes: { subscribe: (onChange) => a.database.listen(CATALOG_CHANNEL, () => onChange()) },
      });
      await new Promise((r) => setTimeout(r, 50)); // the subscription stands
      let computed = 0;
      const read = async () =>
        (
          await cache.get(SLUG, async () => {
            computed += 1;
            const [site] = await a.database.db.select().from(sites).where(eq(sites.slug, SLUG));
            return site.name;
          })
        ).body;
      const before = await read();
      expect(await read()).toBe(before);
      expect(computed).toBe(1);
      await a.database.db.update(sites).set({ name: 'Heard At Commit' }).where(eq(sites.slug, SLUG));
      expect(await read()).toBe('Heard At Commit');
      await a.database.db.transaction(async (tx) => {
        await tx.update(sites).set({ name: 'Heard After The Transaction' }).where(eq(sites.slug, SLUG));
      });
      expect(await read()).toBe('Heard After The Transaction');
      expect(computed).toBe(3);
      expect(cache.versionReads()).toBe(0);
      // The answer clock is read once per change heard, never on a hit.
      const clockReads = cache.clockReads();
      expect(await read()).toBe('Heard After The Transaction');
      expect(cache.clockReads()).toBe(clockReads);
      await a.database.db.update(sites).set({ name: before }).where(eq(sites.slug, SLUG));
    },
  );

  it('compresses a new entry off the request thread, once for all who ask while it is made', async () => {
    const cache = createResponseCache(a.database.db);
    const body = JSON.stringify({ cards: Array.from({ length: 200 }, (_, i) => ({ i, name: `Branch ${i}` })) });
    const entry = await cache.get('big-json', async () => body);
    const before = cache.bytes();
    // The first asks start it and get a promise (the thread pool compresses); the second shares it.
    const first = entry.encoded('br');
    const second = entry.encoded('br');
    expect(first).toBeInstanceOf(Promise);
    expect(second).toBe(first);
    const twin = (await first)!;
    expect(brotliDecompressSync(twin).toString()).toBe(body);
    // Made: kept with the entry, counted in its bytes, answered at once from now on.
    expect(entry.encoded('br')).toBe(twin);
    expect(cache.bytes()).toBe(before + twin.length);
    const gz = await entry.encoded('gzip');
    expect(gunzipSync(gz!).toString()).toBe(body);
    expect(cache.bytes()).toBe(before + twin.length + gz!.length);
    // Too small to gain: none, at once.
    expect((await cache.get('small', async () => '{"a":1}')).encoded('br')).toBeNull();
  });

  it('holds at most its entries and bytes, compressed twins counted, the least recently used going first', async () => {
    const cache = createResponseCache(a.database.db, { maxEntries: 3, maxBytes: 10_000 });
    const now = new Date();
    let computed = 0;
    const read = (key: string, size = 1000) =>
      cache.get(
        key,
        async () => {
          computed += 1;
          return `${key}:${'x'.repeat(size - key.length - 1)}`;
        },
        now,
      );
    for (const k of ['a', 'b', 'c']) await read(k);
    expect(cache.size()).toBe(3);
    await read('a'); // a hit: a is now the most recently used
    await read('d'); // a fourth entry: b, the least recently used, goes
    expect(cache.size()).toBe(3);
    const before = computed;
    await read('a');
    await read('c');
    await read('d');
    expect(computed).toBe(before);
    await read('b');
    expect(computed).toBe(before + 1);
    // Bytes: a body near the bound pushes out the others; its compressed twin counts too.
    const big = await read('big', 9500);
    expect(cache.size()).toBe(1);
    expect(cache.bytes()).toBe(9500);
    const twin = (await big.encoded('gzip'))!;
    expect(cache.bytes()).toBe(9500 + twin.length);
    await read('e');
    expect(cache.bytes()).toBeLessThanOrEqual(10_000);
    expect(cache.size()).toBe(1);
    // An answer over the whole bound is served, never kept.
    const huge = await read('huge', 20_000);
    expect(huge.body.length).toBe(20_000);
    expect(cache.bytes()).toBeLessThanOrEqual(10_000);
  });

  // Entries end at the next instant the clock alone could change an answer, not every minute
  // (docs/decisions/0178-fast-uncached-search.md): fake instants passed to the cache.
  describe('time', () => {
    const utc = (ms: number) => new Date(ms);
    async function boundaries() {
      const rows = (await a.database.db.execute(
        sql`select distinct (extract(hour from x.t) * 60 + extract(minute from x.t))::int as m
          from sites s cross join lateral jsonb_each(s.opening_hours) d(day, v)
          cross join lateral (values ((d.v ->> 'open')::time), ((d.v ->> 'close')::time)) x(t)
          where jsonb_typeof(d.v) = 'object' and x.t is not null order by 1`,
      )) as unknown as { rows: { m: number }[] };
      return rows.rows.map((r) => Number(r.m));
    }
    /** An hour of the day with no opening or closing minute after its start. */
    const quietHour = (minutes: number[]) =>
      Array.from({ length: 24 }, (_, h) => h).find((h) => !minutes.some((m) => m > h * 60 && m < h * 60 + 60));
    // A January day: London is on UTC, so minute m of the day is m minutes after midnight UTC.
    const DAY = Date.parse('2027-01-14T00:00:00.000Z');
    const counting = (cache: ReturnType<typeof createResponseCache>) => {
      let computed = 0;
      return {
        read: (t: number) =>
          cache.get(
            'k',
            async () => {
              computed += 1;
              return `answer ${computed}`;
            },
            utc(t),
          ),
        computed: () => computed,
      };
    };

    it('keeps an entry across minutes with no opening, closing or pause end, and ends it at one', async () => {
      const minutes = await boundaries();
      // Two instants in one hour with no boundary between them, then the next boundary.
      const hour = quietHour(minutes);
      expect(hour).toBeDefined();
      const c = counting(createResponseCache(a.database.db));
      const start = DAY + hour! * 3_600_000;
      await c.read(start + 60_000);
      await c.read(start + 30 * 60_000);
      await c.read(start + 58 * 60_000 + 59_999);
      expect(c.computed()).toBe(1);
      // A whole hour later: the London date or clock may have moved, the entry is gone.
      await c.read(start + 3_600_000 + 60_000);
      expect(c.computed()).toBe(2);
      // Across an opening or closing minute.
      const boundary = minutes.find((m) => m > 0)!;
      const c2 = counting(createResponseCache(a.database.db));
      await c2.read(DAY + boundary * 60_000 - 1);
      await c2.read(DAY + boundary * 60_000 - 1);
      expect(c2.computed()).toBe(1);
      await c2.read(DAY + boundary * 60_000);
      expect(c2.computed()).toBe(2);
    });

    it('ends an entry at the millisecond a pause ends', async () => {
      const minutes = await boundaries();
      const hour = quietHour(minutes)!;
      const start = DAY + hour * 3_600_000 + 5 * 60_000;
      const end = start + 10 * 60_000 + 123;
      const [site] = await a.database.db.select().from(sites).where(eq(sites.slug, SLUG));
      await a.database.db
        .update(sites)
        .set({ pausedUntil: new Date(end) })
        .where(eq(sites.slug, SLUG));
      try {
        const c = counting(createResponseCache(a.database.db));
        await c.read(start);
        await c.read(end - 1);
        expect(c.computed()).toBe(1);
        await c.read(end);
        expect(c.computed()).toBe(2);
      } finally {
        await a.database.db.update(sites).set({ pausedUntil: site.pausedUntil }).where(eq(sites.slug, SLUG));
      }
    });

    it('answers a branch open or closed correctly either side of its opening minute through the API cache', async () => {
      // The real search through the cache at fake instants: the card's open state flips exactly
      // at the opening minute, with the entry made a moment before still held until then.
      const [site] = await a.database.db.select().from(sites).where(eq(sites.slug, SLUG));
      const hours = Object.fromEntries(
        ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
          d,
          { open: '10:17', close: '22:43', closed: false },
        ]),
      );
      await a.database.db
        .update(sites)
        .set({ openingHours: hours as typeof site.openingHours, isOpen: true, pausedUntil: null })
        .where(eq(sites.slug, SLUG));
      try {
        const cache = createResponseCache(a.database.db);
        const open = async (t: number) => {
          const answer = await cache.get(
            'search',
            async () => {
              return JSON.stringify(
                await searchRestaurants(
                  a.database.db,
                  tableGeocoder(),
                  { location: 'London', filters: [], limit: 100, offset: 0 },
                  utc(t),
                ),
              );
            },
            utc(t),
          );
          return (JSON.parse(answer.body) as { restaurants: { slug: string; isOpen: boolean }[] }).restaurants.find(
            (r) => r.slug === SLUG,
          )!.isOpen;
        };
        const opening = DAY + (10 * 60 + 17) * 60_000;
        expect(await open(opening - 60_000)).toBe(false);
        expect(await open(opening - 1)).toBe(false);
        expect(await open(opening)).toBe(true);
        expect(await open(opening + 1)).toBe(true);
      } finally {
        await a.database.db
          .update(sites)
          .set({ openingHours: site.openingHours, isOpen: site.isOpen, pausedUntil: site.pausedUntil })
          .where(eq(sites.slug, SLUG));
      }
    });
  });

  it('gives a signed-in customer and a visitor the same answer (nothing in it depends on the viewer)', async () => {
    await createUser(a, { email: 'cache-viewer@example.test', userType: 'customer' });
    const cookie = await signIn(a, 'cache-viewer@example.test');
    const visitor = await search(a, 'E1');
    const customer = await get(a, `/api/restaurants/search?location=E1&limit=100`, { cookie });
    expect(customer.body).toBe(visitor.body);
    // And the uncached computation agrees: a fresh process (its own cache) gives the same text.
    const fresh = await createTestApp({ responseCache: false }, { database: a.database, url: a.url });
    expect((await get(fresh, `/api/restaurants/search?location=E1&limit=100`, { cookie })).body).toBe(visitor.body);
    await fresh.app.close();
  });
});
