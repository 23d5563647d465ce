import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellOf, ratingChangeKeys } from '../../../domain/catalog-invalidation';
import { type Database, openPostgres } from '../../db/client';
import { cities, menuItems, menus, siteItemOverrides, sites } from '../../db/schema/index';
import { seedDemo } from '../../db/seed/seed-demo';
import { responseCacheRequests } from '../../platform/metrics';
import { saveReview } from '../reviews/save-review';
import { type TestApp, createTestApp, createUser } from '../../test/test-app';
import { branchesReaching } from './answer-tags';
import { createBranchSnapshot } from './branch-snapshot';
import { CATALOG_CHANNEL, createResponseCache } from './response-cache';

// Invalidation as narrow as the change (docs/decisions/0246-narrow-cache-invalidation.md). Two apps
// stand for two server processes: on PostgreSQL the second has its own connections (as another
// process would), on the embedded database they share its one connection and hear its changes.
const onPostgres = Boolean(process.env.DATABASE_URL);
let a: TestApp;
let b: TestApp;
let second: Database | null = null;
type Branch = typeof sites.$inferSelect;
let A: Branch;
let B: Branch;

beforeAll(async () => {
  a = await createTestApp();
  await seedDemo(a.database.db);
  second = a.url && onPostgres ? await openPostgres(a.url, 4) : null;
  b = await createTestApp({}, { database: second ?? a.database, url: a.url });
  const london = await a.database.db.select().from(sites).where(eq(sites.citySlug, 'london'));
  // Two listed London branches of different brands.
  A = london.find((s) => s.slug === 'saffron-ember-green-street')!;
  B = london.find((s) => s.brandId !== A.brandId && s.status === 'active' && s.reviewStatus === 'approved')!;
  expect(A && B).toBeTruthy();
});
afterAll(async () => {
  await b.app.close();
  await second?.close();
  await a.close();
});

const rows = <T>(r: unknown) => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];
async function lastChange(): Promise<{ version: string; keys: string[] }> {
  const [row] = rows<{ version: string; keys: string[] | string }>(
    await a.database.db.execute(
      sql`select version::text as version, to_json(keys) as keys from catalog_changes c order by c.version desc limit 1`,
    ),
  );
  return { version: row.version, keys: typeof row.keys === 'string' ? JSON.parse(row.keys) : row.keys };
}
async function counts() {
  const values = (await responseCacheRequests.get()).values;
  const of = (answer: string, result: string) =>
    values.find((v) => v.labels.answer === answer && v.labels.result === result)?.value ?? 0;
  return {
    pageHits: of('restaurant', 'hit'),
    pageMisses: of('restaurant', 'miss'),
    searchHits: of('search', 'hit'),
    searchMisses: of('search', 'miss'),
  };
}
const page = async (t: TestApp, branch: Branch) =>
  JSON.parse((await t.app.inject({ method: 'GET', url: `/api/restaurants/${branch.slug}` })).body).restaurant as {
    reviewCount: number;
    menu: { sections: { items: { id: string; priceMinor: number }[] }[] };
  };
const londonSearch = async (t: TestApp) =>
  JSON.parse((await t.app.inject({ method: 'GET', url: '/api/restaurants/search?location=London&limit=100' })).body)
    .restaurants as { slug: string; reviewCount: number; isOpen: boolean }[];

describe('narrow invalidation of the response cache', () => {
  it('records in the writing transaction which answers each write can change', async () => {
    const db = a.database.db;
    const cell = cellOf(A.lat!, A.lng!);
    // Its card: its page, its city's searches and the postcode searches it reaches (they carry c: of each).
    await db
      .update(sites)
      .set({ name: `${A.name} (renamed)` })
      .where(eq(sites.id, A.id));
    // (s: as well, for the processes of the release before while an upgrade rolls: migration 0046.)
    expect((await lastChange()).keys.sort()).toEqual([`b:${A.id}`, `c:${A.id}`, 'cs:london', 's:london'].sort());
    await db.update(sites).set({ name: A.name }).where(eq(sites.id, A.id));
    // Its place (position, radius, listing): the postcode searches of its cells too.
    await db
      .update(sites)
      .set({ deliveryRadiusKm: A.deliveryRadiusKm + 1 })
      .where(eq(sites.id, A.id));
    expect((await lastChange()).keys.sort()).toEqual(
      [`b:${A.id}`, `c:${A.id}`, 'cs:london', `g:${cell}`, 's:london'].sort(),
    );
    await db.update(sites).set({ deliveryRadiusKm: A.deliveryRadiusKm }).where(eq(sites.id, A.id));
    // Its pause or open switch alone: its page, its rank (o:) and its city's searches; not its card's other keys.
    await db
      .update(sites)
      .set({ pausedUntil: new Date(Date.now() + 60_000) })
      .where(eq(sites.id, A.id));
    expect((await lastChange()).keys.sort()).toEqual([`b:${A.id}`, `o:${A.id}`, 'cs:london', 's:london'].sort());
    await db.update(sites).set({ pausedUntil: A.pausedUntil }).where(eq(sites.id, A.id));
    // A review: the reviews row (its page), then its rating alone: its rank and the ratings it passed through,
    // not its city's searches (docs/decisions/0289-answers-that-show-the-branch.md).
    const [pre] = await db.select().from(sites).where(eq(sites.id, A.id));
    const shown = (s: Branch) => (s.reviewCount > 0 ? s.ratingAvg : null);
    const reviewer = await createUser(a, { email: 'keys-reviewer@example.test', userType: 'customer' });
    await saveReview(db, { siteId: A.id, userId: reviewer, rating: 1, comment: null });
    const [post] = await db.select().from(sites).where(eq(sites.id, A.id));
    expect(shown(post)).not.toBe(shown(pre));
    const ratingKeys = (await lastChange()).keys;
    expect(ratingKeys.sort()).toEqual(ratingChangeKeys(A.id, 'london', shown(pre), shown(post)).sort());
    expect(ratingKeys.some((k) => /^(cs|c|g):/.test(k))).toBe(false);

    const [menu] = await db.select().from(menus).where(eq(menus.brandId, A.brandId));
    const [item] = await db.select().from(menuItems).where(eq(menuItems.menuId, menu.id)).limit(1);
    await db.update(menuItems).set({ priceMinor: item.priceMinor }).where(eq(menuItems.id, item.id));
    const brandBranches = await db.select().from(sites).where(eq(sites.brandId, A.brandId));
    const menuKeys = (await lastChange()).keys;
    for (const s of brandBranches) expect(menuKeys).toContain(`b:${s.id}`);
    expect(menuKeys).toContain('d:london');
    expect(menuKeys).toContain(`dg:${cell}`);
    // An item's price or availability changes no card: not even the postcode searches' c: keys.
    expect(menuKeys.some((k) => /^(s|cs|g|c|o):/.test(k))).toBe(false);
    // A renamed item may be named on its brand's cards (a one-item offer's badge): a card change of each.
    await db
      .update(menuItems)
      .set({ name: `${item.name} (new)` })
      .where(eq(menuItems.id, item.id));
    try {
      const renamed = (await lastChange()).keys;
      for (const s of brandBranches) expect(renamed).toEqual(expect.arrayContaining([`b:${s.id}`, `c:${s.id}`]));
      expect(renamed).toEqual(expect.arrayContaining(['cs:london', 'd:london']));
    } finally {
      await db.update(menuItems).set({ name: item.name }).where(eq(menuItems.id, item.id));
    }

    await db.update(cities).set({ name: 'London' }).where(eq(cities.slug, 'london'));
    expect((await lastChange()).keys.sort()).toEqual(['cities', 's:london']);
    await db.execute(sql`update tenant_settings set updated_at = updated_at`);
    expect((await lastChange()).keys).toEqual(['all']);

    // A statement that changes no row records nothing and moves no version.
    const before = await lastChange();
    await db
      .update(sites)
      .set({ name: 'Nobody' })
      .where(sql`false`);
    expect(await lastChange()).toEqual(before);
  });

  it('an edit to branch A leaves B cached and shows A fresh in the very next answer, on the other process', async () => {
    await page(b, A);
    await page(b, B);
    await londonSearch(b);
    const item = (await page(b, A)).menu.sections[0].items[0];
    const price = item.priceMinor + 100;
    await a.database.db.update(menuItems).set({ priceMinor: price }).where(eq(menuItems.id, item.id));
    try {
      const c0 = await counts();
      const fresh = (await page(b, A)).menu.sections.flatMap((s) => s.items).find((i) => i.id === item.id)!;
      expect(fresh.priceMinor).toBe(price);
      const c1 = await counts();
      expect(c1.pageMisses - c0.pageMisses).toBe(1);
      await page(b, B);
      await londonSearch(b); // a menu edit changes no card: the city's plain search stays
      const c2 = await counts();
      expect(c2.pageHits - c1.pageHits).toBe(1);
      expect(c2.searchHits - c1.searchHits).toBe(1);

      // Pausing A changes its card: the city's search is made afresh, B's page still served.
      await a.database.db
        .update(sites)
        .set({ pausedUntil: new Date(Date.now() + 3_600_000) })
        .where(eq(sites.id, A.id));
      expect((await londonSearch(b)).find((r) => r.slug === A.slug)!.isOpen).toBe(false);
      const c3 = await counts();
      expect(c3.searchHits - c2.searchHits).toBe(0);
      await page(b, B);
      expect((await counts()).pageHits - c3.pageHits).toBe(1);
    } finally {
      await a.database.db.update(menuItems).set({ priceMinor: item.priceMinor }).where(eq(menuItems.id, item.id));
      await a.database.db.update(sites).set({ pausedUntil: A.pausedUntil }).where(eq(sites.id, A.id));
    }
  });

  it('a postcode search follows the branches that reach it: a far branch edited keeps it, a near one drops it', async () => {
    const url = '/api/restaurants/search?location=' + encodeURIComponent(A.postcode!) + '&limit=100';
    const ask = async () =>
      JSON.parse((await b.app.inject({ method: 'GET', url })).body) as { restaurants: { slug: string }[] };
    const listed = (await ask()).restaurants.map((r) => r.slug);
    expect(listed).toContain(A.slug);
    const far = (await a.database.db.select().from(sites)).find(
      (s) => s.lat !== null && Math.abs(s.lat - A.lat!) > 0.5,
    )!;
    const c0 = await counts();
    await a.database.db.update(sites).set({ name: far.name }).where(eq(sites.id, far.id));
    await ask();
    const c1 = await counts();
    expect(c1.searchHits - c0.searchHits).toBe(1);
    await a.database.db.update(sites).set({ name: A.name }).where(eq(sites.id, A.id));
    await ask();
    expect((await counts()).searchHits - c1.searchHits).toBe(0);
  });

  it("a review changes only its branch's answers: its page and card, not another branch's page", async () => {
    const before = await page(b, A);
    await page(b, B);
    await londonSearch(b);
    const userId = await createUser(a, { email: 'narrow-reviewer@example.test', userType: 'customer' });
    await saveReview(a.database.db, { siteId: A.id, userId, rating: 4, comment: null });
    const c0 = await counts();
    expect((await page(b, A)).reviewCount).toBe(before.reviewCount + 1);
    expect((await londonSearch(b)).find((r) => r.slug === A.slug)!.reviewCount).toBe(before.reviewCount + 1);
    await page(b, B);
    const c1 = await counts();
    expect(c1.pageHits - c0.pageHits).toBe(1);
    expect(c1.pageMisses - c0.pageMisses).toBe(1);
  });

  it('a review that moves a branch from page 2 to page 1 of a sort by rating drops both pages, not a page below', async () => {
    type Card = { id: string; rating: number | null; reviewCount: number };
    const ask = async (offset: number, limit = 2) =>
      JSON.parse(
        (
          await b.app.inject({
            method: 'GET',
            url: `/api/restaurants/search?location=London&sort=rating&limit=${limit}&offset=${offset}`,
          })
        ).body,
      ) as { total: number; restaurants: Card[] };
    const tenths = (r: number | null) => (r === null ? -1 : Math.round(r * 10));
    const all = (await ask(0, 100)).restaurants;
    // The first of page 2, and the last page, wholly below it: a rise of X never passes that page's ends.
    const X = all[2]!;
    const low = Math.floor((all.length - 1) / 2) * 2;
    expect(low).toBeGreaterThanOrEqual(4);
    expect(all.slice(low).every((c) => tenths(c.rating) < tenths(X.rating))).toBe(true);
    let moved = false;
    for (let n = 0; n < 10 && !moved; n += 1) {
      const [p1, p2] = [await ask(0), await ask(2)];
      await ask(low);
      expect(p2.restaurants.some((c) => c.id === X.id)).toBe(true);
      const userId = await createUser(a, { email: `page-mover-${n}@example.test`, userType: 'customer' });
      await saveReview(a.database.db, { siteId: X.id, userId, rating: 5, comment: null });
      const c0 = await counts();
      const q1 = await ask(0);
      const c1 = await counts();
      const q2 = await ask(2);
      const c2 = await counts();
      await ask(low);
      const c3 = await counts();
      // Page 2 shows X: made afresh after every review of X.
      expect(c2.searchMisses - c1.searchMisses).toBe(1);
      const shownX = [...q1.restaurants, ...q2.restaurants].find((c) => c.id === X.id)!;
      expect(shownX.reviewCount).toBe(p2.restaurants.find((c) => c.id === X.id)!.reviewCount + 1);
      // The page below it: the same answer, from the cache.
      expect(c3.searchHits - c2.searchHits).toBe(1);
      if (q1.restaurants.some((c) => c.id === X.id)) {
        moved = true;
        // Page 1 was dropped too: X is on it, and its last branch moved down to page 2.
        expect(c1.searchMisses - c0.searchMisses).toBe(1);
        expect(q2.restaurants[0]!.id).toBe(p1.restaurants[1]!.id);
        expect(q2.restaurants.some((c) => c.id === X.id)).toBe(false);
      }
    }
    expect(moved).toBe(true);
  });

  it("a review of a branch off a city page whose rating passes neither of the page's ends keeps the page", async () => {
    type Card = { id: string; slug: string; rating: number | null; reviewCount: number };
    const ask = async (limit: number) =>
      JSON.parse(
        (await b.app.inject({ method: 'GET', url: `/api/restaurants/search?location=London&limit=${limit}` })).body,
      ) as { restaurants: Card[] };
    const tenths = (r: number | null) => (r === null ? -1 : Math.round(r * 10));
    const first = (await ask(2)).restaurants;
    const edges = new Set(first.map((c) => tenths(c.rating)));
    // The lowest rated branch off the page; a one-star review lowers it further.
    const Z = (await ask(100)).restaurants
      .filter((c) => c.rating !== null && !first.some((f) => f.id === c.id))
      .sort((x, y) => x.rating! - y.rating!)[0]!;
    const [pre] = await a.database.db.select().from(sites).where(eq(sites.id, Z.id));
    const userId = await createUser(a, { email: 'low-reviewer@example.test', userType: 'customer' });
    await saveReview(a.database.db, { siteId: Z.id, userId, rating: 1, comment: null });
    const [post] = await a.database.db.select().from(sites).where(eq(sites.id, Z.id));
    for (let v = tenths(post.ratingAvg); v <= tenths(pre.ratingAvg); v += 1) expect(edges.has(v)).toBe(false);
    const c0 = await counts();
    await ask(2);
    const c1 = await counts();
    expect(c1.searchHits - c0.searchHits).toBe(1);
    // The search that shows Z shows it fresh.
    expect((await ask(100)).restaurants.find((c) => c.id === Z.id)!.reviewCount).toBe(Z.reviewCount + 1);
    expect((await counts()).searchMisses - c1.searchMisses).toBe(1);
  });

  it('a postcode search keeps its answer through the review, pause or sold-out dish of a branch it does not show, or does not reach', async () => {
    type Card = { id: string; slug: string; reviewCount: number; distanceKm: number | null };
    type Answer = { location: { lat: number; lng: number }; restaurants: Card[] };
    let postcode = '';
    const url = (limit: number, filters = '') =>
      `/api/restaurants/search?location=${encodeURIComponent(postcode)}&limit=${limit}${filters ? `&filters=${filters}` : ''}`;
    const ask = async (limit: number, filters = '') =>
      JSON.parse((await b.app.inject({ method: 'GET', url: url(limit, filters) })).body) as Answer;
    // A London branch's postcode that two branches or more deliver to, at different distances.
    let full: Answer | null = null;
    for (const s of await a.database.db.select().from(sites).where(eq(sites.citySlug, 'london'))) {
      postcode = s.postcode!;
      const found = await ask(100);
      const [first, ...rest] = found.restaurants;
      if (first && rest.some((c) => c.distanceKm !== first.distanceKm)) {
        full = found;
        break;
      }
    }
    expect(full).toBeTruthy();
    const [N] = full!.restaurants;
    // A branch it lists, not at the nearest one's distance (a change to its rank cannot swap them).
    const Y = full!.restaurants.find((c) => c.distanceKm !== N!.distanceKm)!;
    const reaching = new Set(await branchesReaching(a.database.db, full!.location));
    const far = (await a.database.db.select().from(sites)).find((s) => !reaching.has(s.id) && s.status === 'active')!;
    const hitOf = async (write: () => Promise<unknown>, reads: [number, string?][]) => {
      for (const [limit, filters] of reads) await ask(limit, filters);
      await write();
      const out: boolean[] = [];
      for (const [limit, filters] of reads) {
        const c0 = await counts();
        await ask(limit, filters);
        out.push((await counts()).searchHits - c0.searchHits === 1);
      }
      return out;
    };
    let n = 0;
    const review = (siteId: string, rating: number) => async () => {
      const userId = await createUser(a, { email: `postcode-reviewer-${(n += 1)}@example.test`, userType: 'customer' });
      await saveReview(a.database.db, { siteId, userId, rating, comment: null });
    };
    // A branch that does not reach it: nothing dropped.
    expect(await hitOf(review(far.id, 5), [[1], [100]])).toEqual([true, true]);
    // A branch that reaches it: the answer that shows it is dropped, the one that does not is kept.
    expect(await hitOf(review(Y.id, 5), [[1], [100]])).toEqual([true, false]);
    expect((await ask(100)).restaurants.find((c) => c.id === Y.id)!.reviewCount).toBe(Y.reviewCount + 1);
    // Its pause: the same, but Open Now (a chip it leaves) is dropped whatever it shows.
    const [y] = await a.database.db.select().from(sites).where(eq(sites.id, Y.id));
    try {
      expect(
        await hitOf(
          () =>
            a.database.db
              .update(sites)
              .set({ pausedUntil: new Date(Date.now() + 3_600_000) })
              .where(eq(sites.id, Y.id)),
          [[1], [1, 'open'], [100]],
        ),
      ).toEqual([true, false, false]);
    } finally {
      await a.database.db.update(sites).set({ pausedUntil: y.pausedUntil }).where(eq(sites.id, Y.id));
    }
    // A sold-out dish of the branch it shows changes its page, not its card: the search is kept.
    const [n0] = await a.database.db.select().from(sites).where(eq(sites.id, N!.id));
    const [menu] = await a.database.db.select().from(menus).where(eq(menus.brandId, n0.brandId));
    const overridden = new Set(
      (await a.database.db.select().from(siteItemOverrides).where(eq(siteItemOverrides.siteId, n0.id))).map(
        (o) => o.itemId,
      ),
    );
    const item = (await a.database.db.select().from(menuItems).where(eq(menuItems.menuId, menu.id))).find(
      (i) => !overridden.has(i.id),
    )!;
    const branch = { ...n0 };
    await page(b, branch);
    try {
      expect(
        await hitOf(
          () => a.database.db.insert(siteItemOverrides).values({ siteId: n0.id, itemId: item.id, isAvailable: false }),
          [[1], [100]],
        ),
      ).toEqual([true, true]);
      const c0 = await counts();
      await page(b, branch);
      expect((await counts()).pageMisses - c0.pageMisses).toBe(1);
    } finally {
      await a.database.db
        .delete(siteItemOverrides)
        .where(sql`${siteItemOverrides.siteId} = ${n0.id} and ${siteItemOverrides.itemId} = ${item.id}`);
    }
    // A review of the branch it shows: dropped, and shown fresh.
    expect(await hitOf(review(N!.id, 4), [[1]])).toEqual([false]);
    expect((await ask(100)).restaurants.find((c) => c.id === N!.id)!.reviewCount).toBe(N!.reviewCount + 1);
  });

  it('computes once for concurrent misses of one key (no stampede after a change)', async () => {
    const cache = createResponseCache(b.database.db);
    let computed = 0;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        cache.get('k', async () => {
          computed += 1;
          await new Promise((r) => setTimeout(r, 30));
          return { body: 'one', tags: [`b:${A.id}`] };
        }),
      ),
    );
    expect(computed).toBe(1);
    expect(new Set(answers.map((x) => x.body))).toEqual(new Set(['one']));
  });

  it('drops everything when it missed versions whose keys are gone (correctness first)', async () => {
    const cache = createResponseCache(b.database.db);
    const read = (key: string, tags: string[]) => cache.get(key, async () => ({ body: key, tags }));
    await read('A', [`b:${A.id}`]);
    await read('B', [`b:${B.id}`]);
    await a.database.db.update(sites).set({ name: A.name }).where(eq(sites.id, A.id));
    await read('B', [`b:${B.id}`]);
    expect(cache.has('B')).toBe(true);
    expect(cache.has('A')).toBe(false);
    // A version moved with no keys recorded (as after pruning): nothing can be trusted.
    await a.database.db.execute(sql`update catalog_version set version = version + 1 where id = 1`);
    await read('A', [`b:${A.id}`]);
    expect(cache.has('B')).toBe(false);
  });

  it("ends an entry at its own branch's opening minute, not at another branch's", async () => {
    const hours = Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
        d,
        { open: '10:17', close: '22:43', closed: false },
      ]),
    );
    await a.database.db
      .update(sites)
      .set({ openingHours: hours as Branch['openingHours'] })
      .where(eq(sites.id, A.id));
    try {
      const cache = createResponseCache(b.database.db);
      let computed = 0;
      const read = (tags: string[], t: number) =>
        cache.get(
          tags.join(),
          async () => {
            computed += 1;
            return { body: 'x', tags };
          },
          new Date(t),
        );
      // A January day: London is on UTC. B's hours have no boundary at 10:17 (the demo's are whole or half hours).
      const opening = Date.parse('2027-01-14T10:17:00.000Z');
      await read([`b:${B.id}`], opening - 60_000);
      await read([`b:${A.id}`], opening - 60_000);
      expect(computed).toBe(2);
      await read([`b:${B.id}`], opening + 1);
      expect(computed).toBe(2);
      await read([`b:${A.id}`], opening + 1);
      expect(computed).toBe(3);
    } finally {
      await a.database.db.update(sites).set({ openingHours: A.openingHours }).where(eq(sites.id, A.id));
    }
  });

  it('after its first read of every clock, reads again only the branch a change named', async () => {
    const hours = Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
        d,
        { open: '10:17', close: '22:43', closed: false },
      ]),
    );
    const cache = createResponseCache(b.database.db);
    let computed = 0;
    const read = (tags: string[], t: number) =>
      cache.get(
        tags.join(),
        async () => {
          computed += 1;
          return { body: 'x', tags };
        },
        new Date(t),
      );
    const opening = Date.parse('2027-01-14T10:17:00.000Z');
    await read([`b:${A.id}`], opening - 120_000);
    await read([`b:${B.id}`, 's:london'], opening - 120_000);
    expect(cache.clockReads()).toBe(1);
    const every = cache.clockRowsRead();
    expect(every).toBeGreaterThan(2);
    try {
      await a.database.db
        .update(sites)
        .set({ openingHours: hours as Branch['openingHours'] })
        .where(eq(sites.id, A.id));
      // A's page and the London search were dropped; B's own page is not touched.
      await read([`b:${A.id}`], opening - 60_000);
      expect(computed).toBe(3);
      expect(cache.clockReads()).toBe(2);
      expect(cache.clockRowsRead() - every).toBe(1);
      // The London search, made on the clocks with A's new row, ends at A's new opening minute.
      await read([`b:${B.id}`, 's:london'], opening - 60_000);
      expect(computed).toBe(4);
      expect(cache.clockReads()).toBe(2);
      await read([`b:${B.id}`, 's:london'], opening - 1);
      await read([`b:${A.id}`], opening - 1);
      expect(computed).toBe(4);
      await read([`b:${B.id}`, 's:london'], opening + 1);
      await read([`b:${A.id}`], opening + 1);
      expect(computed).toBe(6);
    } finally {
      await a.database.db.update(sites).set({ openingHours: A.openingHours }).where(eq(sites.id, A.id));
    }
  });

  it('tells which branches reach a postcode from the snapshot as the database does, listed or not, fresh after a change', async () => {
    const db = a.database.db;
    const snap = createBranchSnapshot(db);
    const all = await db.select().from(sites);
    // Points round every branch, near and at about its radius's edge.
    const points = all
      .filter((s) => s.lat !== null && s.lng !== null)
      .flatMap((s) => [0, 0.03, 0.06, 0.09].map((d) => ({ lat: s.lat! + d, lng: s.lng! - d })));
    const same = async () => {
      for (const p of points)
        expect((await snap.reaching(new Date(), p)).sort()).toEqual((await branchesReaching(db, p)).sort());
    };
    await same();
    // A branch taken off the list still reaches (a change to it can list it again); one moved away no longer does.
    await db.update(sites).set({ reviewStatus: 'submitted' }).where(eq(sites.id, A.id));
    await db.update(sites).set({ lat: 57.1, lng: -2.1 }).where(eq(sites.id, B.id));
    try {
      snap.mark([`b:${A.id}`, `b:${B.id}`]);
      const near = { lat: A.lat!, lng: A.lng! };
      expect(await snap.reaching(new Date(), near)).toContain(A.id);
      expect(await snap.reaching(new Date(), { lat: B.lat!, lng: B.lng! })).not.toContain(B.id);
      expect([...(await snap.rows(new Date())).keys()]).not.toContain(A.id);
      await same();
    } finally {
      await db.update(sites).set({ reviewStatus: A.reviewStatus }).where(eq(sites.id, A.id));
      await db.update(sites).set({ lat: B.lat, lng: B.lng }).where(eq(sites.id, B.id));
    }
  });

  it('keeps the cities in the process: read again only after a change to the cities, a new one found in the next search on the other process', async () => {
    // The snapshot alone: a branch's change leaves the cities as read, `cities` or an unknown change reads them again.
    const snap = createBranchSnapshot(a.database.db);
    expect((await snap.city(' LONDON '))?.slug).toBe('london');
    expect((await snap.city('london'))?.name).toBe('London');
    expect(snap.cityReads()).toBe(1);
    snap.mark([`b:${A.id}`, 's:london', `g:${cellOf(A.lat!, A.lng!)}`]);
    expect(await snap.city('Nowhere-on-sea')).toBeNull();
    expect(snap.cityReads()).toBe(1);
    snap.mark(['cities', 's:london']);
    await snap.city('london');
    expect(snap.cityReads()).toBe(2);
    snap.mark(['all']);
    await snap.city('london');
    snap.mark(null);
    await snap.city('london');
    expect(snap.cityReads()).toBe(4);

    // Through the apps: a city added, then renamed, shows in the other process's very next search.
    const search = async (t: TestApp, place: string) =>
      JSON.parse(
        (await t.app.inject({ method: 'GET', url: `/api/restaurants/search?location=${encodeURIComponent(place)}` }))
          .body,
      ).location as { known: boolean; citySlug?: string; label: string };
    expect((await search(b, 'Testbury')).known).toBe(false);
    expect((await search(b, 'London')).citySlug).toBe('london');
    const [city] = await a.database.db
      .insert(cities)
      .values({
        slug: 'testbury',
        name: 'Testbury',
        region: 'Test',
        population: 1000,
        description: 'A city for a test.',
        lat: 52.1,
        lng: -1.2,
        postcodeArea: 'TB',
      })
      .returning();
    try {
      expect(await search(b, 'testbury')).toMatchObject({ known: true, citySlug: 'testbury', label: 'Testbury' });
      expect((await search(b, 'Testbury Magna')).known).toBe(false);
      await a.database.db.update(cities).set({ name: 'Testbury Magna' }).where(eq(cities.id, city.id));
      expect(await search(b, 'testbury magna')).toMatchObject({
        known: true,
        citySlug: 'testbury',
        label: 'Testbury Magna',
      });
    } finally {
      await a.database.db.delete(cities).where(eq(cities.id, city.id));
    }
    expect((await search(b, 'Testbury Magna')).known).toBe(false);
  });

  it.skipIf(onPostgres)(
    'on the embedded database, hears the keys at commit: drops A, keeps B, reads no version',
    async () => {
      const cache = createResponseCache(a.database.db, {
        changes: { subscribe: (onChange) => a.database.listen(CATALOG_CHANNEL, (p) => onChange(p)) },
      });
      await new Promise((r) => setTimeout(r, 50)); // the subscription stands
      const read = (key: string, tags: string[]) => cache.get(key, async () => ({ body: key, tags }));
      await read('A', [`b:${A.id}`]);
      await read('B', [`b:${B.id}`]);
      await a.database.db.update(sites).set({ name: A.name }).where(eq(sites.id, A.id));
      expect(cache.has('A')).toBe(false);
      expect(cache.has('B')).toBe(true);
      expect(cache.versionReads()).toBe(0);
    },
  );
});
