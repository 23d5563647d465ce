import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers, sites } from '../../db/schema/index';
import { seedDemo } from '../../db/seed/seed-demo';
import { tableGeocoder } from '../geo/geocoder';
import { cardOfferLabel } from './card-rows';
import { heldOffers, heldOffersReads } from './held-offers';
import { createResponseCache } from './response-cache';
import { searchRestaurantsText } from './search-restaurants';
import { type TestApp, createTestApp } from '../../test/test-app';

// The offer badge on cards and the restaurant page, and the "Offers" chip
// (docs/decisions/0268-offer-badges-and-filter.md; docs/product/offers.md#where-customers-see-them).
let t: TestApp;
let site: typeof sites.$inferSelect;
let brandBranches: string[];
const SLUG = 'saffron-ember-green-street';

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db);
  [site] = await t.database.db.select().from(sites).where(eq(sites.slug, SLUG));
  brandBranches = (await t.database.db.select().from(sites).where(eq(sites.brandId, site.brandId))).map((s) => s.slug);
});
afterAll(async () => t.close());

type Card = { slug: string; offerLabel: string | null };
const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const londonCards = async (filters = ''): Promise<Card[]> =>
  (await get(`/api/restaurants/search?location=London&limit=100${filters ? `&filters=${filters}` : ''}`)).restaurants;
const postcodeCards = async (filters = ''): Promise<Card[]> =>
  (await get(`/api/restaurants/search?location=E1%206AN&limit=100${filters ? `&filters=${filters}` : ''}`)).restaurants;
const pageLabel = async (slug: string) => (await get(`/api/restaurants/${slug}`)).restaurant.offerLabel;

async function addOffer(values: Partial<typeof offers.$inferInsert>) {
  const [row] = await t.database.db
    .insert(offers)
    .values({
      brandId: site.brandId,
      kind: 'percent_off',
      percent: 20,
      capMinor: 500,
      startsOn: '2026-01-01',
      ...values,
    })
    .returning();
  return row;
}
const end = (id: string) => t.database.db.update(offers).set({ endedAt: new Date() }).where(eq(offers.id, id));

describe('the offer badge and the Offers chip', () => {
  it('shows a brand-wide offer on every card of the brand and its page, and the chip keeps exactly those', async () => {
    expect((await londonCards()).every((c) => c.offerLabel === null)).toBe(true);
    expect(await londonCards('offers')).toEqual([]);
    const offer = await addOffer({});
    const cards = await londonCards();
    const badged = cards.filter((c) => c.offerLabel !== null);
    expect(badged.length).toBeGreaterThan(0);
    expect(badged.every((c) => brandBranches.includes(c.slug) && c.offerLabel === '20% off, up to £5')).toBe(true);
    expect(cards.filter((c) => brandBranches.includes(c.slug)).every((c) => c.offerLabel !== null)).toBe(true);
    // The chip (judged in SQL) keeps the cards whose badge (judged in JS) shows, in both search paths.
    expect((await londonCards('offers')).map((c) => c.slug).sort()).toEqual(badged.map((c) => c.slug).sort());
    const near = await postcodeCards();
    expect((await postcodeCards('offers')).map((c) => c.slug).sort()).toEqual(
      near
        .filter((c) => c.offerLabel)
        .map((c) => c.slug)
        .sort(),
    );
    expect(await pageLabel(SLUG)).toBe('20% off, up to £5');
    await end(offer.id);
    expect(await londonCards('offers')).toEqual([]);
    expect(await pageLabel(SLUG)).toBeNull();
  });

  it('shows a location’s own offer on that branch alone, over the brand’s, and names its one dish', async () => {
    const brandWide = await addOffer({ kind: 'free_delivery', percent: null, capMinor: null, minSpendMinor: 1500 });
    const own = await addOffer({
      siteId: site.id,
      kind: 'amount_off',
      percent: null,
      amountMinor: 300,
      minSpendMinor: 2000,
    });
    const cards = await londonCards('offers');
    expect(cards.find((c) => c.slug === SLUG)?.offerLabel).toBe('£3 off when you spend £20');
    const other = cards.find((c) => c.slug !== SLUG);
    if (other) expect(other.offerLabel).toBe('Free delivery when you spend £15');
    await end(own.id);
    await end(brandWide.id);
  });

  it('leaves out an offer not running today: not started yet, or past its last day', async () => {
    const later = await addOffer({ startsOn: '2099-01-01' });
    const past = await addOffer({ startsOn: '2020-01-01', endsOn: '2020-12-31' });
    expect(await londonCards('offers')).toEqual([]);
    expect(await pageLabel(SLUG)).toBeNull();
    await end(later.id);
    await end(past.id);
  });

  it('changes the cached card and the chip at the minute a daily window starts and ends', async () => {
    // A January day: London is on UTC. A window 10:17 to 11:41, a minute no branch opens at.
    const DAY = Date.parse('2027-01-14T00:00:00.000Z');
    const offer = await addOffer({ fromTime: '10:17', untilTime: '11:41' });
    try {
      const cache = createResponseCache(t.database.db);
      const read = async (ms: number, filters: ('offers' | 'open')[] = []) => {
        const answer = await cache.get(
          `search:${filters.join(',')}`,
          async (now) =>
            searchRestaurantsText(
              t.database.db,
              tableGeocoder(),
              { location: 'London', filters, limit: 100, offset: 0 },
              now,
            ),
          new Date(ms),
        );
        return (JSON.parse(answer.body) as { restaurants: Card[] }).restaurants;
      };
      const badge = async (ms: number) => (await read(ms)).find((c) => c.slug === SLUG)!.offerLabel;
      const start = DAY + (10 * 60 + 17) * 60_000;
      const stop = DAY + (11 * 60 + 41) * 60_000;
      expect(await badge(start - 60_000)).toBeNull();
      expect(await badge(start - 1)).toBeNull();
      expect(await badge(start)).toBe('20% off, up to £5');
      expect(await badge(stop - 1)).toBe('20% off, up to £5');
      expect(await badge(stop)).toBeNull();
      expect((await read(start - 1, ['offers'])).length).toBe(0);
      expect((await read(start, ['offers'])).map((c) => c.slug)).toContain(SLUG);
      expect((await read(stop, ['offers'])).length).toBe(0);
    } finally {
      await end(offer.id);
    }
  });
});

describe('the uncached searches with offers held in the process', () => {
  // docs/decisions/0285-offers-off-the-uncached-path.md: with the cache off, the searches take each branch's offers
  // from the texts held for the catalog's version, read again whenever any write moved it.
  it('answers the badges the cached searches answer, and any write at once, though nothing tells the process', async () => {
    const uncached = await createTestApp({ responseCache: false }, { database: t.database, url: t.url });
    try {
      const db = t.database.db;
      const ask = async (url: string) => {
        const [a, b] = await Promise.all([
          t.app.inject({ method: 'GET', url }),
          uncached.app.inject({ method: 'GET', url }),
        ]);
        expect(b.statusCode, b.body).toBe(200);
        expect(b.body, url).toBe(a.body);
        return (b.json() as { restaurants: Card[] }).restaurants;
      };
      const both = async () => {
        // The postcode's cards (read by key) and the chip, the same as the cached app's.
        await ask('/api/restaurants/search?location=E1%206AN&limit=100');
        await ask('/api/restaurants/search?location=London&limit=100&filters=offers');
        const london = await ask('/api/restaurants/search?location=London&limit=100');
        return london.filter((c) => brandBranches.includes(c.slug)).map((c) => c.offerLabel);
      };
      /** Until the held texts are of the catalog's version (their read runs after the answer that saw it moved). */
      const settle = async () => {
        for (let i = 0; i < 50 && heldOffers(db, today())?.version !== (await version()); i++)
          await new Promise((r) => setTimeout(r, 20));
        expect(heldOffers(db, today())?.version).toBe(await version());
      };
      const inLondon = (await ask('/api/restaurants/search?location=London&limit=100')).filter((c) =>
        brandBranches.includes(c.slug),
      ).length;
      expect(inLondon).toBeGreaterThan(0);
      const brandNulls = () => Array.from({ length: inLondon }, () => null);
      const brandLabels = (label: string) => Array.from({ length: inLondon }, () => label);
      const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
      const version = async () =>
        String(
          ((await db.execute(sql`select version from catalog_version`)) as unknown as { rows: { version: unknown }[] })
            .rows[0].version,
        );

      expect(await both()).toEqual(brandNulls());
      await settle();
      const reads = heldOffersReads(db);
      expect(await both()).toEqual(brandNulls());
      expect(heldOffersReads(db)).toBe(reads);

      // Written straight to the database, as another process would: the next answers show it.
      const offer = await addOffer({});
      expect(await both()).toEqual(brandLabels('20% off, up to £5'));
      await settle();
      expect(heldOffersReads(db)).toBe(reads + 1);
      expect(heldOffers(db, today())!.texts.size).toBeGreaterThan(1);
      expect(await both()).toEqual(brandLabels('20% off, up to £5'));
      expect(heldOffersReads(db)).toBe(reads + 1);

      await t.database.db.update(offers).set({ percent: 30 }).where(eq(offers.id, offer.id));
      expect(await both()).toEqual(brandLabels('30% off, up to £5'));
      await settle();
      await end(offer.id);
      expect(await both()).toEqual(brandNulls());
      await settle();
      expect(await both()).toEqual(brandNulls());
    } finally {
      await uncached.app.close();
    }
  });
});

describe('the badge worked out once a minute for the same offers', () => {
  // One location's offer on Thursday 14 January 2027 alone (London on UTC), 10:17 to 11:41, as the
  // card subquery writes it; and the brand's all-day free delivery beside it.
  const ID = '00000000-0000-4000-8000-000000000001';
  const SITE = '00000000-0000-4000-8000-000000000002';
  const own = [
    ID,
    SITE,
    'percent_off',
    20,
    500,
    null,
    0,
    '2027-01-14',
    '2027-01-14',
    ['thursday'],
    '10:17',
    '11:41',
    null,
  ];
  const brand = [
    '00000000-0000-4000-8000-000000000003',
    null,
    'free_delivery',
    null,
    null,
    null,
    1500,
    '2027-01-01',
    null,
    [],
    null,
    null,
    null,
  ];
  const text = JSON.stringify([own]);
  const both = JSON.stringify([brand, own]);
  const at = (t: string | null, iso: string) => cardOfferLabel(t, new Date(iso));

  it('answers for the instant asked, whichever minute, date or weekday was asked before', () => {
    expect(at(text, '2027-01-14T10:16:59.999Z')).toBeNull();
    expect(at(text, '2027-01-14T10:17:00.000Z')).toBe('20% off, up to £5');
    expect(at(text, '2027-01-14T10:16:59.999Z')).toBeNull();
    expect(at(text, '2027-01-14T11:40:59.999Z')).toBe('20% off, up to £5');
    expect(at(text, '2027-01-14T11:41:00.000Z')).toBeNull();
    // The same minute on the Wednesday before (not one of its days) and the Thursday after (past its last day).
    expect(at(text, '2027-01-13T10:30:00.000Z')).toBeNull();
    expect(at(text, '2027-01-21T10:30:00.000Z')).toBeNull();
    expect(at(text, '2027-01-14T10:30:00.000Z')).toBe('20% off, up to £5');
    expect(at(null, '2027-01-14T10:30:00.000Z')).toBeNull();
  });

  it('keeps each text’s own badge within one minute: the location’s own offer first, else the brand’s', () => {
    expect(at(both, '2027-01-14T10:30:00.000Z')).toBe('20% off, up to £5');
    expect(at(JSON.stringify([brand]), '2027-01-14T10:30:00.000Z')).toBe('Free delivery when you spend £15');
    expect(at(both, '2027-01-14T10:30:00.000Z')).toBe('20% off, up to £5');
    expect(at(both, '2027-01-14T12:00:00.000Z')).toBe('Free delivery when you spend £15');
  });
});
