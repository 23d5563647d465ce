import { and, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceKm } from '../../../domain/geo';
import { WEEKDAYS, type OpeningHours } from '../../../domain/opening-hours';
import { halalCertificates, sites } from '../../db/schema/index';
import { seedDemo } from '../../db/seed/seed-demo';
import { type TestApp, createTestApp } from '../../test/test-app';

type Card = {
  slug: string;
  halalStatus: string;
  brandName: string;
  branchName: string;
  city: string;
  cuisines: string[];
  rating: number | null;
  reviewCount: number;
  etaMinMinutes: number;
  etaMaxMinutes: number;
  isOpen: boolean;
  distanceKm: number | null;
  lat: number;
  lng: number;
  deliveryRadiusKm: number;
};

let t: TestApp;
let certified = new Set<string>();

// Hours that do not depend on when the tests run: open round the clock, or never.
const ALWAYS: OpeningHours = Object.fromEntries(
  WEEKDAYS.map((d) => [d, { open: '00:00', close: '00:00', closed: false }]),
) as OpeningHours;
const NEVER: OpeningHours = Object.fromEntries(
  WEEKDAYS.map((d) => [d, { open: '09:00', close: '22:00', closed: true }]),
) as OpeningHours;

beforeAll(async () => {
  t = await createTestApp();
  // The bare catalog: these tests set each rating they order by.
  await seedDemo(t.database.db, { storage: t.app.deps.uploadStorage, showcase: false });
  const db = t.database.db;
  const set = (slug: string, values: Partial<typeof sites.$inferInsert>) =>
    db.update(sites).set(values).where(eq(sites.slug, slug));
  await db.update(sites).set({ openingHours: ALWAYS });
  // Closed three ways besides the sample's own switch (shalimar-karahi-house-whitechapel).
  await set('cedar-charcoal-edgware-road', { pausedUntil: new Date(Date.now() + 3_600_000) });
  await set('ottoman-hearth-stoke-newington', { openingHours: NEVER });
  // Fast: an ETA upper bound of 30, but not when busy minutes push it over.
  await set('kervan-ocakbasi-dalston', { etaMinMinutes: 15, etaMaxMinutes: 30, ratingAvg: 4.7, reviewCount: 3 });
  await set('levant-bakehouse-queensway', { etaMaxMinutes: 30 });
  await set('zaatar-olive-shepherd-s-bush', { etaMinMinutes: 20, etaMaxMinutes: 30, busyExtraMinutes: 10 });
  // Top rated from 4.5; 4.4 is not.
  await set('sultan-s-table-green-lanes', { ratingAvg: 4.5, reviewCount: 2 });
  await set('dhaka-spice-kitchen-brick-lane', { ratingAvg: 4.4, reviewCount: 5 });
  await set('tiffin-tandoor-tooting', { deliveryFeeMinor: 0, ratingAvg: 4.9, reviewCount: 1 });
  // Gone for good: never listed.
  await set('tigris-grill-ealing', { status: 'inactive' });
  // Verified Halal needs a current approved certificate (docs/decisions/0100-halal-status-derived.md): a certificate that
  // ran out last night (before the sweeper's run), or none at all, is not enough.
  const siteId = async (slug: string) =>
    (await db.select({ id: sites.id }).from(sites).where(eq(sites.slug, slug)))[0].id;
  await db
    .update(halalCertificates)
    .set({ issuedOn: '2020-01-01', expiresOn: '2021-01-31' })
    .where(eq(halalCertificates.siteId, await siteId('kervan-ocakbasi-dalston')));
  await db.delete(halalCertificates).where(eq(halalCertificates.siteId, await siteId('sultan-s-table-green-lanes')));
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  certified = new Set(
    (
      await db
        .select({ siteId: halalCertificates.siteId })
        .from(halalCertificates)
        .where(and(eq(halalCertificates.status, 'approved'), gte(halalCertificates.expiresOn, today)))
    ).map((r) => r.siteId),
  );
});
afterAll(async () => t.close());

async function search(
  query: string,
): Promise<{ location: Record<string, unknown>; total: number; restaurants: Card[] }> {
  const res = await t.app.inject({ method: 'GET', url: `/api/restaurants/search${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const slugs = (cards: Card[]) => cards.map((c) => c.slug).sort();

/** The London rows as stored, to prove every answer against. */
async function londonRows() {
  return t.database.db
    .select()
    .from(sites)
    .where(and(eq(sites.citySlug, 'london'), eq(sites.status, 'active')));
}
type Row = Awaited<ReturnType<typeof londonRows>>[number];
const isOpenRow = (r: Row) =>
  r.isOpen && !(r.pausedUntil && r.pausedUntil > new Date()) && !r.openingHours.monday.closed;
const RULES: Record<string, (r: Row) => boolean> = {
  verified: (r) => r.halalSuspendedAt === null && certified.has(r.id),
  fast: (r) => r.etaMaxMinutes + r.busyExtraMinutes <= 30,
  free: (r) => r.deliveryFeeMinor === 0,
  top: (r) => r.reviewCount > 0 && r.ratingAvg !== null && Number(r.ratingAvg) >= 4.5,
  open: isOpenRow,
};

describe('search by city', () => {
  it('searches London when no location is given and echoes it', async () => {
    const body = await search('');
    expect(body.location).toEqual({
      kind: 'city',
      label: 'London',
      known: true,
      citySlug: 'london',
      lat: 51.5074,
      lng: -0.1278,
    });
    expect(body.total).toBeGreaterThanOrEqual(20);
    expect(slugs(body.restaurants)).toEqual((await londonRows()).map((r) => r.slug).sort());
    for (const c of body.restaurants) expect(c).toMatchObject({ city: 'London', distanceKm: null });
  });

  it('finds a city by name or slug whatever the case', async () => {
    for (const q of ['Birmingham', 'BIRMINGHAM', 'birmingham', '  birmingham ']) {
      const body = await search(`?location=${encodeURIComponent(q)}`);
      expect(body.location).toMatchObject({ kind: 'city', citySlug: 'birmingham', label: 'Birmingham' });
      expect(body.total).toBeGreaterThanOrEqual(3);
      for (const c of body.restaurants) expect(c.city).toBe('Birmingham');
    }
    expect((await search('?location=Newcastle%20upon%20Tyne')).location).toMatchObject({ citySlug: 'newcastle' });
    expect((await search('?location=newcastle')).location).toMatchObject({ label: 'Newcastle upon Tyne' });
  });

  it('answers an unknown place with an empty list and the text echoed', async () => {
    expect(await search('?location=Atlantis')).toEqual({
      location: { kind: 'city', label: 'Atlantis', known: false },
      deliverTo: null,
      total: 0,
      restaurants: [],
    });
  });

  it('leaves out inactive branches', async () => {
    expect(slugs((await search('?limit=100')).restaurants)).not.toContain('tigris-grill-ealing');
  });

  it('orders a city open first, then by rating, then by name', async () => {
    const { restaurants } = await search('?limit=100');
    const firstClosed = restaurants.findIndex((c) => !c.isOpen);
    expect(firstClosed).toBeGreaterThan(0);
    expect(restaurants.slice(firstClosed).every((c) => !c.isOpen)).toBe(true);
    expect(restaurants.slice(0, 3).map((c) => c.slug)).toEqual([
      'tiffin-tandoor-tooting',
      'kervan-ocakbasi-dalston',
      'sultan-s-table-green-lanes',
    ]);
    const unratedOpen = restaurants
      .filter((c) => c.isOpen && c.rating === null)
      .map((c) => `${c.brandName} ${c.branchName}`);
    expect(unratedOpen).toEqual([...unratedOpen].sort((a, b) => a.localeCompare(b, 'en-GB', { sensitivity: 'base' })));
  });

  it('adds the busy extra minutes to the ETA on the card', async () => {
    const card = (await search('?limit=100')).restaurants.find((c) => c.slug === 'zaatar-olive-shepherd-s-bush')!;
    expect(card).toMatchObject({ etaMinMinutes: 30, etaMaxMinutes: 40 });
  });

  it('shows a real rating and review count, and no rating without reviews', async () => {
    const cards = (await search('?limit=100')).restaurants;
    expect(cards.find((c) => c.slug === 'kervan-ocakbasi-dalston')).toMatchObject({ rating: 4.7, reviewCount: 3 });
    expect(cards.find((c) => c.slug === 'medina-couscous-house-finsbury-park')).toMatchObject({
      rating: null,
      reviewCount: 0,
    });
  });
});

describe('cuisine and filters', () => {
  it('matches the cuisine whatever its case, and "all" means any', async () => {
    const lower = await search('?cuisine=turkish&limit=100');
    const proper = await search('?cuisine=Turkish&limit=100');
    expect(lower.total).toBeGreaterThan(0);
    expect(slugs(lower.restaurants)).toEqual(slugs(proper.restaurants));
    for (const c of lower.restaurants) expect(c.cuisines).toContain('Turkish');
    const expected = (await londonRows())
      .filter((r) => r.cuisines.includes('Turkish'))
      .map((r) => r.slug)
      .sort();
    expect(slugs(lower.restaurants)).toEqual(expected);
    expect((await search('?cuisine=all')).total).toBe((await search('')).total);
  });

  for (const filter of Object.keys(RULES)) {
    it(`keeps exactly the branches the "${filter}" filter describes`, async () => {
      const rows = await londonRows();
      const expected = rows
        .filter(RULES[filter])
        .map((r) => r.slug)
        .sort();
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(rows.length);
      const body = await search(`?filters=${filter}&limit=100`);
      expect(slugs(body.restaurants)).toEqual(expected);
      expect(body.total).toBe(expected.length);
    });
  }

  it('combines filters with each other and with a cuisine', async () => {
    const rows = await londonRows();
    const cases: [string, string | null, string[]][] = [
      ['verified,open', null, ['verified', 'open']],
      ['free,top', null, ['free', 'top']],
      ['fast, OPEN', 'turkish', ['fast', 'open']],
      ['verified', 'Pakistani', ['verified']],
    ];
    for (const [filters, cuisine, rules] of cases) {
      const expected = rows
        .filter((r) => rules.every((rule) => RULES[rule](r)))
        .filter((r) => !cuisine || r.cuisines.some((c) => c.toLowerCase() === cuisine.toLowerCase()))
        .map((r) => r.slug)
        .sort();
      expect(expected.length, filters).toBeGreaterThan(0);
      const body = await search(
        `?filters=${encodeURIComponent(filters)}${cuisine ? `&cuisine=${cuisine}` : ''}&limit=100`,
      );
      expect(slugs(body.restaurants), filters).toEqual(expected);
    }
  });

  it('shows under Verified Halal only verified locations with a current approved certificate', async () => {
    const body = await search('?filters=verified&limit=100');
    const found = slugs(body.restaurants);
    expect(found.length).toBeGreaterThan(0);
    expect(found).not.toContain('kervan-ocakbasi-dalston');
    expect(found).not.toContain('sultan-s-table-green-lanes');
    const rows = await londonRows();
    for (const card of body.restaurants) {
      const row = rows.find((r) => r.slug === card.slug)!;
      expect(card.halalStatus, card.slug).toBe('verified');
      expect(certified.has(row.id), card.slug).toBe(true);
    }
    // The badges agree with the chip: the unfiltered list shows "Halal Verified" on exactly these,
    // and the lapsed and uncertified branches say "Verification Pending" and "Self Declared Halal".
    const all = (await search('?limit=100')).restaurants;
    expect(slugs(all.filter((c) => c.halalStatus === 'verified'))).toEqual(found);
    const badge = (slug: string) => all.find((c) => c.slug === slug)?.halalStatus;
    expect([badge('kervan-ocakbasi-dalston'), badge('sultan-s-table-green-lanes')]).toEqual([
      'temp-unverified',
      'self-declared',
    ]);
  });

  it('refuses an unknown filter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/restaurants/search?filters=open,cheap' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('Unknown filter: cheap');
  });
});

describe('search by postcode', () => {
  it('finds the Whitechapel restaurants around E1 6AN, nearest first, each within its own radius', async () => {
    const body = await search('?location=e1%206an');
    expect(body.location).toMatchObject({ kind: 'postcode', label: 'E1 6AN', known: true });
    const here = { lat: body.location.lat as number, lng: body.location.lng as number };
    const found = body.restaurants.map((c) => c.slug);
    expect(found).toEqual(
      expect.arrayContaining(['shalimar-karahi-house-whitechapel', 'dhaka-spice-kitchen-brick-lane']),
    );
    const distances = body.restaurants.map((c) => c.distanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const c of body.restaurants) {
      const km = distanceKm(here, c);
      expect(km, c.slug).toBeLessThanOrEqual(c.deliveryRadiusKm);
      expect(c.distanceKm, c.slug).toBe(Math.round(km * 10) / 10);
    }
  });

  it('lists every active branch whose radius reaches the postcode and no other', async () => {
    const body = await search('?location=E1%206AN');
    const here = { lat: body.location.lat as number, lng: body.location.lng as number };
    const all = await t.database.db.select().from(sites).where(eq(sites.status, 'active'));
    const expected = all
      .filter((s) => distanceKm(here, { lat: s.lat!, lng: s.lng! }) <= s.deliveryRadiusKm)
      .map((s) => s.slug);
    expect(slugs(body.restaurants)).toEqual(expected.sort());
  });

  it('takes an outward code alone', async () => {
    const full = await search('?location=E16AN');
    const outward = await search('?location=e1');
    expect(outward.location).toMatchObject({ kind: 'postcode', label: 'E1' });
    expect(outward.restaurants.map((c) => c.slug)).toEqual(full.restaurants.map((c) => c.slug));
  });

  it('leaves out an inactive branch next door', async () => {
    const body = await search('?location=W5%202ST');
    expect(body.total).toBeGreaterThan(0);
    expect(slugs(body.restaurants)).not.toContain('tigris-grill-ealing');
  });

  it('applies the cuisine and filters to postcode results too', async () => {
    const body = await search('?location=E1%206AN&filters=open');
    expect(slugs(body.restaurants)).not.toContain('shalimar-karahi-house-whitechapel');
    const turkish = await search('?location=E1%206AN&cuisine=TURKISH');
    expect(turkish.restaurants.map((c) => c.slug)).toEqual(['kervan-ocakbasi-dalston']);
  });

  it('orders branches at the same distance by the recommended keys: open, rating, then name', async () => {
    const db = t.database.db;
    const [dhaka] = await db.select().from(sites).where(eq(sites.slug, 'dhaka-spice-kitchen-brick-lane'));
    const [shalimar] = await db.select().from(sites).where(eq(sites.slug, 'shalimar-karahi-house-whitechapel'));
    // Shalimar moves next door to Dhaka (the same point), opens and is rated above it: the rating
    // decides, though Dhaka comes first by name.
    await db
      .update(sites)
      .set({ lat: dhaka.lat, lng: dhaka.lng, isOpen: true, ratingAvg: 4.9, reviewCount: 4 })
      .where(eq(sites.id, shalimar.id));
    try {
      for (const sort of ['', '&sort=distance']) {
        const body = await search(`?location=E1%206AN${sort}`);
        const order = body.restaurants.map((c) => c.slug);
        const at = order.indexOf('shalimar-karahi-house-whitechapel');
        expect(at, sort).toBeGreaterThanOrEqual(0);
        expect(order[at + 1], sort).toBe('dhaka-spice-kitchen-brick-lane');
      }
      // Closed again, it goes after Dhaka at the same distance.
      await db.update(sites).set({ isOpen: false }).where(eq(sites.id, shalimar.id));
      const order = (await search('?location=E1%206AN')).restaurants.map((c) => c.slug);
      const at = order.indexOf('dhaka-spice-kitchen-brick-lane');
      expect(order[at + 1]).toBe('shalimar-karahi-house-whitechapel');
    } finally {
      const { lat, lng, isOpen, ratingAvg, reviewCount } = shalimar;
      await db.update(sites).set({ lat, lng, isOpen, ratingAvg, reviewCount }).where(eq(sites.id, shalimar.id));
    }
  });

  it('answers a postcode it cannot place with an empty list', async () => {
    expect(await search('?location=ZZ9%209ZZ')).toEqual({
      location: { kind: 'postcode', label: 'ZZ9 9ZZ', known: false },
      deliverTo: null,
      total: 0,
      restaurants: [],
    });
  });
});

describe('pagination', () => {
  it('pages through the same ordered list with a stable total', async () => {
    const all = await search('?limit=100');
    const pages: Card[] = [];
    for (let offset = 0; offset < all.total; offset += 5) {
      const page = await search(`?limit=5&offset=${offset}`);
      expect(page.total).toBe(all.total);
      expect(page.restaurants.length).toBeLessThanOrEqual(5);
      pages.push(...page.restaurants);
    }
    expect(pages.map((c) => c.slug)).toEqual(all.restaurants.map((c) => c.slug));
    expect((await search(`?offset=${all.total}`)).restaurants).toEqual([]);
  });

  it('refuses a limit outside 1 to 100 and a negative offset', async () => {
    for (const q of ['limit=0', 'limit=101', 'offset=-1', 'limit=abc']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/restaurants/search?${q}` });
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('returns a page of 24 cards by default, the next page from its offset, and up to 100 on request', async () => {
    const [brand] = await t.database.db
      .select({ brandId: sites.brandId })
      .from(sites)
      .where(eq(sites.citySlug, 'reading'))
      .limit(1);
    await t.database.db.insert(sites).values(
      Array.from({ length: 60 }, (_, i) => ({
        brandId: brand.brandId,
        name: `Branch ${i}`,
        slug: `reading-extra-${i}`,
        address: `${i} Broad Street, Reading`,
        city: 'Reading',
        citySlug: 'reading',
        openingHours: ALWAYS,
      })),
    );
    const byDefault = await search('?location=Reading');
    expect(byDefault.total).toBe(63);
    expect(byDefault.restaurants).toHaveLength(24);
    const next = await search('?location=Reading&offset=24');
    expect(next.restaurants).toHaveLength(24);
    expect(next.restaurants.map((c) => c.slug)).not.toContain(byDefault.restaurants[0].slug);
    expect((await search('?location=Reading&limit=100')).restaurants).toHaveLength(63);
  });
});
