import { createHash } from 'node:crypto';
import type { HalalStatus } from '../../../domain/halal';
import { defaultOpeningHours, type OpeningHours } from '../../../domain/opening-hours';
import { UK_CITIES } from '../../../domain/sample-data/cities';
import { SAMPLE_RESTAURANTS, type SampleCertificate } from '../../../domain/sample-data/sample-restaurants';

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
type Category = (typeof MENU_CATEGORIES)[number];

export type CatalogItemSeed = {
  id: string;
  name: string;
  description: string;
  priceMinor: number;
  category: string;
  isVegetarian: boolean;
  isSpicy: boolean;
  allergens: string[];
  sortOrder: number;
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

/** The spec's slug rule: lower-case, each run of non-alphanumerics becomes one hyphen, hyphens trimmed. */
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
  return `/images/cuisines/${cuisineSlug(cuisine)}.svg`;
}

export const LOGO_PLACEHOLDER_URL = '/images/logo-placeholder.svg';

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
// ---------------------------------------------------------------------------------------------

type Dish = {
  name: string;
  description: string;
  priceMinor: number;
  category: Category;
  isVegetarian: boolean;
  isSpicy: boolean;
  allergens: string[];
};

type Pool = {
  key: string;
  titles: string[];
  required: boolean;
  count: [number, number];
  dishes: Dish[];
};

/** flags: "v" vegetarian, "s" spicy; allergens as a comma list. */
function d(
  name: string,
  description: string,
  priceMinor: number,
  category: Category,
  flags = '',
  allergens = '',
): Dish {
  return {
    name,
    description,
    priceMinor,
    category,
    isVegetarian: flags.includes('v'),
    isSpicy: flags.includes('s'),
    allergens: allergens ? allergens.split(',') : [],
  };
}

function pool(key: string, titles: string[], required: boolean, count: [number, number], dishes: Dish[]): Pool {
  return { key, titles, required, count, dishes };
}

const LIBRARY: Record<Cuisine, Pool[]> = {
  Turkish: [
    pool(
      'starters',
      ['Meze', 'Hot & Cold Meze', 'Starters'],
      true,
      [3, 5],
      [
        d(
          'Hummus',
          'Chickpeas whipped with tahini, lemon and garlic, finished with olive oil and paprika.',
          550,
          'Starters',
          'v',
          'sesame',
        ),
        d('Cacik', 'Thick yoghurt with cucumber, garlic and dried mint.', 495, 'Starters', 'v', 'milk'),
        d(
          'Ezme',
          'Finely chopped tomato, pepper, onion and parsley with pomegranate molasses and chilli.',
          495,
          'Starters',
          'vs',
          'nuts',
        ),
        d('Sigara Böreği', 'Crisp filo rolls filled with feta and parsley.', 595, 'Starters', 'v', 'gluten,milk,egg'),
        d(
          'Mercimek Çorbası',
          'Red lentil soup with cumin, served with lemon and bread.',
          495,
          'Starters',
          'v',
          'gluten,celery',
        ),
        d(
          'Patlıcan Salatası',
          'Flame-smoked aubergine mashed with garlic, peppers and olive oil.',
          550,
          'Starters',
          'v',
        ),
        d('Grilled Halloumi', 'Charcoal-grilled halloumi slices with tomato and olives.', 650, 'Starters', 'v', 'milk'),
      ],
    ),
    pool(
      'grills',
      ['From the Ocakbasi', 'Charcoal Grills', 'Mangal'],
      true,
      [3, 6],
      [
        d(
          'Adana Kebab',
          'Hand-minced lamb with red pepper and chilli on a wide skewer, with bulgur and salad.',
          1495,
          'Grills',
          's',
        ),
        d('Lamb Shish', 'Marinated lamb cubes grilled over charcoal, with rice and grilled tomato.', 1595, 'Grills'),
        d(
          'Chicken Shish',
          'Chicken thigh marinated in yoghurt and pepper paste, with rice and salad.',
          1395,
          'Grills',
          '',
          'milk',
        ),
        d('Chicken Wings', 'Charcoal-grilled wings in a paprika marinade with sumac onions.', 1150, 'Grills', 's'),
        d('Lamb Chops', 'Four lamb chops seasoned with thyme and grilled over coals, with rice.', 1895, 'Grills'),
        d(
          'Köfte',
          'Grilled lamb and beef meatballs with onion and parsley, with bulgur pilav.',
          1295,
          'Grills',
          '',
          'gluten',
        ),
        d(
          'Iskender Kebab',
          'Doner slices on toasted pide with tomato sauce, yoghurt and browned butter.',
          1695,
          'Mains',
          '',
          'gluten,milk',
        ),
        d(
          'Mixed Grill',
          'Adana, lamb shish, chicken shish and wings with rice, salad and bread.',
          2395,
          'Grills',
          's',
          'gluten,milk',
        ),
      ],
    ),
    pool(
      'wraps',
      ['Wraps & Pide', 'Dürüm & Pide', 'Wraps'],
      false,
      [2, 4],
      [
        d(
          'Chicken Shish Dürüm',
          'Chicken shish rolled in lavash with salad, sumac onions and garlic yoghurt.',
          895,
          'Wraps',
          '',
          'gluten,milk',
        ),
        d(
          'Adana Dürüm',
          'Spiced lamb Adana in lavash with onions, parsley and grilled pepper.',
          925,
          'Wraps',
          's',
          'gluten',
        ),
        d(
          'Lamb Doner Wrap',
          'Carved lamb doner with salad and chilli sauce in a flatbread.',
          950,
          'Wraps',
          's',
          'gluten',
        ),
        d('Kıymalı Pide', 'Boat-shaped bread baked with minced lamb, tomato and pepper.', 1095, 'Mains', '', 'gluten'),
        d(
          'Lahmacun',
          'Thin crisp flatbread topped with spiced minced lamb, with lemon and parsley.',
          595,
          'Mains',
          's',
          'gluten',
        ),
      ],
    ),
    pool(
      'sides',
      ['Sides & Salads', 'Sides', 'Salads & Sides'],
      false,
      [2, 4],
      [
        d('Bulgur Pilav', 'Cracked wheat cooked with tomato and pepper.', 350, 'Sides', 'v', 'gluten'),
        d('Buttered Rice', 'Long-grain rice cooked with orzo and butter.', 350, 'Sides', 'v', 'gluten,milk'),
        d('Chips', 'Skin-on chips with sea salt.', 350, 'Sides', 'v'),
        d('Çoban Salatası', 'Shepherd salad of tomato, cucumber, onion and parsley.', 495, 'Salads', 'v'),
        d(
          'Gavurdağı Salatası',
          'Chopped tomato and onion salad with walnuts and pomegranate molasses.',
          595,
          'Salads',
          'v',
          'nuts',
        ),
        d('Lavash Bread', 'Freshly baked flatbread from the grill.', 195, 'Sides', 'v', 'gluten'),
      ],
    ),
    pool(
      'desserts',
      ['Desserts', 'Tatlı'],
      false,
      [2, 3],
      [
        d('Baklava', 'Four pieces of filo layered with pistachio and syrup.', 595, 'Desserts', 'v', 'gluten,nuts,milk'),
        d(
          'Künefe',
          'Shredded pastry baked around melting cheese, soaked in syrup, with pistachio.',
          695,
          'Desserts',
          'v',
          'gluten,milk,nuts',
        ),
        d('Sütlaç', 'Oven-baked rice pudding with cinnamon.', 450, 'Desserts', 'v', 'milk'),
      ],
    ),
    pool(
      'drinks',
      ['Drinks'],
      false,
      [2, 3],
      [
        d('Ayran', 'Chilled salted yoghurt drink.', 250, 'Drinks', 'v', 'milk'),
        d('Turkish Tea', 'Black tea brewed in a double teapot, served in a tulip glass.', 195, 'Drinks', 'v'),
        d('Turkish Coffee', 'Finely ground coffee boiled in a cezve, served with Turkish delight.', 295, 'Drinks', 'v'),
        d('Şalgam', 'Tangy fermented purple carrot juice, mild or hot.', 250, 'Drinks', 'v'),
      ],
    ),
  ],

  Lebanese: [
    pool(
      'cold-mezze',
      ['Cold Mezze', 'Mezze'],
      true,
      [3, 5],
      [
        d('Hummus', 'Chickpeas blended with tahini, lemon and garlic.', 550, 'Starters', 'v', 'sesame'),
        d('Moutabal', 'Smoky aubergine with tahini, lemon and pomegranate.', 595, 'Starters', 'v', 'sesame'),
        d(
          'Tabbouleh',
          'Parsley, tomato, mint and fine bulgur dressed with lemon and olive oil.',
          595,
          'Salads',
          'v',
          'gluten',
        ),
        d(
          'Fattoush',
          'Lettuce, tomato, cucumber and radish with toasted bread and sumac dressing.',
          595,
          'Salads',
          'v',
          'gluten',
        ),
        d('Warak Enab', 'Vine leaves rolled with rice, tomato and herbs.', 595, 'Starters', 'v'),
        d('Labneh', 'Strained yoghurt with olive oil, mint and olives.', 550, 'Starters', 'v', 'milk'),
        d(
          'Muhammara',
          'Roasted red pepper and walnut dip with pomegranate molasses.',
          595,
          'Starters',
          'vs',
          'nuts,gluten',
        ),
      ],
    ),
    pool(
      'hot-mezze',
      ['Hot Mezze'],
      false,
      [2, 4],
      [
        d('Falafel', 'Five crisp chickpea and broad bean falafel with tahini sauce.', 550, 'Starters', 'v', 'sesame'),
        d(
          'Kibbeh',
          'Cracked wheat shells filled with spiced lamb, onion and pine nuts.',
          650,
          'Starters',
          '',
          'gluten,nuts',
        ),
        d('Batata Harra', 'Crisp potato cubes tossed with garlic, coriander and chilli.', 550, 'Sides', 'vs'),
        d('Grilled Halloumi', 'Halloumi grilled and served with tomato and mint.', 650, 'Starters', 'v', 'milk'),
        d('Sujuk', 'Spiced beef sausage pan-fried with tomato and lemon.', 695, 'Starters', 's'),
        d('Fatayer', 'Baked triangle pastries filled with spinach, onion and sumac.', 550, 'Starters', 'v', 'gluten'),
      ],
    ),
    pool(
      'grills',
      ['Charcoal Grills', 'Mashawi'],
      true,
      [3, 5],
      [
        d('Shish Taouk', 'Garlic and lemon chicken skewers with toum, rice and pickles.', 1495, 'Grills', '', 'milk'),
        d('Lamb Kofta', 'Minced lamb with parsley and onion, grilled and served with rice.', 1450, 'Grills'),
        d('Lamb Shish', 'Tender lamb fillet cubes grilled with onion and pepper.', 1650, 'Grills'),
        d(
          'Mixed Grill',
          'Shish taouk, lamb kofta and lamb shish with vermicelli rice and toum.',
          1995,
          'Grills',
          '',
          'gluten',
        ),
        d('Lamb Chops', 'Four marinated lamb chops with grilled tomato and rice.', 1895, 'Grills'),
        d('Farrouj Mechwi', 'Half a baby chicken grilled with garlic and lemon, with chips.', 1595, 'Grills'),
      ],
    ),
    pool(
      'wraps',
      ['Shawarma & Wraps', 'Wraps'],
      false,
      [2, 4],
      [
        d(
          'Chicken Shawarma Wrap',
          'Chicken shawarma with toum, pickles and fries in Lebanese bread.',
          850,
          'Wraps',
          '',
          'gluten',
        ),
        d(
          'Lamb Shawarma Wrap',
          'Lamb shawarma with tahini, tomato, onion and parsley.',
          925,
          'Wraps',
          '',
          'gluten,sesame',
        ),
        d('Falafel Wrap', 'Falafel with tahini, pickled turnip and salad.', 695, 'Wraps', 'v', 'gluten,sesame'),
        d('Halloumi Wrap', 'Grilled halloumi with tomato, cucumber and mint.', 750, 'Wraps', 'v', 'gluten,milk'),
      ],
    ),
    pool(
      'breakfast',
      ['Manakish & Breakfast', 'From the Oven'],
      false,
      [2, 3],
      [
        d(
          'Manakish Za’atar',
          'Flatbread baked with za’atar, sesame and olive oil.',
          395,
          'Breakfast',
          'v',
          'gluten,sesame',
        ),
        d('Manakish Cheese', 'Flatbread baked with akkawi and mozzarella.', 495, 'Breakfast', 'v', 'gluten,milk'),
        d('Foul Moudammas', 'Warm fava beans with garlic, lemon, cumin and olive oil.', 550, 'Breakfast', 'v'),
        d(
          'Lahm bi Ajeen',
          'Open flatbread with spiced minced lamb, tomato and pomegranate.',
          595,
          'Breakfast',
          '',
          'gluten',
        ),
      ],
    ),
    pool(
      'desserts',
      ['Desserts', 'Sweets'],
      false,
      [2, 3],
      [
        d(
          'Baklava',
          'Assorted filo pastries with pistachio, cashew and syrup.',
          550,
          'Desserts',
          'v',
          'gluten,nuts,milk',
        ),
        d('Mouhalabieh', 'Rose-water milk pudding with crushed pistachio.', 450, 'Desserts', 'v', 'milk,nuts'),
        d(
          'Knafeh',
          'Warm cheese pastry with semolina crust and orange-blossom syrup.',
          695,
          'Desserts',
          'v',
          'gluten,milk',
        ),
      ],
    ),
    pool(
      'drinks',
      ['Drinks', 'Fresh Juices'],
      false,
      [2, 3],
      [
        d('Lemon & Mint', 'Freshly blended lemonade with mint.', 350, 'Drinks', 'v'),
        d('Jallab', 'Grape molasses and rose-water drink with pine nuts and raisins.', 350, 'Drinks', 'v', 'nuts'),
        d('Laban Ayran', 'Salted yoghurt drink.', 250, 'Drinks', 'v', 'milk'),
      ],
    ),
  ],

  'Middle Eastern': [
    pool(
      'starters',
      ['Starters', 'Mezze'],
      true,
      [3, 5],
      [
        d('Lentil Soup', 'Yellow lentil soup with cumin and lemon.', 450, 'Starters', 'v', 'celery'),
        d('Hummus Beiruti', 'Hummus with parsley, garlic and chilli.', 595, 'Starters', 'vs', 'sesame'),
        d('Falafel', 'Crisp herb falafel with tahini.', 550, 'Starters', 'v', 'sesame'),
        d('Fattoush', 'Crunchy salad with toasted bread and pomegranate molasses.', 595, 'Salads', 'v', 'gluten'),
        d(
          'Kubba Halab',
          'Iraqi rice-shell kibbeh filled with spiced minced lamb and almonds.',
          650,
          'Starters',
          '',
          'nuts',
        ),
        d('Sambousek', 'Crisp pastries filled with minced lamb and onion.', 550, 'Starters', '', 'gluten'),
      ],
    ),
    pool(
      'mandi',
      ['Mandi & Rice', 'Rice Dishes', 'House Specials'],
      true,
      [2, 4],
      [
        d('Lamb Mandi', 'Slow-roasted lamb shoulder on smoked, spiced rice with tomato daqoos.', 1695, 'Mains', 's'),
        d('Chicken Mandi', 'Half a chicken roasted with hawaij spices on smoked rice.', 1395, 'Mains'),
        d('Lamb Kabsa', 'Lamb cooked with tomato, cardamom and loomi, on long-grain rice.', 1595, 'Mains'),
        d(
          'Chicken Maqluba',
          'Upside-down rice with chicken, aubergine and cauliflower, topped with almonds.',
          1450,
          'Mains',
          '',
          'nuts',
        ),
        d('Lamb Quzi', 'Slow-cooked lamb on rice with raisins, peas and toasted almonds.', 1995, 'Mains', '', 'nuts'),
      ],
    ),
    pool(
      'grills',
      ['Grills', 'From the Grill'],
      false,
      [2, 4],
      [
        d('Iraqi Lamb Tikka', 'Lamb cubes marinated in onion and spices, grilled over charcoal.', 1495, 'Grills'),
        d(
          'Chicken Tikka Skewers',
          'Yoghurt-marinated chicken skewers with grilled tomato and rice.',
          1295,
          'Grills',
          '',
          'milk',
        ),
        d('Kebab Halabi', 'Aleppo-style minced lamb kebab with chilli and tomato.', 1395, 'Grills', 's'),
        d(
          'Mixed Grill Platter',
          'Lamb tikka, chicken tikka and kebab with rice, salad and bread.',
          2195,
          'Grills',
          '',
          'gluten,milk',
        ),
      ],
    ),
    pool(
      'wraps',
      ['Saj Wraps', 'Wraps'],
      false,
      [2, 3],
      [
        d(
          'Chicken Shawarma Saj',
          'Chicken shawarma, garlic sauce and pickles in thin saj bread.',
          850,
          'Wraps',
          '',
          'gluten',
        ),
        d(
          'Lamb Kofta Saj',
          'Grilled lamb kofta with tahini and onion-parsley salad.',
          895,
          'Wraps',
          '',
          'gluten,sesame',
        ),
        d('Falafel Saj', 'Falafel, hummus, pickles and salad in saj bread.', 650, 'Wraps', 'v', 'gluten,sesame'),
      ],
    ),
    pool(
      'sides',
      ['Sides'],
      false,
      [2, 3],
      [
        d('Saffron Rice', 'Basmati rice with saffron and fried onions.', 350, 'Sides', 'v'),
        d('Saj Bread', 'Thin bread fresh from the dome.', 195, 'Sides', 'v', 'gluten'),
        d('Toum', 'Whipped garlic sauce.', 150, 'Sides', 'v'),
        d('Mixed Pickles', 'Turnip, cucumber and chilli pickles.', 195, 'Sides', 'v'),
      ],
    ),
    pool(
      'desserts',
      ['Desserts'],
      false,
      [2, 3],
      [
        d('Kunafa Nabulsiya', 'Crisp kataifi over soft cheese with syrup.', 695, 'Desserts', 'v', 'gluten,milk'),
        d('Basbousa', 'Semolina cake soaked in syrup, topped with almond.', 450, 'Desserts', 'v', 'gluten,milk,nuts'),
        d('Um Ali', 'Warm pastry and milk pudding with nuts and raisins.', 595, 'Desserts', 'v', 'gluten,milk,nuts'),
      ],
    ),
    pool(
      'drinks',
      ['Drinks'],
      false,
      [2, 3],
      [
        d('Adeni Tea', 'Spiced milk tea with cardamom.', 195, 'Drinks', 'v', 'milk'),
        d('Mint Lemonade', 'Fresh lemon, mint and ice.', 350, 'Drinks', 'v'),
        d('Tamarind Juice', 'Sweet and sour tamarind cooler.', 295, 'Drinks', 'v'),
      ],
    ),
  ],

  Pakistani: [
    pool(
      'starters',
      ['Starters', 'From the Tandoor'],
      true,
      [3, 5],
      [
        d(
          'Seekh Kebab',
          'Two minced lamb skewers with green chilli and coriander, with mint chutney.',
          595,
          'Starters',
          's',
        ),
        d(
          'Chicken Tikka',
          'Boneless chicken marinated in yoghurt and spices, charred in the tandoor.',
          650,
          'Starters',
          '',
          'milk',
        ),
        d(
          'Tandoori Lamb Chops',
          'Four lamb chops marinated overnight in ginger, garlic and garam masala.',
          995,
          'Grills',
          's',
          'milk',
        ),
        d('Vegetable Samosas', 'Three pastries filled with spiced potato and peas.', 395, 'Starters', 'v', 'gluten'),
        d('Chicken Pakora', 'Chicken strips in spiced gram-flour batter.', 550, 'Starters', 's'),
        d(
          'Aloo Tikki Chaat',
          'Potato cakes with chickpeas, tamarind, yoghurt and sev.',
          495,
          'Starters',
          'v',
          'milk,gluten',
        ),
        d('Fish Pakora', 'Cod in a spiced ajwain batter with lemon.', 650, 'Starters', '', 'fish'),
      ],
    ),
    pool(
      'karahi',
      ['Karahi & Handi', 'Curries', 'House Karahi'],
      true,
      [3, 5],
      [
        d(
          'Lamb Karahi',
          'Lamb on the bone cooked in the karahi with tomato, ginger and green chilli.',
          1395,
          'Mains',
          's',
        ),
        d(
          'Chicken Karahi',
          'Chicken cooked fast over high heat with tomato, black pepper and ginger.',
          1195,
          'Mains',
          's',
        ),
        d(
          'Lamb Nihari',
          'Slow-cooked lamb shank in a rich spiced gravy with ginger and lemon.',
          1395,
          'Mains',
          's',
          'gluten',
        ),
        d(
          'Chicken Handi',
          'Boneless chicken in a creamy, lightly spiced sauce cooked in a clay handi.',
          1195,
          'Mains',
          '',
          'milk',
        ),
        d(
          'Haleem',
          'Lamb slow-cooked with wheat, barley and lentils, topped with fried onion.',
          1095,
          'Mains',
          '',
          'gluten',
        ),
        d('Saag Gosht', 'Lamb cooked with spinach, mustard greens and garlic.', 1295, 'Mains', '', 'mustard'),
        d('Daal Tarka', 'Yellow lentils tempered with garlic, cumin and dried chilli.', 795, 'Mains', 'v'),
        d('Chana Masala', 'Chickpeas simmered with onion, tomato and amchur.', 795, 'Mains', 'v'),
      ],
    ),
    pool(
      'biryani',
      ['Biryani & Rice', 'Rice'],
      false,
      [2, 3],
      [
        d('Chicken Biryani', 'Layered basmati and spiced chicken, with raita.', 1150, 'Mains', 's', 'milk'),
        d('Lamb Biryani', 'Lamb cooked dum-style with saffron rice and fried onion.', 1295, 'Mains', 's', 'milk'),
        d('Pilau Rice', 'Basmati rice cooked with whole spices.', 350, 'Sides', 'v'),
      ],
    ),
    pool(
      'breads',
      ['Breads & Sides', 'Naan & Sides'],
      false,
      [2, 4],
      [
        d('Naan', 'Tandoor-baked leavened bread.', 195, 'Sides', 'v', 'gluten,milk'),
        d('Garlic Naan', 'Naan brushed with garlic butter and coriander.', 295, 'Sides', 'v', 'gluten,milk'),
        d(
          'Peshwari Naan',
          'Sweet naan stuffed with coconut, almonds and sultanas.',
          350,
          'Sides',
          'v',
          'gluten,milk,nuts',
        ),
        d('Tandoori Roti', 'Wholemeal flatbread from the tandoor.', 150, 'Sides', 'v', 'gluten'),
        d('Raita', 'Yoghurt with cucumber, mint and roasted cumin.', 250, 'Sides', 'v', 'milk'),
        d('Kachumber Salad', 'Onion, tomato and cucumber with lemon and chaat masala.', 295, 'Salads', 'v'),
      ],
    ),
    pool(
      'breakfast',
      ['Weekend Breakfast', 'Nashta'],
      false,
      [2, 3],
      [
        d(
          'Halwa Puri',
          'Two fried puris with semolina halwa, chickpea curry and pickle.',
          895,
          'Breakfast',
          'v',
          'gluten,milk',
        ),
        d(
          'Anda Paratha',
          'Flaky paratha with a spiced omelette and chutney.',
          595,
          'Breakfast',
          'vs',
          'gluten,egg,milk',
        ),
        d('Lahori Cholay', 'Spiced chickpeas with kulcha bread.', 650, 'Breakfast', 'v', 'gluten'),
      ],
    ),
    pool(
      'desserts',
      ['Desserts', 'Mithai'],
      false,
      [2, 3],
      [
        d('Gulab Jamun', 'Warm milk dumplings in cardamom syrup.', 395, 'Desserts', 'v', 'milk,gluten'),
        d('Kheer', 'Rice pudding with cardamom, almond and pistachio.', 395, 'Desserts', 'v', 'milk,nuts'),
        d('Gajar Halwa', 'Slow-cooked carrot halwa with khoya and nuts.', 450, 'Desserts', 'v', 'milk,nuts'),
        d('Kulfi', 'Dense frozen milk dessert with pistachio.', 395, 'Desserts', 'v', 'milk,nuts'),
      ],
    ),
    pool(
      'drinks',
      ['Drinks', 'Chai & Lassi'],
      false,
      [2, 3],
      [
        d('Mango Lassi', 'Mango blended with yoghurt.', 350, 'Drinks', 'v', 'milk'),
        d('Salted Lassi', 'Yoghurt drink with roasted cumin.', 295, 'Drinks', 'v', 'milk'),
        d('Kashmiri Chai', 'Pink tea with cardamom and crushed pistachio.', 295, 'Drinks', 'v', 'milk,nuts'),
        d('Karak Chai', 'Strong milky tea boiled with cardamom.', 250, 'Drinks', 'v', 'milk'),
      ],
    ),
  ],

  Indian: [
    pool(
      'starters',
      ['Starters', 'Small Plates'],
      true,
      [3, 5],
      [
        d('Onion Bhaji', 'Crisp onion fritters in spiced gram flour with tamarind chutney.', 395, 'Starters', 'v'),
        d(
          'Paneer Tikka',
          'Paneer, pepper and onion in spiced yoghurt, charred in the tandoor.',
          695,
          'Starters',
          'v',
          'milk',
        ),
        d('Chicken 65', 'Fried chicken tossed with curry leaves, chilli and garlic.', 695, 'Starters', 's'),
        d('Lamb Samosas', 'Two pastries filled with spiced minced lamb and peas.', 450, 'Starters', '', 'gluten'),
        d('Pani Puri', 'Crisp shells with potato, chickpeas and tangy mint water.', 450, 'Starters', 'v', 'gluten'),
        d('Amritsari Fish', 'Carom-spiced battered fish with green chutney.', 750, 'Starters', '', 'fish'),
      ],
    ),
    pool(
      'curries',
      ['Curries', 'House Curries', 'Mains'],
      true,
      [3, 5],
      [
        d(
          'Butter Chicken',
          'Tandoori chicken in a mild tomato, butter and fenugreek sauce.',
          1195,
          'Mains',
          '',
          'milk,nuts',
        ),
        d('Lamb Rogan Josh', 'Kashmiri lamb curry with Kashmiri chilli and fennel.', 1295, 'Mains', 's'),
        d(
          'Chicken Tikka Masala',
          'Chargrilled chicken in a creamy spiced tomato sauce.',
          1150,
          'Mains',
          '',
          'milk,nuts',
        ),
        d('Chicken Madras', 'Hot curry with dried chilli, tamarind and curry leaves.', 1095, 'Mains', 's', 'mustard'),
        d('Palak Paneer', 'Paneer in a smooth spinach sauce with garlic.', 995, 'Mains', 'v', 'milk'),
        d('Dal Makhani', 'Black lentils slow-cooked overnight with butter and cream.', 850, 'Mains', 'v', 'milk'),
        d('Lamb Korma', 'Lamb in a mild cardamom, almond and cream sauce.', 1295, 'Mains', '', 'milk,nuts'),
      ],
    ),
    pool(
      'biryani',
      ['Biryani', 'Dum Biryani'],
      false,
      [2, 3],
      [
        d(
          'Hyderabadi Lamb Biryani',
          'Lamb and saffron rice sealed and cooked dum, with mirchi ka salan.',
          1395,
          'Mains',
          's',
          'milk,nuts',
        ),
        d('Chicken Biryani', 'Basmati layered with spiced chicken, mint and fried onion.', 1195, 'Mains', 's', 'milk'),
        d('Vegetable Biryani', 'Seasonal vegetables and paneer with saffron rice.', 995, 'Mains', 'v', 'milk,nuts'),
      ],
    ),
    pool(
      'tandoor',
      ['Tandoor', 'From the Tandoor'],
      false,
      [2, 4],
      [
        d('Lamb Seekh Kebab', 'Minced lamb skewers with ginger and green chilli.', 1095, 'Grills', 's'),
        d(
          'Chicken Tikka',
          'Boneless chicken in spiced yoghurt, with salad and mint chutney.',
          1050,
          'Grills',
          '',
          'milk',
        ),
        d(
          'Tandoori Lamb Chops',
          'Lamb chops marinated in ginger, garlic and spiced yoghurt.',
          1595,
          'Grills',
          's',
          'milk',
        ),
        d(
          'Tandoori Mixed Grill',
          'Chicken tikka, seekh kebab, lamb chop and tandoori wings.',
          1695,
          'Grills',
          's',
          'milk',
        ),
      ],
    ),
    pool(
      'sides',
      ['Breads & Rice', 'Sides'],
      false,
      [2, 4],
      [
        d('Butter Naan', 'Soft naan brushed with butter.', 250, 'Sides', 'v', 'gluten,milk'),
        d('Garlic Naan', 'Naan with garlic and coriander.', 295, 'Sides', 'v', 'gluten,milk'),
        d('Lachha Paratha', 'Flaky layered wholemeal bread.', 295, 'Sides', 'v', 'gluten,milk'),
        d('Jeera Rice', 'Basmati rice with toasted cumin.', 350, 'Sides', 'v'),
        d('Cucumber Raita', 'Cool yoghurt with cucumber and mint.', 250, 'Sides', 'v', 'milk'),
      ],
    ),
    pool(
      'desserts',
      ['Desserts'],
      false,
      [2, 3],
      [
        d('Gulab Jamun', 'Milk dumplings in rose and cardamom syrup.', 395, 'Desserts', 'v', 'milk,gluten'),
        d('Rasmalai', 'Soft cheese dumplings in saffron milk with pistachio.', 450, 'Desserts', 'v', 'milk,nuts'),
        d('Mango Kulfi', 'Frozen mango and milk dessert.', 395, 'Desserts', 'v', 'milk'),
      ],
    ),
    pool(
      'drinks',
      ['Drinks'],
      false,
      [2, 3],
      [
        d('Mango Lassi', 'Alphonso mango with yoghurt.', 350, 'Drinks', 'v', 'milk'),
        d('Masala Chai', 'Tea brewed with milk, ginger and spices.', 250, 'Drinks', 'v', 'milk'),
        d('Nimbu Pani', 'Fresh lime soda, sweet or salted.', 295, 'Drinks', 'v'),
      ],
    ),
  ],

  'South Asian': [
    pool(
      'starters',
      ['Starters', 'Appetisers'],
      true,
      [3, 5],
      [
        d('Onion Bhaji', 'Crisp onion fritters with mint yoghurt.', 395, 'Starters', 'v', 'milk'),
        d('Shami Kebab', 'Pan-fried lamb and lentil patties with coriander.', 495, 'Starters', '', 'egg'),
        d('Chicken Chaat', 'Spiced chicken pieces with cucumber and tangy chaat sauce.', 550, 'Starters', 's'),
        d('Vegetable Samosas', 'Crisp pastries with spiced potato and peas.', 395, 'Starters', 'v', 'gluten'),
        d('Tandoori Wings', 'Chicken wings charred in the tandoor.', 595, 'Starters', 's', 'milk'),
        d(
          'Fish Cutlets',
          'Sri Lankan-style spiced fish and potato croquettes.',
          550,
          'Starters',
          's',
          'fish,gluten,egg',
        ),
      ],
    ),
    pool(
      'curries',
      ['Curry House Classics', 'Curries', 'Chef’s Specials'],
      true,
      [3, 5],
      [
        d('Chicken Jalfrezi', 'Chicken stir-cooked with peppers, onion and green chilli.', 1050, 'Mains', 's'),
        d('Lamb Bhuna', 'Lamb cooked down in a thick, well-spiced masala.', 1195, 'Mains', 's'),
        d('Chicken Dhansak', 'Chicken with lentils, pineapple and a sweet-sour heat.', 1050, 'Mains', 's'),
        d(
          'Chicken Rezala',
          'Bengali chicken in a fragrant yoghurt, cashew and cardamom sauce.',
          1150,
          'Mains',
          '',
          'milk,nuts',
        ),
        d('Beef Kala Bhuna', 'Slow-cooked dark, dry beef curry in the Chittagong style.', 1295, 'Mains', 's'),
        d('Sylheti Fish Curry', 'Boal fish with shatkora citrus and tomato.', 1295, 'Mains', 's', 'fish'),
        d('Tarka Dal', 'Red lentils with fried garlic and cumin.', 595, 'Mains', 'v'),
      ],
    ),
    pool(
      'rice',
      ['Biryani & Rice', 'Rice Dishes'],
      false,
      [2, 3],
      [
        d(
          'Kacchi Biryani',
          'Dhaka-style mutton biryani with potato, saffron and ghee.',
          1295,
          'Mains',
          '',
          'milk,nuts',
        ),
        d(
          'Lamb Tehari',
          'Fragrant rice cooked with small pieces of lamb and green chilli.',
          1195,
          'Mains',
          's',
          'milk',
        ),
        d(
          'Chicken Kottu',
          'Chopped roti stir-fried with chicken, egg, leek and curry sauce.',
          1095,
          'Mains',
          's',
          'gluten,egg',
        ),
        d('Pilau Rice', 'Basmati rice with saffron and whole spices.', 325, 'Sides', 'v'),
      ],
    ),
    pool(
      'sides',
      ['Sides & Breads', 'Sides'],
      false,
      [2, 4],
      [
        d('Plain Naan', 'Soft tandoor-baked naan.', 225, 'Sides', 'v', 'gluten,milk'),
        d('Keema Naan', 'Naan stuffed with spiced minced lamb.', 350, 'Sides', '', 'gluten,milk'),
        d('Chapati', 'Thin wholemeal flatbread.', 150, 'Sides', 'v', 'gluten'),
        d('Bombay Potatoes', 'Potatoes with mustard seeds, turmeric and coriander.', 495, 'Sides', 'v', 'mustard'),
        d('Mushroom Bhaji', 'Mushrooms sautéed with onion and spices.', 450, 'Sides', 'v'),
        d('Side Salad', 'Onion, cucumber, tomato and lettuce with lemon.', 250, 'Salads', 'v'),
      ],
    ),
    pool(
      'desserts',
      ['Desserts'],
      false,
      [2, 3],
      [
        d('Mishti Doi', 'Sweet baked Bengali yoghurt.', 395, 'Desserts', 'v', 'milk'),
        d('Rasgulla', 'Soft cheese balls in light syrup.', 395, 'Desserts', 'v', 'milk'),
        d('Firni', 'Ground rice pudding with rose and pistachio.', 395, 'Desserts', 'v', 'milk,nuts'),
        d('Watalappan', 'Sri Lankan jaggery and coconut custard with cashew.', 450, 'Desserts', 'v', 'egg,nuts'),
      ],
    ),
    pool(
      'drinks',
      ['Drinks'],
      false,
      [2, 3],
      [
        d('Mango Lassi', 'Mango and yoghurt, blended thick.', 350, 'Drinks', 'v', 'milk'),
        d('Borhani', 'Spiced savoury yoghurt drink with mint.', 295, 'Drinks', 'vs', 'milk,mustard'),
        d('Masala Chai', 'Milky tea with ginger and cardamom.', 250, 'Drinks', 'v', 'milk'),
      ],
    ),
  ],

  Moroccan: [
    pool(
      'starters',
      ['Starters', 'Entrées'],
      true,
      [3, 4],
      [
        d(
          'Harira',
          'Tomato, lentil and chickpea soup with lamb and fresh herbs.',
          595,
          'Starters',
          '',
          'gluten,celery',
        ),
        d('Zaalouk', 'Smoky aubergine and tomato salad with cumin and garlic.', 550, 'Starters', 'v'),
        d(
          'Chicken Briouats',
          'Crisp pastry triangles filled with spiced chicken and almond.',
          650,
          'Starters',
          '',
          'gluten,nuts,egg',
        ),
        d('Bissara', 'Split fava bean soup with olive oil and cumin.', 495, 'Starters', 'v'),
        d('Merguez', 'Grilled spiced lamb sausages with harissa.', 695, 'Starters', 's'),
        d('Moroccan Carrot Salad', 'Carrots with cumin, orange blossom and parsley.', 450, 'Salads', 'v'),
      ],
    ),
    pool(
      'tagines',
      ['Tagines'],
      true,
      [3, 5],
      [
        d(
          'Lamb & Prune Tagine',
          'Lamb shoulder slow-cooked with prunes, honey, cinnamon and toasted almonds.',
          1595,
          'Tagines',
          '',
          'nuts,sesame',
        ),
        d(
          'Chicken, Lemon & Olive Tagine',
          'Chicken with preserved lemon, green olives, ginger and saffron.',
          1395,
          'Tagines',
        ),
        d('Kefta Tagine', 'Spiced lamb meatballs in tomato sauce with eggs baked on top.', 1295, 'Tagines', 's', 'egg'),
        d('Vegetable Tagine', 'Seasonal vegetables and chickpeas with ras el hanout.', 1095, 'Tagines', 'v'),
        d('Fish Chermoula Tagine', 'Hake in chermoula with potato, pepper and tomato.', 1495, 'Tagines', '', 'fish'),
        d('Lamb, Artichoke & Pea Tagine', 'Lamb with artichoke hearts, peas and preserved lemon.', 1595, 'Tagines'),
      ],
    ),
    pool(
      'couscous',
      ['Couscous'],
      false,
      [2, 3],
      [
        d(
          'Couscous Royale',
          'Couscous with lamb, chicken, merguez and vegetable broth.',
          1795,
          'Couscous',
          's',
          'gluten',
        ),
        d(
          'Seven Vegetable Couscous',
          'Steamed couscous with a broth of seven vegetables and chickpeas.',
          1195,
          'Couscous',
          'v',
          'gluten',
        ),
        d(
          'Couscous Tfaya',
          'Chicken couscous with caramelised onion, raisins and almonds.',
          1395,
          'Couscous',
          '',
          'gluten,nuts',
        ),
      ],
    ),
    pool(
      'grills',
      ['Grills & Pastilla', 'From the Grill'],
      false,
      [2, 3],
      [
        d(
          'Chicken Pastilla',
          'Flaky warqa pie of chicken, almonds and cinnamon.',
          1395,
          'Mains',
          '',
          'gluten,nuts,egg',
        ),
        d('Lamb Mechoui', 'Slow-roasted lamb shoulder with cumin salt.', 1895, 'Mains'),
        d('Mixed Brochettes', 'Lamb, chicken and kefta skewers with rice and salad.', 1595, 'Grills'),
        d('Kefta Brochettes', 'Spiced minced lamb skewers with tomato salad.', 1195, 'Grills', 's'),
      ],
    ),
    pool(
      'sides',
      ['Sides'],
      false,
      [2, 3],
      [
        d('Khobz', 'Round Moroccan bread baked daily.', 195, 'Sides', 'v', 'gluten'),
        d('Moroccan Salad', 'Diced tomato, cucumber and onion with herbs.', 450, 'Salads', 'v'),
        d('Harissa Fries', 'Chips tossed in harissa spice.', 395, 'Sides', 'vs'),
        d('Saffron Rice', 'Rice cooked with saffron and butter.', 350, 'Sides', 'v', 'milk'),
      ],
    ),
    pool(
      'breakfast',
      ['Moroccan Breakfast'],
      false,
      [2, 3],
      [
        d(
          'Msemen with Amlou',
          'Square flaky pancakes with almond, argan oil and honey spread.',
          595,
          'Breakfast',
          'v',
          'gluten,nuts,milk',
        ),
        d('Baghrir', 'Thousand-hole semolina pancakes with honey butter.', 550, 'Breakfast', 'v', 'gluten,milk'),
        d('Khlii & Eggs', 'Eggs fried with preserved spiced beef.', 750, 'Breakfast', '', 'egg'),
      ],
    ),
    pool(
      'desserts',
      ['Desserts'],
      false,
      [2, 3],
      [
        d('Chebakia', 'Sesame flower cookies dipped in honey.', 395, 'Desserts', 'v', 'gluten,sesame'),
        d('Orange & Cinnamon', 'Sliced oranges with cinnamon and orange blossom.', 395, 'Desserts', 'v'),
        d(
          'Almond Briouats',
          'Pastry triangles filled with almond paste and honey.',
          450,
          'Desserts',
          'v',
          'gluten,nuts',
        ),
      ],
    ),
    pool(
      'drinks',
      ['Drinks'],
      false,
      [2, 3],
      [
        d('Moroccan Mint Tea', 'Green tea with fresh mint, poured from a height.', 295, 'Drinks', 'v'),
        d('Avocado Smoothie', 'Avocado blended with milk and a touch of orange blossom.', 395, 'Drinks', 'v', 'milk'),
        d('Fresh Orange Juice', 'Squeezed to order.', 350, 'Drinks', 'v'),
      ],
    ),
  ],

  'North African': [
    pool(
      'starters',
      ['Starters', 'Soups & Starters'],
      true,
      [3, 4],
      [
        d(
          'Chorba Frik',
          'Algerian lamb and cracked freekeh soup with coriander.',
          550,
          'Starters',
          '',
          'gluten,celery',
        ),
        d('Brik à l’Oeuf', 'Tunisian crisp pastry with egg, tuna and capers.', 550, 'Starters', '', 'gluten,egg,fish'),
        d('Mechouia Salad', 'Grilled pepper and tomato salad with garlic and caraway.', 550, 'Salads', 'vs'),
        d('Lablabi', 'Chickpea soup with cumin, harissa and bread.', 495, 'Starters', 'vs', 'gluten'),
        d('Bourek', 'Crisp rolls filled with minced lamb, onion and egg.', 550, 'Starters', '', 'gluten,egg'),
        d('Ful Medames', 'Slow-cooked fava beans with olive oil, cumin and lemon.', 495, 'Starters', 'v'),
      ],
    ),
    pool(
      'mains',
      ['Mains', 'House Dishes'],
      true,
      [3, 5],
      [
        d('Chakchouka', 'Peppers and tomatoes stewed with eggs and harissa.', 895, 'Mains', 'vs', 'egg'),
        d(
          'Koshari',
          'Rice, lentils and pasta with spiced tomato sauce and crispy onions.',
          895,
          'Mains',
          'v',
          'gluten',
        ),
        d(
          'Lamb Couscous',
          'Tunisian lamb couscous with pumpkin and chickpeas in a peppery broth.',
          1595,
          'Couscous',
          's',
          'gluten',
        ),
        d('Chicken Couscous', 'Algiers-style couscous with chicken and white broth.', 1395, 'Couscous', '', 'gluten'),
        d('Tajine Zitoune', 'Algerian chicken tagine with green olives and carrots.', 1395, 'Tagines'),
        d('Rechta', 'Hand-cut noodles with chicken, turnip and chickpeas.', 1295, 'Mains', '', 'gluten'),
        d('Molokhia with Chicken', 'Jute-leaf stew with garlic and coriander, with rice.', 1295, 'Mains'),
        d('Bazin with Lamb', 'Libyan barley dough dome with lamb and tomato stew.', 1495, 'Mains', 's', 'gluten'),
      ],
    ),
    pool(
      'grills',
      ['Grills'],
      false,
      [2, 3],
      [
        d('Merguez Plate', 'Grilled merguez with chips and salad.', 1150, 'Grills', 's'),
        d('Lamb Brochettes', 'Cumin-spiced lamb skewers with rice.', 1395, 'Grills'),
        d('Harissa Chicken', 'Grilled chicken thighs in harissa marinade.', 1195, 'Grills', 's'),
        d('Mixed Grill', 'Merguez, lamb and chicken with rice, salad and bread.', 1795, 'Grills', 's', 'gluten'),
      ],
    ),
    pool(
      'sides',
      ['Sides'],
      false,
      [2, 3],
      [
        d('Frites', 'Crisp chips.', 350, 'Sides', 'v'),
        d('Kesra', 'Algerian semolina flatbread.', 195, 'Sides', 'v', 'gluten'),
        d('Tunisian Salad', 'Tomato, cucumber, onion, olives and egg.', 450, 'Salads', 'v', 'egg'),
        d('Vermicelli Rice', 'Rice with toasted vermicelli.', 350, 'Sides', 'v', 'gluten'),
      ],
    ),
    pool(
      'desserts',
      ['Desserts', 'Pâtisserie'],
      false,
      [2, 3],
      [
        d('Makroud', 'Semolina pastries with date paste and honey.', 395, 'Desserts', 'v', 'gluten'),
        d('Zlabia', 'Crisp fried syrup spirals.', 395, 'Desserts', 'v', 'gluten'),
        d('Basbousa', 'Syrup-soaked semolina cake with almond.', 450, 'Desserts', 'v', 'gluten,milk,nuts'),
        d(
          'Kalb el Louz',
          'Algerian almond and semolina cake with orange-blossom syrup.',
          450,
          'Desserts',
          'v',
          'gluten,nuts',
        ),
      ],
    ),
    pool(
      'drinks',
      ['Drinks'],
      false,
      [2, 3],
      [
        d('Mint Tea', 'Sweet green tea with mint.', 295, 'Drinks', 'v'),
        d('Karkadeh', 'Chilled hibiscus drink.', 295, 'Drinks', 'v'),
        d('Fresh Orange Juice', 'Squeezed to order.', 350, 'Drinks', 'v'),
      ],
    ),
  ],

  Mediterranean: [
    pool(
      'starters',
      ['Starters', 'Meze'],
      true,
      [3, 5],
      [
        d('Hummus', 'Chickpea and tahini dip with warm pitta.', 550, 'Starters', 'v', 'sesame,gluten'),
        d('Tzatziki', 'Yoghurt with cucumber, garlic and dill.', 495, 'Starters', 'v', 'milk'),
        d('Grilled Halloumi', 'Halloumi with lemon and oregano.', 650, 'Starters', 'v', 'milk'),
        d('Dolmades', 'Vine leaves stuffed with herbed rice.', 550, 'Starters', 'v'),
        d('Spanakopita', 'Spinach and feta filo pie.', 595, 'Starters', 'v', 'gluten,milk,egg'),
        d('Crispy Calamari', 'Lightly floured squid with lemon and aioli.', 750, 'Starters', '', 'gluten,molluscs,egg'),
      ],
    ),
    pool(
      'grills',
      ['Grills', 'From the Charcoal', 'Mains'],
      true,
      [3, 5],
      [
        d('Chicken Souvlaki', 'Lemon and oregano chicken skewers with rice and salad.', 1295, 'Grills'),
        d('Lamb Souvlaki', 'Marinated lamb skewers with pitta and tzatziki.', 1495, 'Grills', '', 'gluten,milk'),
        d('Lamb Kleftiko', 'Lamb shank slow-baked with garlic, potatoes and tomato.', 1795, 'Mains'),
        d('Lamb Kofta', 'Grilled lamb kofta with bulgur and yoghurt.', 1350, 'Grills', '', 'gluten,milk'),
        d('Grilled Sea Bass', 'Whole sea bass with lemon, capers and greens.', 1695, 'Mains', '', 'fish'),
        d(
          'Moussaka',
          'Layers of aubergine, potato and spiced beef mince under béchamel.',
          1395,
          'Mains',
          '',
          'milk,gluten,egg',
        ),
      ],
    ),
    pool(
      'wraps',
      ['Wraps & Pittas', 'Pittas'],
      false,
      [2, 4],
      [
        d(
          'Chicken Souvlaki Pitta',
          'Chicken souvlaki with tomato, onion and tzatziki.',
          895,
          'Wraps',
          '',
          'gluten,milk',
        ),
        d(
          'Halloumi & Veg Pitta',
          'Halloumi with grilled courgette, peppers and mint.',
          795,
          'Wraps',
          'v',
          'gluten,milk',
        ),
        d('Lamb Gyros Wrap', 'Carved lamb gyros with chips, tomato and tzatziki.', 950, 'Wraps', '', 'gluten,milk'),
        d('Falafel Wrap', 'Falafel, hummus, pickles and leaves.', 695, 'Wraps', 'v', 'gluten,sesame'),
      ],
    ),
    pool(
      'salads',
      ['Salads'],
      false,
      [2, 3],
      [
        d('Village Salad', 'Tomato, cucumber, olives, onion and feta.', 695, 'Salads', 'v', 'milk'),
        d('Halloumi & Watermelon Salad', 'Grilled halloumi, watermelon, mint and rocket.', 795, 'Salads', 'v', 'milk'),
        d('Herb & Bulgur Salad', 'Bulgur with parsley, mint, pomegranate and lemon.', 595, 'Salads', 'v', 'gluten'),
      ],
    ),
    pool(
      'sides',
      ['Sides'],
      false,
      [2, 3],
      [
        d('Pitta Bread', 'Warm pitta with olive oil.', 150, 'Sides', 'v', 'gluten'),
        d('Lemon Potatoes', 'Roasted potatoes with lemon and oregano.', 395, 'Sides', 'v'),
        d('Rice Pilaf', 'Rice with orzo and herbs.', 350, 'Sides', 'v', 'gluten'),
        d('Chips', 'Chips with oregano salt.', 350, 'Sides', 'v'),
      ],
    ),
    pool(
      'breakfast',
      ['Brunch', 'All-Day Breakfast'],
      false,
      [2, 3],
      [
        d(
          'Shakshuka',
          'Eggs baked in spiced tomato and pepper sauce with bread.',
          895,
          'Breakfast',
          'vs',
          'egg,gluten',
        ),
        d('Halloumi & Eggs', 'Fried eggs with grilled halloumi, tomato and olives.', 795, 'Breakfast', 'v', 'egg,milk'),
        d(
          'Simit & Cheese',
          'Sesame bread ring with white cheese, olives and honey.',
          450,
          'Breakfast',
          'v',
          'gluten,sesame,milk',
        ),
      ],
    ),
    pool(
      'desserts',
      ['Desserts'],
      false,
      [2, 3],
      [
        d('Baklava', 'Walnut and pistachio baklava.', 550, 'Desserts', 'v', 'gluten,nuts,milk'),
        d('Loukoumades', 'Honey doughnuts with cinnamon and walnuts.', 495, 'Desserts', 'v', 'gluten,nuts'),
        d('Yoghurt, Honey & Walnuts', 'Thick yoghurt with thyme honey and walnuts.', 450, 'Desserts', 'v', 'milk,nuts'),
      ],
    ),
    pool(
      'drinks',
      ['Drinks'],
      false,
      [2, 3],
      [
        d('Homemade Lemonade', 'Lemon, sugar and sparkling water.', 350, 'Drinks', 'v'),
        d('Ayran', 'Salted yoghurt drink.', 250, 'Drinks', 'v', 'milk'),
        d('Iced Frappé', 'Shaken iced coffee with milk.', 325, 'Drinks', 'v', 'milk'),
      ],
    ),
  ],
};

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

type SiteInput = {
  branch: string;
  city: string;
  /** Street address without the city, which is appended. */
  street: string;
  postcode: string;
  lat: number;
  lng: number;
  fee: number;
  radius: number;
  minOrder: number;
  eta: [number, number];
  halal?: HalalStatus;
  /** Month and year of the last verification; by default a recent month picked from the slug. */
  verified?: string | null;
  hours?: OpeningHours;
};

type BrandInput = {
  name: string;
  cuisines: Cuisine[];
  description: string;
  /** Optional menu sections this brand always has (pool keys), e.g. a bakery's breakfast. */
  feature?: string[];
  hours?: OpeningHours;
  sites: SiteInput[];
};

function site(
  branch: string,
  city: string,
  street: string,
  postcode: string,
  lat: number,
  lng: number,
  [fee, radius, minOrder, etaMin, etaMax]: [number, number, number, number, number],
  extra: Partial<Pick<SiteInput, 'halal' | 'verified' | 'hours'>> = {},
): SiteInput {
  return { branch, city, street, postcode, lat, lng, fee, radius, minOrder, eta: [etaMin, etaMax], ...extra };
}

const DEMO_BRANDS: BrandInput[] = [
  // Chains with branches in several cities.
  {
    name: 'Saffron Ember',
    cuisines: ['Pakistani', 'South Asian'],
    description:
      'Charcoal tikka, slow-cooked karahi and dum biryani from a Lahori family recipe book, now in three cities.',
    sites: [
      site('Green Street', 'london', '398 Green Street', 'E13 9AP', 51.5361, 0.0368, [249, 5, 1200, 30, 45]),
      site('Ladypool Road', 'birmingham', '212 Ladypool Road', 'B12 8JS', 52.459, -1.878, [0, 4, 1500, 25, 40]),
      site('Rusholme', 'manchester', '92 Wilmslow Road', 'M14 5AL', 53.4545, -2.2245, [199, 5, 1200, 30, 45]),
    ],
  },
  {
    name: 'Galata Grill House',
    cuisines: ['Turkish', 'Mediterranean'],
    description: 'An Istanbul-style grill house with a long charcoal mangal, fresh lavash and a meze counter.',
    sites: [
      site('Walthamstow', 'london', '233 Hoe Street', 'E17 9PP', 51.5865, -0.0196, [299, 5, 1000, 25, 40]),
      site('City Centre', 'leeds', '27 Merrion Street', 'LS2 8JE', 53.8015, -1.543, [249, 4, 1000, 25, 40]),
      site('London Road', 'sheffield', '165 London Road', 'S2 4LH', 53.3665, -1.4735, [199, 5, 1000, 30, 45]),
    ],
  },
  {
    name: 'Atlas Tagine Co.',
    cuisines: ['Moroccan', 'North African'],
    description: 'Tagines cooked slowly in clay, hand-rolled couscous on Fridays and mint tea poured from a height.',
    feature: ['couscous'],
    sites: [
      site('West End', 'glasgow', '378 Great Western Road', 'G4 9HT', 55.8738, -4.2765, [299, 5, 1200, 35, 50], {
        hours: closedMondays(),
      }),
      site('Leith Walk', 'edinburgh', '214 Leith Walk', 'EH6 5EQ', 55.9655, -3.1765, [349, 4, 1200, 35, 50]),
    ],
  },
  {
    name: 'Beirut Nights',
    cuisines: ['Lebanese', 'Middle Eastern'],
    description: 'Late-night Lebanese shawarma and charcoal grills, with mezze made fresh every afternoon.',
    feature: ['wraps'],
    hours: lateNight(),
    sites: [
      site('Easton', 'bristol', '88 St Marks Road', 'BS5 6JH', 51.4655, -2.5635, [249, 5, 1000, 25, 40]),
      site('City Road', 'cardiff', '112 City Road', 'CF24 3DQ', 51.491, -3.1665, [199, 6, 1000, 20, 35]),
      site('Cowley Road', 'oxford', '84 Cowley Road', 'OX4 1JB', 51.7485, -1.2415, [299, 4, 1200, 25, 40]),
    ],
  },
  {
    name: 'Sumac Street Kitchen',
    cuisines: ['Middle Eastern', 'Mediterranean'],
    description:
      'Shawarma, grills and rice bowls with bright salads and house pickles, built for quick weeknight delivery.',
    feature: ['wraps', 'grills'],
    sites: [
      site('Dunstable Road', 'luton', '120 Dunstable Road', 'LU1 1EW', 51.8865, -0.4275, [199, 5, 1000, 20, 35]),
      site('Farnham Road', 'slough', '214 Farnham Road', 'SL1 4XE', 51.5225, -0.6135, [249, 5, 1000, 25, 40]),
      site('Oxford Road', 'reading', '210 Oxford Road', 'RG1 7PJ', 51.457, -0.9905, [249, 5, 1000, 25, 40]),
    ],
  },
  {
    name: 'Mirpur Grill',
    cuisines: ['Pakistani', 'South Asian'],
    description: 'A Kashmiri grill and karahi house where the seekh kebabs and tikka come straight off the coals.',
    sites: [
      site('Leeds Road', 'bradford', '458 Leeds Road', 'BD3 9RS', 53.792, -1.732, [0, 5, 1200, 25, 40]),
      site('Whalley Range', 'blackburn', '72 Whalley Range', 'BB1 6EF', 53.7565, -2.48, [149, 4, 1000, 25, 40]),
    ],
  },

  // London.
  {
    name: 'Ottoman Hearth',
    cuisines: ['Turkish'],
    description: 'A wood-fired pide oven and ocakbasi grill on Stoke Newington High Street.',
    feature: ['wraps'],
    sites: [
      site(
        'Stoke Newington',
        'london',
        '87 Stoke Newington High Street',
        'N16 8EL',
        51.5627,
        -0.0742,
        [299, 4, 1200, 25, 40],
      ),
    ],
  },
  {
    name: 'Al-Mandi House',
    cuisines: ['Middle Eastern'],
    description: 'Yemeni lamb and chicken mandi cooked in a tandoor pit, served on fragrant smoked rice until late.',
    hours: lateNight(),
    sites: [site('Edgware Road', 'london', '312 Edgware Road', 'W2 1DY', 51.5205, -0.1712, [349, 5, 1500, 35, 50])],
  },
  {
    name: 'Tikka Junction',
    cuisines: ['Pakistani', 'Indian'],
    description: 'Southall tikka and karahi specialists, grilling over coal since the nineties.',
    sites: [
      site('Southall', 'london', '64 The Broadway, Southall', 'UB1 1QB', 51.5109, -0.3755, [199, 6, 1000, 30, 45]),
    ],
  },
  {
    name: 'Dhaka Spice Kitchen',
    cuisines: ['South Asian', 'Indian'],
    description: 'Bangladeshi home cooking on Brick Lane: kala bhuna, Sylheti fish curries and Dhaka kacchi biryani.',
    feature: ['rice'],
    sites: [site('Brick Lane', 'london', '98 Brick Lane', 'E1 6RL', 51.5207, -0.0716, [0, 3, 1500, 25, 40])],
  },
  {
    name: 'Zeytin Meze Bar',
    cuisines: ['Mediterranean', 'Turkish'],
    description: 'Small plates, charcoal skewers and Aegean salads on Upper Street.',
    feature: ['salads'],
    sites: [site('Islington', 'london', '211 Upper Street', 'N1 1RL', 51.5428, -0.1025, [399, 4, 1500, 30, 45])],
  },
  {
    name: 'Casablanca Grill',
    cuisines: ['Moroccan', 'Mediterranean'],
    description: 'Moroccan grills, pastilla and tagines from a Casablanca-born chef in Kilburn.',
    feature: ['grills'],
    hours: closedMondays(),
    sites: [site('Kilburn', 'london', '145 Kilburn High Road', 'NW6 7HT', 51.5417, -0.1981, [299, 5, 1200, 35, 50])],
  },
  {
    name: 'Levant Bakehouse',
    cuisines: ['Lebanese', 'Middle Eastern'],
    description: 'A Lebanese bakery baking manakish to order from early morning, with mezze and wraps all day.',
    feature: ['breakfast'],
    hours: earlyStart(),
    sites: [
      site('Queensway', 'london', '45 Queensway', 'W2 4QJ', 51.5128, -0.1876, [249, 3, 800, 20, 35], {
        halal: 'self-declared',
      }),
    ],
  },
  {
    name: 'Tigris Grill',
    cuisines: ['Middle Eastern'],
    description: 'Iraqi charcoal tikka, quzi and fresh samoon bread in Ealing.',
    feature: ['grills'],
    sites: [site('Ealing', 'london', '64 Uxbridge Road, Ealing', 'W5 2ST', 51.5126, -0.305, [349, 5, 1500, 30, 45])],
  },
  {
    name: 'Karachi Biryani Co.',
    cuisines: ['Pakistani', 'South Asian'],
    description: 'Karachi-style biryani, nihari and haleem, cooked in big degs and served until late.',
    feature: ['biryani'],
    hours: lateNight(),
    sites: [
      site('Leyton', 'london', '702 High Road Leyton', 'E10 6JP', 51.5668, -0.0112, [199, 5, 1000, 30, 45], {
        halal: 'temp-unverified',
        verified: 'November 2025',
      }),
    ],
  },
  {
    name: 'Medina Couscous House',
    cuisines: ['North African', 'Moroccan'],
    description: 'Algerian and Tunisian couscous, chorba and merguez near Finsbury Park.',
    feature: ['grills'],
    sites: [
      site('Finsbury Park', 'london', '264 Seven Sisters Road', 'N4 2HY', 51.564, -0.105, [299, 4, 1200, 30, 45]),
    ],
  },
  {
    name: "Nizam's Hyderabadi Kitchen",
    cuisines: ['Indian', 'South Asian'],
    description: 'Hyderabadi dum biryani, kebabs and tandoori platters on Ealing Road.',
    feature: ['biryani', 'tandoor'],
    sites: [site('Wembley', 'london', '102 Ealing Road, Wembley', 'HA0 4TL', 51.5468, -0.295, [249, 6, 1500, 35, 50])],
  },
  {
    name: 'Sahara Grill',
    cuisines: ['North African', 'Middle Eastern'],
    description: 'Libyan and Egyptian comfort food in Peckham: bazin, koshari, molokhia and mixed grills.',
    feature: ['grills'],
    sites: [site('Peckham', 'london', '48 Rye Lane', 'SE15 5BY', 51.4697, -0.0688, [299, 5, 1000, 30, 45])],
  },
  {
    name: 'Aegean Kitchen',
    cuisines: ['Mediterranean'],
    description: 'Greek-Cypriot grills, souvlaki pittas and big salads near Camden Lock.',
    feature: ['wraps', 'salads'],
    sites: [
      site('Camden', 'london', '23 Camden High Street', 'NW1 7JE', 51.5363, -0.1404, [349, 4, 1000, 25, 40], {
        halal: 'self-declared',
      }),
    ],
  },

  // Birmingham.
  {
    name: 'Kashmiri Balti Palace',
    cuisines: ['Pakistani', 'South Asian'],
    description: 'Baltis cooked and served in the pressed-steel bowl, in the heart of the Balti Triangle.',
    hours: lateNight(),
    sites: [site('Stoney Lane', 'birmingham', '148 Stoney Lane', 'B12 8AQ', 52.4555, -1.87, [149, 5, 1200, 30, 45])],
  },
  {
    name: 'Damascus Rose',
    cuisines: ['Middle Eastern', 'Lebanese'],
    description: 'Syrian shawarma, kebab halabi and kunafa from a Damascene family in Small Heath.',
    feature: ['wraps'],
    sites: [
      site(
        'Small Heath',
        'birmingham',
        '402 Coventry Road, Small Heath',
        'B10 0UF',
        52.471,
        -1.8575,
        [199, 5, 1000, 25, 40],
      ),
    ],
  },
  {
    name: 'Ephesus Meze House',
    cuisines: ['Turkish', 'Mediterranean'],
    description: 'Meze, pide and charcoal grills in the Southside district, a short walk from New Street.',
    feature: ['wraps'],
    sites: [site('Southside', 'birmingham', '18 Hurst Street', 'B5 4BN', 52.4748, -1.8965, [299, 4, 1200, 25, 40])],
  },

  // Manchester.
  {
    name: 'Rusholme Mandi House',
    cuisines: ['Middle Eastern'],
    description: 'Smoky Yemeni mandi and kabsa on the Curry Mile, open late for the after-work crowd.',
    hours: lateNight(),
    sites: [
      site('Wilmslow Road', 'manchester', '134 Wilmslow Road', 'M14 5AH', 53.4525, -2.225, [249, 5, 1200, 30, 45]),
    ],
  },
  {
    name: 'Cheetham Karahi Club',
    cuisines: ['Pakistani', 'Indian'],
    description: 'Karahi cooked to order in cast-iron pans, with tandoori breads from a clay oven.',
    feature: ['breads'],
    sites: [
      site('Cheetham Hill', 'manchester', '210 Cheetham Hill Road', 'M8 8LW', 53.4985, -2.238, [199, 5, 1000, 30, 45]),
    ],
  },
  {
    name: 'Aleppo Kitchen',
    cuisines: ['Middle Eastern', 'Mediterranean'],
    description: 'Aleppine kebabs, fattoush and kunafa in the Northern Quarter.',
    feature: ['grills'],
    sites: [
      site('Northern Quarter', 'manchester', '41 Oldham Street', 'M1 1JG', 53.4833, -2.2335, [299, 4, 1000, 25, 40], {
        halal: 'self-declared',
      }),
    ],
  },

  // Leeds.
  {
    name: 'Roundhay Road Karahi',
    cuisines: ['Pakistani'],
    description: 'A no-frills Harehills karahi house famous for its lamb karahi and fresh naan.',
    feature: ['breads'],
    sites: [site('Harehills', 'leeds', '210 Roundhay Road', 'LS8 5PL', 53.8155, -1.523, [0, 4, 1500, 25, 40])],
  },
  {
    name: 'Brudenell Shawarma House',
    cuisines: ['Lebanese', 'Middle Eastern'],
    description: 'Shawarma wraps and grill plates in Hyde Park, feeding students until one in the morning.',
    feature: ['wraps'],
    hours: lateNight(),
    sites: [site('Hyde Park', 'leeds', '12 Brudenell Road', 'LS6 1BD', 53.8175, -1.5665, [149, 4, 800, 20, 35])],
  },
  {
    name: 'Zagros Grill House',
    cuisines: ['Middle Eastern', 'Turkish'],
    description: 'Kurdish grills, tikka and fresh tanoor bread on Harehills Road.',
    sites: [
      site('Harehills Road', 'leeds', '112 Harehills Road', 'LS8 5HR', 53.8125, -1.5245, [199, 5, 1000, 25, 40], {
        halal: 'temp-unverified',
        verified: 'December 2025',
      }),
    ],
  },

  // Glasgow.
  {
    name: 'Punjab Spice House',
    cuisines: ['Pakistani', 'Indian'],
    description: 'Punjabi curries, pakora and tandoori grills on the South Side.',
    sites: [site('Pollokshields', 'glasgow', '412 Albert Drive', 'G41 5PJ', 55.8425, -4.28, [249, 5, 1200, 30, 45])],
  },
  {
    name: 'Jasmine Levant Kitchen',
    cuisines: ['Middle Eastern', 'Lebanese'],
    description: 'Syrian mezze, shawarma and sweets on Victoria Road.',
    sites: [site('Victoria Road', 'glasgow', '12 Victoria Road', 'G42 7AA', 55.844, -4.259, [199, 4, 1000, 25, 40])],
  },
  {
    name: 'Kapadokya Grill',
    cuisines: ['Turkish'],
    description: 'An open-grill Turkish kitchen on Sauchiehall Street serving Adana, shish and pide.',
    feature: ['wraps'],
    sites: [
      site(
        'Sauchiehall Street',
        'glasgow',
        '205 Sauchiehall Street',
        'G2 3EX',
        55.8655,
        -4.2625,
        [299, 5, 1000, 25, 40],
      ),
    ],
  },

  // Sheffield.
  {
    name: 'Sheba Mandi House',
    cuisines: ['Middle Eastern'],
    description: 'Yemeni lamb mandi, kabsa and kunafa on Abbeydale Road.',
    sites: [
      site('Abbeydale Road', 'sheffield', '312 Abbeydale Road', 'S7 1FL', 53.3615, -1.48, [249, 5, 1200, 30, 45]),
    ],
  },
  {
    name: 'Kashmir Grill & Tandoor',
    cuisines: ['Pakistani', 'South Asian'],
    description: 'Grills, karahi and Sunday nihari from a long-running Burngreave kitchen.',
    feature: ['breakfast'],
    sites: [site('Spital Hill', 'sheffield', '68 Spital Hill', 'S4 7LG', 53.3905, -1.455, [149, 4, 1000, 25, 40])],
  },

  // Bradford.
  {
    name: 'Mughal Darbar',
    cuisines: ['Pakistani', 'Indian'],
    description: 'A grand Great Horton Road dining room known for its lamb chops and family-sized biryani.',
    feature: ['biryani'],
    sites: [
      site('Great Horton', 'bradford', '132 Great Horton Road', 'BD7 1AL', 53.789, -1.765, [199, 5, 1500, 30, 45]),
    ],
  },
  {
    name: 'Istanbul Kebab Evi',
    cuisines: ['Turkish'],
    description: 'Turkish charcoal kebabs, lahmacun and künefe on Manningham Lane.',
    feature: ['wraps', 'desserts'],
    sites: [site('Manningham', 'bradford', '40 Manningham Lane', 'BD1 3EA', 53.8, -1.7575, [249, 4, 1000, 25, 40])],
  },
  {
    name: 'Nihari House',
    cuisines: ['Pakistani'],
    description: 'Weekend halwa puri breakfasts and slow-cooked nihari on Oak Lane.',
    feature: ['breakfast'],
    hours: earlyStart(),
    sites: [site('Oak Lane', 'bradford', '95 Oak Lane', 'BD9 4QU', 53.807, -1.769, [149, 4, 1000, 30, 45])],
  },

  // Liverpool.
  {
    name: "Sana'a Kitchen",
    cuisines: ['Middle Eastern'],
    description: 'Yemeni mandi, kabsa and Adeni tea on Lodge Lane.',
    sites: [site('Lodge Lane', 'liverpool', '122 Lodge Lane', 'L8 0QR', 53.3935, -2.956, [199, 5, 1000, 30, 45])],
  },
  {
    name: 'Lale Ocakbasi',
    cuisines: ['Turkish', 'Mediterranean'],
    description: 'An ocakbasi grill on Smithdown Road with wraps, meze and mixed grills for sharing.',
    sites: [
      site('Smithdown Road', 'liverpool', '305 Smithdown Road', 'L15 5AG', 53.3915, -2.9415, [249, 5, 1000, 25, 40]),
    ],
  },
  {
    name: 'Nile Valley Kitchen',
    cuisines: ['North African', 'Middle Eastern'],
    description: 'Egyptian and Sudanese street food on Bold Street: koshari, ful and grilled kofta.',
    sites: [
      site('Bold Street', 'liverpool', '72 Bold Street', 'L1 4HR', 53.402, -2.979, [299, 4, 1000, 25, 40], {
        halal: 'self-declared',
      }),
    ],
  },

  // Edinburgh.
  {
    name: 'Khyber Pass Kitchen',
    cuisines: ['Pakistani', 'Indian'],
    description: 'Peshawari grills and karahi near the university on Nicolson Street.',
    sites: [
      site('Nicolson Street', 'edinburgh', '64 Nicolson Street', 'EH8 9DT', 55.9455, -3.185, [249, 4, 1200, 30, 45]),
    ],
  },
  {
    name: 'Topkapi Grill',
    cuisines: ['Turkish', 'Mediterranean'],
    description: 'Turkish grills and meze on South Clerk Street, a few minutes from the Meadows.',
    sites: [
      site('Newington', 'edinburgh', '23 South Clerk Street', 'EH8 9JD', 55.9415, -3.182, [299, 5, 1000, 25, 40]),
    ],
  },

  // Bristol.
  {
    name: 'Easton Karahi House',
    cuisines: ['Pakistani', 'South Asian'],
    description: 'Karahi, biryani and tandoori grills on Stapleton Road.',
    sites: [
      site('Stapleton Road', 'bristol', '214 Stapleton Road', 'BS5 0NX', 51.4665, -2.566, [199, 5, 1200, 30, 45]),
    ],
  },
  {
    name: 'Pomegranate Meze House',
    cuisines: ['Mediterranean', 'Turkish'],
    description: 'Seasonal meze, grills and brunch plates on Gloucester Road.',
    feature: ['breakfast'],
    hours: closedMondays(),
    sites: [
      site('Gloucester Road', 'bristol', '115 Gloucester Road', 'BS7 8AT', 51.4715, -2.5905, [349, 4, 1500, 30, 45]),
    ],
  },

  // Leicester.
  {
    name: 'Golden Mile Grill',
    cuisines: ['Indian', 'Pakistani'],
    description: 'Tandoori grills, curries and chaat on Belgrave Road’s Golden Mile.',
    feature: ['tandoor'],
    sites: [site('Belgrave', 'leicester', '98 Belgrave Road', 'LE4 5AT', 52.649, -1.124, [0, 5, 1500, 30, 45])],
  },
  {
    name: 'Bodrum Charcoal Grill',
    cuisines: ['Turkish'],
    description: 'A Narborough Road favourite for Adana, lamb chops and fresh lahmacun.',
    feature: ['wraps'],
    sites: [
      site('Narborough Road', 'leicester', '120 Narborough Road', 'LE3 0BT', 52.6265, -1.1535, [249, 5, 1000, 25, 40]),
    ],
  },
  {
    name: 'Al Bustan Grill',
    cuisines: ['Lebanese', 'Middle Eastern'],
    description: 'Lebanese grills and mezze on Evington Road, with fresh juices made to order.',
    sites: [site('Evington Road', 'leicester', '62 Evington Road', 'LE2 1HG', 52.63, -1.111, [199, 4, 1000, 25, 40])],
  },
  {
    name: 'Biryani Bazaar',
    cuisines: ['South Asian', 'Indian'],
    description: 'Biryani in every style, from Dhaka kacchi to Hyderabadi dum, on London Road.',
    feature: ['rice'],
    sites: [
      site('London Road', 'leicester', '35 London Road', 'LE2 0PD', 52.632, -1.1255, [249, 5, 1000, 30, 45], {
        halal: 'self-declared',
        hours: closedMondays(),
      }),
    ],
  },

  // Coventry.
  {
    name: 'Ravi Karahi House',
    cuisines: ['Pakistani'],
    description: 'Karahi, seekh kebabs and Sunday haleem on Foleshill Road.',
    sites: [site('Foleshill', 'coventry', '310 Foleshill Road', 'CV6 5AH', 52.4235, -1.506, [199, 5, 1200, 30, 45])],
  },
  {
    name: 'Levant Corner',
    cuisines: ['Lebanese', 'Middle Eastern'],
    description: 'Late-night shawarma and grills on Far Gosford Street, popular with students.',
    feature: ['wraps'],
    hours: lateNight(),
    sites: [
      site(
        'Far Gosford Street',
        'coventry',
        '45 Far Gosford Street',
        'CV1 5DW',
        52.4065,
        -1.499,
        [149, 4, 800, 20, 35],
      ),
    ],
  },
  {
    name: 'Agadir Grill',
    cuisines: ['Moroccan', 'Mediterranean'],
    description: 'Moroccan brochettes, tagines and couscous in the city centre.',
    feature: ['grills', 'couscous'],
    sites: [site('City Centre', 'coventry', '12 Hertford Street', 'CV1 1LF', 52.4062, -1.5125, [249, 5, 1200, 30, 45])],
  },

  // Nottingham.
  {
    name: 'Mangla Grill',
    cuisines: ['Pakistani', 'South Asian'],
    description: 'Mirpuri grills and karahi on Alfreton Road in Hyson Green.',
    sites: [site('Hyson Green', 'nottingham', '212 Alfreton Road', 'NG7 3NS', 52.962, -1.1725, [199, 5, 1000, 30, 45])],
  },
  {
    name: 'Zakho Grill',
    cuisines: ['Middle Eastern', 'Turkish'],
    description: 'Kurdish grills and rice plates on Mansfield Road, open late.',
    hours: lateNight(),
    sites: [
      site('Mansfield Road', 'nottingham', '18 Mansfield Road', 'NG1 3GZ', 52.9585, -1.15, [249, 4, 1000, 25, 40]),
    ],
  },
  {
    name: 'Masala Lane',
    cuisines: ['Indian', 'South Asian'],
    description: 'Home-style Indian curries and biryani in Sneinton.',
    feature: ['biryani'],
    sites: [site('Sneinton', 'nottingham', '45 Carlton Road', 'NG3 2DG', 52.956, -1.1335, [249, 5, 1200, 30, 45])],
  },

  // Newcastle upon Tyne.
  {
    name: 'Peshawar Grill',
    cuisines: ['Pakistani'],
    description: 'Seekh kebabs, karahi and tandoori grills on Westgate Road.',
    sites: [
      site('Westgate Road', 'newcastle', '212 Westgate Road', 'NE4 6AN', 54.9705, -1.626, [199, 5, 1200, 30, 45]),
    ],
  },
  {
    name: 'Sylhet Garden',
    cuisines: ['South Asian', 'Indian'],
    description: 'Bangladeshi curry-house favourites and Sylheti specials on Shields Road.',
    sites: [site('Byker', 'newcastle', '245 Shields Road', 'NE6 1DQ', 54.976, -1.579, [249, 5, 1200, 30, 45])],
  },
  {
    name: 'Antalya Meze House',
    cuisines: ['Turkish', 'Mediterranean'],
    description: 'Turkish meze, grills and baklava on Grainger Street.',
    sites: [
      site('Grainger Street', 'newcastle', '58 Grainger Street', 'NE1 5JG', 54.9712, -1.615, [299, 4, 1000, 25, 40]),
    ],
  },

  // Cardiff.
  {
    name: 'Hadramout Kitchen',
    cuisines: ['Middle Eastern'],
    description: 'Hadhrami-style mandi and grills on Clifton Street, serving until one in the morning.',
    hours: lateNight(),
    sites: [site('Roath', 'cardiff', '37 Clifton Street', 'CF24 1LS', 51.487, -3.161, [199, 5, 1000, 30, 45])],
  },
  {
    name: 'Indus Spice Kitchen',
    cuisines: ['Pakistani', 'Indian'],
    description: 'Karahi, tikka and biryani on Crwys Road in Cathays.',
    sites: [site('Cathays', 'cardiff', '48 Crwys Road', 'CF24 4NN', 51.4935, -3.17, [249, 4, 1200, 30, 45])],
  },

  // Luton.
  {
    name: 'Kashmir Darbar',
    cuisines: ['Pakistani', 'South Asian'],
    description: 'Bury Park grills, karahi and desi breakfasts at weekends.',
    feature: ['breakfast'],
    sites: [site('Bury Park', 'luton', '224 Dunstable Road', 'LU4 8JJ', 51.8895, -0.4345, [0, 4, 1500, 25, 40])],
  },
  {
    name: 'Marmaris Grill',
    cuisines: ['Turkish', 'Mediterranean'],
    description: 'Charcoal-grilled kebabs and meze in Luton town centre.',
    sites: [site('Town Centre', 'luton', '22 George Street', 'LU1 2AT', 51.879, -0.4165, [249, 5, 1000, 25, 40])],
  },

  // Blackburn.
  {
    name: 'Surti Spice',
    cuisines: ['Indian', 'South Asian'],
    description: 'Gujarati-Muslim home cooking in Audley: biryani, bhajia and slow-cooked curries.',
    feature: ['biryani'],
    sites: [site('Audley', 'blackburn', '144 Audley Range', 'BB1 1TE', 53.7445, -2.469, [199, 5, 1000, 30, 45])],
  },
  {
    name: 'Petra Grill',
    cuisines: ['Middle Eastern', 'Lebanese'],
    description: 'Jordanian and Lebanese grills, shawarma and mansaf-inspired rice plates in the town centre.',
    feature: ['grills'],
    sites: [
      site('Town Centre', 'blackburn', '18 King William Street', 'BB1 7DJ', 53.7495, -2.4845, [249, 4, 1000, 25, 40]),
    ],
  },

  // Slough.
  {
    name: 'Kabul Grill House',
    cuisines: ['Middle Eastern', 'South Asian'],
    description: 'Afghan-style kebabs, slow-cooked lamb on rice and fresh bread on Stoke Road.',
    feature: ['grills'],
    sites: [
      site('Stoke Road', 'slough', '96 Stoke Road', 'SL2 5AP', 51.519, -0.588, [199, 5, 1200, 30, 45], {
        halal: 'self-declared',
      }),
    ],
  },
  {
    name: 'Chenab Karahi',
    cuisines: ['Pakistani', 'Indian'],
    description: 'Karahi and tikka on Farnham Road, cooked over a fierce flame.',
    sites: [site('Farnham Road', 'slough', '310 Farnham Road', 'SL2 1BT', 51.5275, -0.6165, [249, 6, 1200, 30, 45])],
  },

  // Oxford.
  {
    name: 'Marrakesh Courtyard',
    cuisines: ['Moroccan', 'North African'],
    description: 'Tagines, couscous and pastilla on Cowley Road, with Moroccan breakfasts at weekends.',
    feature: ['breakfast', 'couscous'],
    hours: closedMondays(),
    sites: [site('Cowley Road', 'oxford', '221 Cowley Road', 'OX4 1XG', 51.745, -1.2335, [349, 5, 1500, 35, 50])],
  },
  {
    name: 'Jhelum Spice House',
    cuisines: ['Pakistani', 'South Asian'],
    description: 'Pakistani grills and curries in East Oxford.',
    sites: [site('Magdalen Road', 'oxford', '104 Magdalen Road', 'OX4 1RQ', 51.7415, -1.235, [299, 4, 1200, 30, 45])],
  },

  // Reading.
  {
    name: 'Peshawari Tikka House',
    cuisines: ['Pakistani'],
    description: 'Charcoal tikka, seekh kebabs and karahi on Wokingham Road.',
    sites: [
      site('Cemetery Junction', 'reading', '86 Wokingham Road', 'RG6 1JH', 51.4525, -0.95, [249, 5, 1200, 30, 45]),
    ],
  },
  {
    name: 'Izmir Charcoal Grill',
    cuisines: ['Turkish', 'Mediterranean'],
    description: 'Turkish grills and wraps in the town centre, open late on weekends.',
    sites: [
      site('Town Centre', 'reading', '62 London Street', 'RG1 4SQ', 51.453, -0.968, [299, 4, 1000, 25, 40], {
        halal: 'self-declared',
      }),
    ],
  },
];

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
        isSpicy: dish.isSpicy,
        allergens: dish.allergens,
        sortOrder: ++sortOrder,
      })),
    };
  });
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
        isSpicy: item.isSpicy ?? false,
        allergens: [],
        sortOrder: item.sortOrder,
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
        openingHours: s.hours ?? brand.hours ?? defaultOpeningHours(),
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
