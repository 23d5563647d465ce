import { readFileSync } from 'node:fs';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../client';
import type { UploadStorage } from '../../platform/upload-storage';
import { menuItems, menuSections, uploads } from '../schema/index';
import { catalogSeedBrands, slugify, stableUuid } from './demo-restaurants';

/**
 * Dishes the demo adds to two London demo restaurants, beyond what the menu generator draws, so a
 * customer in London sees dishes that truly contain peanuts and the "without peanuts" choice hides
 * them (docs/product/customer.md#demo-data). Each recipe has peanuts.
 */
export const EXTRA_DISHES = [
  {
    cuisines: ['Pakistani', 'Indian', 'South Asian'],
    name: 'Mirchi ka Salan',
    description: 'Long green chillies simmered in a roasted peanut, sesame and tamarind gravy, Hyderabadi style.',
    priceMinor: 695,
    category: 'Mains',
    isVegetarian: true,
    isVegan: true,
    isSpicy: true,
    allergens: ['peanuts', 'sesame'],
  },
  {
    cuisines: ['Turkish', 'Middle Eastern', 'Mediterranean', 'Lebanese'],
    name: 'Chicken Satay',
    description: 'Chargrilled chicken thigh skewers with a peanut and chilli dipping sauce.',
    priceMinor: 795,
    category: 'Starters',
    isVegetarian: false,
    isVegan: false,
    isSpicy: false,
    allergens: ['peanuts'],
  },
] as const;

const PHOTOS = new URL('./assets/dishes/', import.meta.url);
/** The dish names the committed photos show, by file name (slug of the dish name). */
export const DISH_PHOTOS = [
  'seekh-kebab',
  'lamb-shish',
  'chicken-biryani',
  'lamb-biryani',
  'hummus',
  'fattoush',
  'vegetable-samosas',
  'falafel',
  'chicken-tikka',
  'chicken-satay',
] as const;

/** London's demo brands, not the demo partner's sample brands (their menus stay as the partner keeps them). */
function londonDemoBrands() {
  return catalogSeedBrands().filter((b) => !b.isSample && b.sites.some((s) => s.citySlug === 'london'));
}

/** Adds the peanut dishes to the first London demo brand of a fitting cuisine, once. Returns how many were added. */
export async function seedExtraDishes(db: Db): Promise<number> {
  let added = 0;
  for (const dish of EXTRA_DISHES) {
    const brand = londonDemoBrands().find((b) => (dish.cuisines as readonly string[]).includes(b.sites[0].cuisines[0]));
    if (!brand) continue;
    const id = stableUuid(`extra-dish:${brand.id}:${slugify(dish.name)}`);
    const [section] = await db
      .select({ id: menuSections.id })
      .from(menuSections)
      .where(eq(menuSections.menuId, brand.menuId))
      .orderBy(asc(menuSections.sortOrder))
      .limit(1);
    if (!section) continue;
    const { cuisines: _, ...values } = dish;
    const rows = await db
      .insert(menuItems)
      .values({
        id,
        menuId: brand.menuId,
        sectionId: section.id,
        ...values,
        allergens: [...dish.allergens],
        sortOrder: 99,
      })
      .onConflictDoNothing()
      .returning({ id: menuItems.id });
    added += rows.length;
  }
  return added;
}

/**
 * Gives the London demo brands' dishes that a committed photo shows that photo, stored as an upload
 * (public, like a partner's menu photo) and served from /api/uploads/:id. A dish that already has a
 * photo keeps it. Returns how many dishes got one.
 */
export async function seedDishPhotos(
  db: Db,
  opts: { storage: UploadStorage; ownerId: string | null },
): Promise<number> {
  const menuIds = londonDemoBrands().map((b) => b.menuId);
  if (!menuIds.length) return 0;
  const items = await db
    .select({ id: menuItems.id, name: menuItems.name })
    .from(menuItems)
    .where(and(inArray(menuItems.menuId, menuIds), isNull(menuItems.imageUrl)));
  const byPhoto = new Map<string, string[]>();
  for (const item of items) {
    const key = slugify(item.name);
    if ((DISH_PHOTOS as readonly string[]).includes(key)) byPhoto.set(key, [...(byPhoto.get(key) ?? []), item.id]);
  }
  let given = 0;
  for (const [key, ids] of byPhoto) {
    const id = stableUuid(`demo-dish-photo:${key}`);
    const storageKey = `menu_image/${id}.jpg`;
    const body = readFileSync(new URL(`${key}.jpg`, PHOTOS));
    await opts.storage.put(storageKey, body, 'image/jpeg');
    await db
      .insert(uploads)
      .values({
        id,
        ownerId: opts.ownerId,
        purpose: 'menu_image',
        storageKey,
        contentType: 'image/jpeg',
        sizeBytes: body.length,
        width: 640,
        height: 480,
        isPrivate: false,
      })
      .onConflictDoNothing();
    await db
      .update(menuItems)
      .set({ imageUrl: `/api/uploads/${id}` })
      .where(inArray(menuItems.id, ids));
    given += ids.length;
  }
  return given;
}
