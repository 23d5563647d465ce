/** Menu rules shared by the Menu Manager and the server (docs/product/partner.md#menu-manager). */

/** "Add Common Sections": these four titles with sort orders 0 to 3. */
export const QUICK_START_SECTIONS = [
  { title: 'Starters', sortOrder: 0 },
  { title: 'Main Courses', sortOrder: 1 },
  { title: 'Drinks', sortOrder: 2 },
  { title: 'Desserts', sortOrder: 3 },
] as const;

export const DEFAULT_CATEGORY = 'mains';

/**
 * The categories offered (the sample menus' categories, spelled as the demo menus store them;
 * docs/product/partner.md#menu-manager).
 * An item without one gets DEFAULT_CATEGORY; comparisons ignore case.
 */
export const MENU_CATEGORIES = [
  'Mains',
  'Starters',
  'Wraps',
  'Grills',
  'Tagines',
  'Couscous',
  'Salads',
  'Sides',
  'Breakfast',
  'Desserts',
  'Drinks',
] as const;

/** The offered category matching this one whatever its case, else the text itself. */
export function categoryOption(category: string): string {
  return MENU_CATEGORIES.find((c) => c.toLowerCase() === category.trim().toLowerCase()) ?? category;
}

/** The 14 allergens UK food law asks a menu to declare, by the short names the menus store. */
export const UK_ALLERGENS = [
  'celery',
  'gluten',
  'crustaceans',
  'egg',
  'fish',
  'lupin',
  'milk',
  'molluscs',
  'mustard',
  'nuts',
  'peanuts',
  'sesame',
  'soya',
  'sulphites',
] as const;

export type Allergen = (typeof UK_ALLERGENS)[number];

/** Whether a stored allergen name is one of the 14 (a menu read answers plain strings). */
export function isAllergen(name: string): name is Allergen {
  return (UK_ALLERGENS as readonly string[]).includes(name);
}

export const ALLERGEN_LABELS: Record<(typeof UK_ALLERGENS)[number], string> = {
  celery: 'Celery',
  gluten: 'Cereals containing gluten',
  crustaceans: 'Crustaceans',
  egg: 'Eggs',
  fish: 'Fish',
  lupin: 'Lupin',
  milk: 'Milk',
  molluscs: 'Molluscs',
  mustard: 'Mustard',
  nuts: 'Tree nuts',
  peanuts: 'Peanuts',
  sesame: 'Sesame',
  soya: 'Soya',
  sulphites: 'Sulphites',
};

/** Upload limits for item images and logos (docs/product/partner.md#menu-manager). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp'] as const;
export const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif', 'webp'] as const;
/** For an <input type="file" accept>. */
export const IMAGE_ACCEPT = [...IMAGE_MIME_TYPES, ...IMAGE_EXTENSIONS.map((e) => `.${e}`)].join(',');

export type ImageProblem = { title: string; description: string };

/**
 * The browser's first check of a chosen image, by declared type, name and size, with the texts of
 * docs/product/partner.md#menu-manager. The server checks the content itself again (a renamed file is refused there).
 */
export function checkImageFile(file: { name: string; type: string; size: number }): ImageProblem | null {
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const typeOk = (IMAGE_MIME_TYPES as readonly string[]).includes(file.type.toLowerCase());
  const extOk = (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
  if (!typeOk || !extOk) return { title: 'Invalid file type', description: 'Please select a valid image file' };
  if (file.size > MAX_IMAGE_BYTES)
    return { title: 'File too large', description: 'Please select an image smaller than 5MB' };
  return null;
}

/**
 * A price typed in pounds as pence, rounding (docs/product/partner.md#menu-manager: "rounding times 100"); null when the text is
 * empty, not a number or negative.
 */
export function parsePriceInput(text: string): number | null {
  const t = text.trim().replace(/^£/, '');
  if (!t || !/^\d*(\.\d*)?$/.test(t) || t === '.') return null;
  // Decimal arithmetic on the digits, so 1.005 rounds to 101 (binary floats make it 100.4999…).
  const [whole = '', frac = ''] = t.split('.');
  const digits = `${frac}000`;
  const pence = Number(whole || '0') * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
  return Number.isSafeInteger(pence) ? pence : null;
}

/** Pence as the text of a pounds input: 650 -> "6.50". */
export function penceToInput(pence: number): string {
  return (pence / 100).toFixed(2);
}

/** The list with `id` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveInList<T extends string>(ids: readonly T[], id: T, direction: -1 | 1): T[] {
  const list = [...ids];
  const from = list.indexOf(id);
  const to = from + direction;
  if (from < 0 || to < 0 || to >= list.length) return list;
  [list[from], list[to]] = [list[to], list[from]];
  return list;
}
