import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UK_CITIES } from '../../../domain/sample-data/cities';
import { SAMPLE_RESTAURANTS } from '../../../domain/sample-data/sample-restaurants';
import { openPglite, type Database } from '../client';
import { brandMemberships, brands, cities, menuItems, menus, sites, user, userProfiles } from '../schema/index';
import { CUISINES, MENU_CATEGORIES, catalogSeedBrands, slugify } from './demo-restaurants';
import { seedCatalog } from './seed-catalog';

const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../public');
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const PARTNER_ID = 'seed-catalog-test-partner';

let database: Database;
let firstRun: string | null;
let secondRun: string | null;
let countsAfterFirstRun: { cities: number; brands: number; sites: number; items: number };

async function counts() {
  const { db } = database;
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(cities);
  const [b] = await db.select({ n: sql<number>`count(*)::int` }).from(brands);
  const [s] = await db.select({ n: sql<number>`count(*)::int` }).from(sites);
  const [i] = await db.select({ n: sql<number>`count(*)::int` }).from(menuItems);
  return { cities: c.n, brands: b.n, sites: s.n, items: i.n };
}

async function itemCountBySite(): Promise<Map<string, number>> {
  const rows = await database.db
    .select({ siteId: sites.id, n: sql<number>`count(${menuItems.id})::int` })
    .from(sites)
    .innerJoin(menus, eq(menus.brandId, sites.brandId))
    .leftJoin(menuItems, eq(menuItems.menuId, menus.id))
    .groupBy(sites.id);
  return new Map(rows.map((r) => [r.siteId, r.n]));
}

function distanceKm(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const rad = (x: number) => (x * Math.PI) / 180;
  const h =
    Math.sin(rad(bLat - aLat) / 2) ** 2 +
    Math.cos(rad(aLat)) * Math.cos(rad(bLat)) * Math.sin(rad(bLng - aLng) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

beforeAll(async () => {
  database = await openPglite(null);
  await database.db.insert(user).values({ id: PARTNER_ID, name: 'Test Partner', email: 'partner@seed-catalog.test' });
  await database.db
    .insert(userProfiles)
    .values({ userId: PARTNER_ID, userType: 'partner', email: 'partner@seed-catalog.test' });
  firstRun = await seedCatalog(database.db, { partnerUserId: PARTNER_ID });
  countsAfterFirstRun = await counts();
  secondRun = await seedCatalog(database.db, { partnerUserId: PARTNER_ID });
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe('city directory data', () => {
  it('lists exactly 20 cities with London first and unique slugs that follow the slug rule', () => {
    expect(UK_CITIES).toHaveLength(20);
    expect(UK_CITIES[0].name).toBe('London');
    expect(new Set(UK_CITIES.map((c) => c.slug)).size).toBe(20);
    for (const c of UK_CITIES) expect(c.slug).toBe(c.name === 'Newcastle upon Tyne' ? 'newcastle' : slugify(c.name));
  });

  it('gives the eight largest local authorities populations over 500000 and the rest less', () => {
    const large = UK_CITIES.filter((c) => c.population > 500_000).map((c) => c.slug);
    expect(large.sort()).toEqual([
      'birmingham',
      'bradford',
      'edinburgh',
      'glasgow',
      'leeds',
      'london',
      'manchester',
      'sheffield',
    ]);
  });

  it('gives every city a region, description, UK coordinates, a postcode area and 3 to 5 landmarks', () => {
    for (const c of UK_CITIES) {
      expect(c.region).not.toBe('');
      expect(c.description.length).toBeGreaterThan(40);
      expect(c.lat).toBeGreaterThan(49.9);
      expect(c.lat).toBeLessThan(58.7);
      expect(c.lng).toBeGreaterThan(-8.2);
      expect(c.lng).toBeLessThan(1.8);
      expect(c.postcodeArea).toMatch(/^[A-Z]{1,2}$/);
      expect(c.landmarks.length).toBeGreaterThanOrEqual(3);
      expect(c.landmarks.length).toBeLessThanOrEqual(5);
      expect(c.population % 100).toBe(0);
    }
  });
});

describe('sample restaurants data', () => {
  it('has seven London branches with fixed v4 ids and slugs built from brand and branch', () => {
    expect(SAMPLE_RESTAURANTS).toHaveLength(7);
    for (const r of SAMPLE_RESTAURANTS) {
      expect(r.id).toMatch(UUID_V4);
      for (const item of r.menu.flatMap((s) => s.items)) expect(item.id).toMatch(UUID_V4);
      expect(r.slug).toBe(slugify(`${r.brandName} ${r.branchName}`));
      expect(r.city).toBe('London');
    }
    const ids = SAMPLE_RESTAURANTS.flatMap((r) => [r.id, ...r.menu.flatMap((s) => s.items.map((i) => i.id))]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('uses only the home page cuisines and the known menu categories', () => {
    for (const r of SAMPLE_RESTAURANTS) {
      for (const c of r.cuisines) expect(CUISINES).toContain(c);
      for (const item of r.menu.flatMap((s) => s.items)) expect(MENU_CATEGORIES).toContain(item.category);
    }
  });
});

describe('seedCatalog', () => {
  it('reports what the first run added and returns null on the second run', () => {
    expect(firstRun).toMatch(/^seeded 20 cities and \d+ restaurants$/);
    expect(secondRun).toBeNull();
  });

  it('adds nothing when it runs a second time', async () => {
    expect(await counts()).toEqual(countsAfterFirstRun);
  });

  it('seeds the 20 cities in list order', async () => {
    const rows = await database.db.select().from(cities).orderBy(cities.sortOrder);
    expect(rows.map((r) => r.slug)).toEqual(UK_CITIES.map((c) => c.slug));
  });

  it('gives London at least 20 active sites', async () => {
    const rows = await database.db
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.citySlug, 'london'), eq(sites.status, 'active')));
    expect(rows.length).toBeGreaterThanOrEqual(20);
  });

  it('gives every other city at least 3 active sites', async () => {
    const rows = await database.db
      .select({ citySlug: sites.citySlug, n: sql<number>`count(*)::int` })
      .from(sites)
      .where(eq(sites.status, 'active'))
      .groupBy(sites.citySlug);
    const byCity = new Map(rows.map((r) => [r.citySlug, r.n]));
    for (const c of UK_CITIES.slice(1)) expect(byCity.get(c.slug) ?? 0, c.slug).toBeGreaterThanOrEqual(3);
  });

  it('seeds the seven sample sites with their fixed ids and the properties of the sample set', async () => {
    const ids = SAMPLE_RESTAURANTS.map((r) => r.id);
    const rows = await database.db.select().from(sites).where(inArray(sites.id, ids));
    const ordered = ids.map((id) => rows.find((r) => r.id === id)!);
    expect(ordered.every(Boolean)).toBe(true);
    expect(ordered.map((s) => s.slug)).toEqual(SAMPLE_RESTAURANTS.map((r) => r.slug));
    expect(ordered.map((s) => s.isOpen)).toEqual([true, true, false, true, true, true, true]);
    // The halal story each sample tells (its status is derived from the certificate seed-halal.ts gives it).
    const planned = new Map(catalogSeedBrands().flatMap((b) => b.sites.map((x) => [x.id, x])));
    expect(ordered.map((s) => planned.get(s.id)!.halalStatus)).toEqual([
      'verified',
      'verified',
      'verified',
      'verified',
      'verified',
      'self-declared',
      'verified',
    ]);
    expect(ordered.map((s) => planned.get(s.id)!.lastVerifiedAt === null)).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      false,
    ]);
    const fees = ordered.map((s) => s.deliveryFeeMinor);
    expect(Math.min(...fees)).toBe(199);
    expect(Math.max(...fees)).toBe(449);
    const radii = ordered.map((s) => s.deliveryRadiusKm);
    expect(Math.min(...radii)).toBe(3);
    expect(Math.max(...radii)).toBe(6);
    const items = await itemCountBySite();
    for (const s of ordered) {
      expect(items.get(s.id)).toBeGreaterThanOrEqual(2);
      expect(items.get(s.id)).toBeLessThanOrEqual(4);
    }
  });

  it("dates a verified sample site's verification by its certificate's issue date", () => {
    const dalston = catalogSeedBrands()[0].sites[0];
    expect(dalston.id).toBe(SAMPLE_RESTAURANTS[0].id);
    expect(dalston.lastVerifiedAt?.toISOString()).toBe('2026-09-01T00:00:00.000Z');
    expect(dalston.certificate).toMatchObject({ issuedOn: '2026-09-01', expiresOn: '2027-08-31' });
  });

  it('makes the partner the owner of exactly the seven sample brands', async () => {
    const owned = await database.db
      .select({ brandId: brandMemberships.brandId, role: brandMemberships.role })
      .from(brandMemberships)
      .where(eq(brandMemberships.userId, PARTNER_ID));
    expect(owned).toHaveLength(7);
    expect(owned.every((m) => m.role === 'owner')).toBe(true);
    const sampleBrandIds = await database.db
      .select({ brandId: sites.brandId })
      .from(sites)
      .where(
        inArray(
          sites.id,
          SAMPLE_RESTAURANTS.map((r) => r.id),
        ),
      );
    expect(new Set(owned.map((m) => m.brandId))).toEqual(new Set(sampleBrandIds.map((s) => s.brandId)));
  });

  it('gives every non-sample site a brand menu of 8 to 20 items', async () => {
    const sampleIds = new Set(SAMPLE_RESTAURANTS.map((r) => r.id));
    const items = await itemCountBySite();
    const others = [...items].filter(([id]) => !sampleIds.has(id));
    expect(others.length).toBeGreaterThanOrEqual(14 + 19 * 3);
    for (const [id, n] of others) {
      expect(n, id).toBeGreaterThanOrEqual(8);
      expect(n, id).toBeLessThanOrEqual(20);
    }
  });

  it('leaves ratings empty because no reviews are seeded', async () => {
    const rated = await database.db
      .select({ id: sites.id })
      .from(sites)
      .where(sql`${sites.ratingAvg} is not null or ${sites.reviewCount} <> 0`);
    expect(rated).toHaveLength(0);
  });

  it('groups some demo branches into brands that span several cities', async () => {
    const rows = await database.db
      .select({ brandId: sites.brandId, n: sql<number>`count(distinct ${sites.citySlug})::int` })
      .from(sites)
      .groupBy(sites.brandId);
    expect(rows.filter((r) => r.n >= 2).length).toBeGreaterThanOrEqual(3);
  });
});

describe('demo catalogue data', () => {
  const all = catalogSeedBrands();
  const demo = all.filter((b) => !b.isSample);
  const demoSites = demo.flatMap((b) => b.sites);

  it('builds the same catalogue on every call', () => {
    expect(catalogSeedBrands()).toEqual(all);
  });

  it('uses unique site slugs that follow the slug rule from brand and branch name', () => {
    const slugs = all.flatMap((b) => b.sites.map((s) => s.slug));
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const b of demo) for (const s of b.sites) expect(s.slug).toBe(slugify(`${b.name} ${s.name}`));
  });

  it('places every demo site near its city centre with a postcode of that city', () => {
    for (const s of demoSites) {
      const city = UK_CITIES.find((c) => c.slug === s.citySlug)!;
      expect(city, s.slug).toBeDefined();
      expect(s.city).toBe(city.name);
      expect(distanceKm(city.lat, city.lng, s.lat, s.lng), s.slug).toBeLessThan(s.citySlug === 'london' ? 20 : 8);
      if (s.citySlug === 'london') expect(s.postcode, s.slug).toMatch(/^(E|EC|N|NW|SE|SW|W|WC|UB|HA)\d/);
      else expect(s.postcode.match(/^[A-Z]+/)?.[0], s.slug).toBe(city.postcodeArea);
    }
  });

  it('keeps demo fees, radii, minimum orders and ETA windows in their ranges', () => {
    for (const s of demoSites) {
      expect(s.deliveryFeeMinor).toBeGreaterThanOrEqual(0);
      expect(s.deliveryFeeMinor).toBeLessThanOrEqual(449);
      expect(s.deliveryRadiusKm).toBeGreaterThanOrEqual(3);
      expect(s.deliveryRadiusKm).toBeLessThanOrEqual(8);
      expect(s.minOrderMinor).toBeGreaterThanOrEqual(0);
      expect(s.minOrderMinor).toBeLessThanOrEqual(1500);
      expect(s.etaMaxMinutes).toBeGreaterThan(s.etaMinMinutes);
    }
    expect(demoSites.some((s) => s.deliveryFeeMinor === 0)).toBe(true);
  });

  it('mixes halal statuses with mostly verified sites, some self-declared and one or two pending', () => {
    const count = (status: string) => demoSites.filter((s) => s.halalStatus === status).length;
    expect(count('verified')).toBeGreaterThan(demoSites.length / 2);
    expect(count('self-declared')).toBeGreaterThan(0);
    expect(count('temp-unverified')).toBeGreaterThanOrEqual(1);
    expect(count('temp-unverified')).toBeLessThanOrEqual(2);
    for (const s of demoSites) if (s.halalStatus === 'verified') expect(s.lastVerifiedAt).not.toBeNull();
  });

  it('includes late-night sites that close after midnight and sites closed on Mondays', () => {
    expect(demoSites.some((s) => s.openingHours.friday.close < s.openingHours.friday.open)).toBe(true);
    expect(demoSites.some((s) => s.openingHours.monday.closed)).toBe(true);
  });

  it('builds demo menus of 3 to 5 sections with valid categories, prices and allergens', () => {
    for (const b of demo) {
      expect(b.menu.length, b.name).toBeGreaterThanOrEqual(3);
      expect(b.menu.length, b.name).toBeLessThanOrEqual(5);
      const items = b.menu.flatMap((s) => s.items);
      expect(new Set(items.map((i) => i.name)).size, b.name).toBe(items.length);
      for (const i of items) {
        expect(MENU_CATEGORIES).toContain(i.category);
        expect(Number.isInteger(i.priceMinor)).toBe(true);
        expect(i.priceMinor).toBeGreaterThan(0);
        for (const a of i.allergens) expect(a).toMatch(/^[a-z]+$/);
      }
    }
  });

  it('uses only the home page cuisines and points each image at an existing WebP under 16 KB, made from its SVG', () => {
    const webp = (file: string) => readFileSync(file).subarray(8, 12).toString('latin1') === 'WEBP';
    for (const s of all.flatMap((b) => b.sites)) {
      expect(s.cuisines.length).toBeGreaterThanOrEqual(1);
      expect(s.cuisines.length).toBeLessThanOrEqual(3);
      for (const c of s.cuisines) expect(CUISINES).toContain(c);
      expect(s.imageUrl).toBe(`/images/cuisines/${slugify(s.cuisines[0])}.webp`);
    }
    for (const c of CUISINES) {
      const file = path.join(PUBLIC_DIR, 'images', 'cuisines', `${slugify(c)}.webp`);
      expect(existsSync(file), file).toBe(true);
      expect(webp(file), file).toBe(true);
      expect(statSync(file).size).toBeLessThan(16_384);
      expect(existsSync(file.replace(/\.webp$/, '.svg')), 'its SVG source').toBe(true);
    }
    const logo = path.join(PUBLIC_DIR, 'images', 'logo-placeholder.webp');
    expect(existsSync(logo)).toBe(true);
    expect(webp(logo)).toBe(true);
    expect(statSync(logo).size).toBeLessThan(16_384);
  });
});
