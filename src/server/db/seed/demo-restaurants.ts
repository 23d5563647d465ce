import { createHash } from 'node:crypto';
import { z } from 'zod';
import { HALAL_STATUSES, type HalalStatus } from '../../../domain/halal';
import { defaultOpeningHours, type OpeningHours } from '../../../domain/opening-hours';
import { UK_CITIES } from '../../../domain/sample-data/cities';
import { SAMPLE_RESTAURANTS, type SampleCertificate } from '../../../domain/sample-data/sample-restaurants';
import brandsData from './demo-brands.json';
import libraryData from './dish-library.json';
import dishOptionsData from './dish-options.json';
import type { OptionGroup } from '../../../domain/menu-options';

/**
 * The demo catalogue: the seven sample branches plus demo restaurants in all 20 cities.
 * Everything is derived from fixed data and hashes (no Math.random), so every run seeds identical rows
 * with identical ids, and a restarted demo finds what it seeded before.
 */

export const CUISINES = [
  'Turkish',
  'Middle Eastern',
  'Lebanese',
  'Pakistani',
  'Indian',
  'Moroccan',
  'Mediterranean',
  'South Asian',
  'North African',
] as const;
export type Cuisine = (typeof CUISINES)[number];

export const MENU_CATEGORIES = [
  'Wraps',
  'Grills',
  'Starters',
  'Desserts',
  'Mains',
  'Sides',
  'Tagines',
  'Couscous',
  'Drinks',
  'Salads',
  'Breakfast',
] as const;

export type CatalogItemSeed = {
  id: string;
  name: string;
  description: string;
  priceMinor: number;
  category: string;
  isVegetarian: boolean;
  isVegan: boolean;
  isSpicy: boolean;
  allergens: string[];
  sortOrder: number;
  optionGroups: OptionGroup[];
};

export type CatalogSectionSeed = { id: string; title: string | null; sortOrder: number; items: CatalogItemSeed[] };

export type CatalogSiteSeed = {
  id: string;
  slug: string;
  /** The branch display name, e.g. "Whitechapel". */
  name: string;
  description: string;
  address: string;
  city: string;
  citySlug: string;
  postcode: string;
  phone: string;
  lat: number;
  lng: number;
  cuisines: Cuisine[];
  imageUrl: string;
  /**
   * The halal story the demo tells about this branch. Not stored: seed-halal.ts gives it the
   * evidence the status is derived from (an approved certificate, a lapsed one, none).
   */
  halalStatus: HalalStatus;
  /** When HalalNosh approved its certificate (verified and lapsed stories). */
  lastVerifiedAt: Date | null;
  /** A sample branch's own certificate (the offline fallback shows the same one). */
  certificate?: SampleCertificate | null;
  isOpen: boolean;
  openingHours: OpeningHours;
  deliveryFeeMinor: number;
  deliveryRadiusKm: number;
  minOrderMinor: number;
  etaMinMinutes: number;
  etaMaxMinutes: number;
};

export type CatalogBrandSeed = {
  id: string;
  name: string;
  description: string;
  logoUrl: string;
  /** The sample brands belong to the demo partner account; demo brands have no members. */
  isSample: boolean;
  menuId: string;
  menu: CatalogSectionSeed[];
  sites: CatalogSiteSeed[];
};

/** The slug rule (docs/product/partner.md#locations): lower-case, each run of non-alphanumerics becomes one hyphen, hyphens trimmed. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function cuisineSlug(cuisine: string): string {
  return slugify(cuisine);
}

export function cuisineImageUrl(cuisine: string): string {
  return `/images/cuisines/${cuisineSlug(cuisine)}.webp`;
}

export const LOGO_PLACEHOLDER_URL = '/images/logo-placeholder.webp';

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** "March 2026" -> 1 March 2026 (UTC); null for null or unreadable text. */
export function monthYearToDate(text: string | null): Date | null {
  if (!text) return null;
  const m = /^([a-z]+)\s+(\d{4})$/i.exec(text.trim());
  if (!m) return null;
  const month = MONTHS.indexOf(m[1].toLowerCase());
  if (month < 0) return null;
  return new Date(Date.UTC(Number(m[2]), month, 1));
}

/** A name-based (version 5 layout) UUID, so seeded rows keep the same ids on every run and machine. */
export function stableUuid(name: string): string {
  const h = createHash('sha1').update(`halalnosh-demo:${name}`).digest('hex');
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** mulberry32: a tiny seeded PRNG; seeded from a brand's name it makes that brand's menu reproducible. */
function prng(seedText: string): () => number {
  let a = createHash('sha1').update(seedText).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randInt(rng: () => number, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

function shuffled<T>(rng: () => number, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Dish library: per cuisine, the sections a menu can have and the dishes each may draw from.
// The data is dish-library.json beside this file, checked when loaded.
// ---------------------------------------------------------------------------------------------

const dishSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().min(1),
  priceMinor: z.number().int().positive(),
  category: z.enum(MENU_CATEGORIES),
  isVegetarian: z.boolean().default(false),
  isVegan: z.boolean().default(false),
  isSpicy: z.boolean().default(false),
  allergens: z.array(z.string().min(1)).default([]),
});

/** One section a cuisine's menu may have: its possible titles and how many of its dishes to draw. */
const poolSchema = z.strictObject({
  key: z.string().min(1),
  titles: z.array(z.string().min(1)).min(1),
  required: z.boolean(),
  count: z.tuple([z.number().int().positive(), z.number().int().positive()]),
  dishes: z.array(dishSchema).min(1),
});
type Pool = z.output<typeof poolSchema>;

const LIBRARY: Record<Cuisine, Pool[]> = z.record(z.enum(CUISINES), z.array(poolSchema)).parse(libraryData);

// ---------------------------------------------------------------------------------------------
// Demo brands and their branches.
// ---------------------------------------------------------------------------------------------

/** Serves until 01:00 every night; a close earlier than open runs past midnight. */
function lateNight(): OpeningHours {
  const day = { open: '12:00', close: '01:00', closed: false };
  return {
    monday: { ...day },
    tuesday: { ...day },
    wednesday: { ...day },
    thursday: { ...day },
    friday: { ...day },
    saturday: { ...day },
    sunday: { ...day },
  };
}

function closedMondays(): OpeningHours {
  const hours = defaultOpeningHours();
  return { ...hours, monday: { ...hours.monday, closed: true } };
}

/** Bakeries and breakfast houses open early and close early. */
function earlyStart(): OpeningHours {
  const day = { open: '08:00', close: '21:00', closed: false };
  return {
    monday: { ...day },
    tuesday: { ...day },
    wednesday: { ...day },
    thursday: { ...day },
    friday: { ...day },
    saturday: { ...day },
    sunday: { open: '09:00', close: '20:00', closed: false },
  };
}

/** The opening hours a brand or branch names in demo-brands.json (without a name: the standard ones). */
const hoursName = z.enum(['standard', 'lateNight', 'closedMondays', 'earlyStart']);
const HOURS: Record<z.output<typeof hoursName>, () => OpeningHours> = {
  standard: defaultOpeningHours,
  lateNight,
  closedMondays,
  earlyStart,
};

const siteSchema = z.strictObject({
  branch: z.string().min(1),
  /** A directory city's slug. */
  city: z.string().min(1),
  /** Street address without the city, which is appended. */
  street: z.string().min(1),
  postcode: z.string().min(1),
  lat: z.number(),
  lng: z.number(),
  fee: z.number().int().min(0),
  radius: z.number().positive(),
  minOrder: z.number().int().min(0),
  eta: z.tuple([z.number().int().positive(), z.number().int().positive()]),
  halal: z.enum(HALAL_STATUSES).optional(),
  /** Month and year of the last verification; by default a recent month picked from the slug. */
  verified: z.string().nullable().optional(),
  hours: hoursName.optional(),
});

const brandSchema = z.strictObject({
  name: z.string().min(1),
  cuisines: z.array(z.enum(CUISINES)).min(1),
  description: z.string().min(1),
  /** Optional menu sections this brand always has (pool keys), e.g. a bakery's breakfast. */
  feature: z.array(z.string().min(1)).optional(),
  hours: hoursName.optional(),
  sites: z.array(siteSchema).min(1),
});
type BrandInput = z.output<typeof brandSchema>;

/** The demo brands and their branches: demo-brands.json beside this file, checked when loaded. */
const DEMO_BRANDS: BrandInput[] = z.array(brandSchema).parse(brandsData);

// ---------------------------------------------------------------------------------------------
// Building the seed rows.
// ---------------------------------------------------------------------------------------------

const CITY_BY_SLUG = new Map(UK_CITIES.map((c) => [c.slug, c]));

/**
 * Ofcom's ranges reserved for fiction, so no demo number rings a real line; cities without their own
 * reserved range use the national 01632 960 range.
 */
const PHONE_PREFIX: Record<string, string> = {
  london: '020 7946 0',
  birmingham: '0121 496 0',
  manchester: '0161 496 0',
  leeds: '0113 496 0',
  glasgow: '0141 496 0',
  sheffield: '0114 496 0',
  liverpool: '0151 496 0',
  edinburgh: '0131 496 0',
  bristol: '0117 496 0',
  leicester: '0116 496 0',
  nottingham: '0115 496 0',
  newcastle: '0191 498 0',
  cardiff: '029 2018 0',
  reading: '0118 496 0',
};

const SHARED_PHONE_PREFIX = '01632 960';

function demoPhone(citySlug: string, counter: Map<string, number>): string {
  const prefix = PHONE_PREFIX[citySlug] ?? SHARED_PHONE_PREFIX;
  // Cities on the shared range count together so their numbers never collide.
  const n = (counter.get(prefix) ?? 0) + 1;
  counter.set(prefix, n);
  return `${prefix}${String(200 + n).padStart(3, '0')}`;
}

const RECENT_VERIFICATIONS = [
  'April 2026',
  'May 2026',
  'June 2026',
  'July 2026',
  'August 2026',
  'September 2026',
  'October 2026',
];

/** Menu prices follow local rents: London and the South East cost a little more. */
const PRICE_FACTOR: Record<string, number> = {
  london: 1.1,
  oxford: 1.05,
  reading: 1.05,
  edinburgh: 1.05,
  bristol: 1.05,
  slough: 1.03,
};

function priceFor(base: number, factor: number, style: number): number {
  const raw = base * factor;
  // Each brand prices in its own style: £x.99/x.49, £x.95/x.45 or round £x.50/x.00.
  const step = Math.round(raw / 50) * 50;
  const price = style === 0 ? step - 1 : style === 1 ? step - 5 : step;
  return Math.max(95, price);
}

function buildMenu(brandKey: string, brand: BrandInput): CatalogSectionSeed[] {
  const rng = prng(`menu:${brandKey}`);
  const library = LIBRARY[brand.cuisines[0]];
  const wanted = new Set(brand.feature ?? []);
  for (const key of wanted) {
    if (!library.some((p) => p.key === key))
      throw new Error(`${brand.name}: no "${key}" section for ${brand.cuisines[0]}`);
  }
  const required = library.filter((p) => p.required || wanted.has(p.key));
  const optional = shuffled(
    rng,
    library.filter((p) => !p.required && !wanted.has(p.key)),
  );
  const sectionCount = Math.max(required.length, Math.min(5, randInt(rng, 3, 5)));
  const chosen = new Set([...required, ...optional.slice(0, sectionCount - required.length)]);
  const pools = library.filter((p) => chosen.has(p));

  const picks = pools.map((p) => {
    const order = shuffled(
      rng,
      p.dishes.map((_, i) => i),
    );
    const n = Math.min(p.dishes.length, randInt(rng, p.count[0], p.count[1]));
    return { pool: p, order, n };
  });
  const total = () => picks.reduce((sum, x) => sum + x.n, 0);
  // Keep every menu between 8 and 20 dishes.
  while (total() < 8) {
    const room = picks.filter((x) => x.n < x.pool.dishes.length);
    if (!room.length) break;
    room[Math.floor(rng() * room.length)].n++;
  }
  while (total() > 20) {
    const largest = picks.reduce((a, b) => (b.n > a.n ? b : a));
    largest.n--;
  }

  const firstCity = brand.sites[0].city;
  const factor = (PRICE_FACTOR[firstCity] ?? 0.97) * (0.95 + rng() * 0.1);
  const style = randInt(rng, 0, 2);
  let sortOrder = 0;
  return picks.map((x, sectionIndex) => {
    const title = x.pool.titles[Math.floor(rng() * x.pool.titles.length)];
    // Keep the library's order inside a section so starters stay before the heavier plates.
    const dishes = x.order
      .slice(0, x.n)
      .sort((a, b) => a - b)
      .map((i) => x.pool.dishes[i]);
    return {
      id: stableUuid(`section:${brandKey}:${sectionIndex}`),
      title,
      sortOrder: sectionIndex + 1,
      items: dishes.map((dish) => ({
        id: stableUuid(`item:${brandKey}:${x.pool.key}:${dish.name}`),
        name: dish.name,
        description: dish.description,
        priceMinor: priceFor(dish.priceMinor, factor, style),
        category: dish.category,
        isVegetarian: dish.isVegetarian,
        isVegan: dish.isVegan,
        isSpicy: dish.isSpicy,
        allergens: dish.allergens,
        sortOrder: ++sortOrder,
        optionGroups: dishOptions(`item:${brandKey}:${x.pool.key}:${dish.name}`, dish.name),
      })),
    };
  });
}

/**
 * A few dishes' options (size, spice level, extras) from dish-options.json, checked when loaded,
 * with ids derived from the item's key so a restarted demo keeps them.
 */
const dishOptionsSeed = z
  .record(
    z.string(),
    z.array(
      z.strictObject({
        name: z.string(),
        minSelect: z.int().min(0),
        maxSelect: z.int().min(1),
        options: z.array(z.strictObject({ name: z.string(), priceMinor: z.int().min(0) })).min(1),
      }),
    ),
  )
  .parse(dishOptionsData);

function dishOptions(itemKey: string, dishName: string): OptionGroup[] {
  return (dishOptionsSeed[dishName] ?? []).map((g) => ({
    ...g,
    id: stableUuid(`options:${itemKey}:${g.name}`),
    options: g.options.map((o) => ({ ...o, id: stableUuid(`option:${itemKey}:${g.name}:${o.name}`) })),
  }));
}

function cityName(citySlug: string): string {
  const city = CITY_BY_SLUG.get(citySlug);
  if (!city) throw new Error(`demo data names an unknown city: ${citySlug}`);
  return city.name;
}

function sampleBrand(sample: (typeof SAMPLE_RESTAURANTS)[number]): CatalogBrandSeed {
  const brandKey = slugify(sample.brandName);
  return {
    id: stableUuid(`brand:${brandKey}`),
    name: sample.brandName,
    description: sample.description,
    logoUrl: sample.logoUrl,
    isSample: true,
    menuId: stableUuid(`menu:${brandKey}`),
    menu: sample.menu.map((section, i) => ({
      id: stableUuid(`section:${brandKey}:${i}`),
      title: section.title,
      sortOrder: i + 1,
      items: section.items.map((item) => ({
        id: item.id,
        name: item.name,
        description: item.description,
        priceMinor: item.priceMinor,
        category: item.category,
        isVegetarian: item.isVegetarian ?? false,
        isVegan: false,
        isSpicy: item.isSpicy ?? false,
        allergens: [],
        sortOrder: item.sortOrder,
        optionGroups: dishOptions(item.id, item.name),
      })),
    })),
    sites: [
      {
        id: sample.id,
        slug: sample.slug,
        name: sample.branchName,
        description: sample.description,
        address: sample.address,
        city: sample.city,
        citySlug: slugify(sample.city),
        postcode: sample.postcode,
        phone: sample.phone,
        lat: sample.lat,
        lng: sample.lng,
        cuisines: sample.cuisines as Cuisine[],
        imageUrl: sample.imageUrl,
        halalStatus: sample.certificate ? ('verified' as const) : ('self-declared' as const),
        lastVerifiedAt: sample.certificate ? new Date(`${sample.certificate.issuedOn}T00:00:00.000Z`) : null,
        certificate: sample.certificate,
        isOpen: sample.isOpen,
        openingHours: defaultOpeningHours(),
        deliveryFeeMinor: sample.deliveryFeeMinor,
        deliveryRadiusKm: sample.deliveryRadiusKm,
        minOrderMinor: 0,
        etaMinMinutes: sample.etaMin,
        etaMaxMinutes: sample.etaMax,
      },
    ],
  };
}

function demoBrand(brand: BrandInput, phoneCounter: Map<string, number>): CatalogBrandSeed {
  const brandKey = slugify(brand.name);
  return {
    id: stableUuid(`brand:${brandKey}`),
    name: brand.name,
    description: brand.description,
    logoUrl: LOGO_PLACEHOLDER_URL,
    isSample: false,
    menuId: stableUuid(`menu:${brandKey}`),
    menu: buildMenu(brandKey, brand),
    sites: brand.sites.map((s) => {
      const slug = slugify(`${brand.name} ${s.branch}`);
      const halalStatus = s.halal ?? 'verified';
      const verified =
        s.verified !== undefined
          ? s.verified
          : halalStatus === 'verified'
            ? RECENT_VERIFICATIONS[createHash('sha1').update(slug).digest()[0] % RECENT_VERIFICATIONS.length]
            : null;
      return {
        id: stableUuid(`site:${slug}`),
        slug,
        name: s.branch,
        description: brand.description,
        address: `${s.street}, ${cityName(s.city)}`,
        city: cityName(s.city),
        citySlug: s.city,
        postcode: s.postcode,
        phone: demoPhone(s.city, phoneCounter),
        lat: s.lat,
        lng: s.lng,
        cuisines: brand.cuisines,
        imageUrl: cuisineImageUrl(brand.cuisines[0]),
        halalStatus,
        lastVerifiedAt: monthYearToDate(verified),
        isOpen: true,
        openingHours: HOURS[s.hours ?? brand.hours ?? 'standard'](),
        deliveryFeeMinor: s.fee,
        deliveryRadiusKm: s.radius,
        minOrderMinor: s.minOrder,
        etaMinMinutes: s.eta[0],
        etaMaxMinutes: s.eta[1],
      };
    }),
  };
}

/** Every brand to seed, the seven sample brands first, in a fixed order. */
export function catalogSeedBrands(): CatalogBrandSeed[] {
  const phoneCounter = new Map<string, number>();
  return [...SAMPLE_RESTAURANTS.map(sampleBrand), ...DEMO_BRANDS.map((b) => demoBrand(b, phoneCounter))];
}
