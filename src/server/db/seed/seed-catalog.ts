import { UK_CITIES } from '../../../domain/sample-data/cities';
import type { Db } from '../client';
import { brandMemberships, brands, cities, menuItems, menuSections, menus, sites } from '../schema/index';
import { catalogSeedBrands } from './demo-restaurants';
import { storedPhone } from '../../../domain/phone';

/**
 * The 20 cities of the directory are reference data, loaded in every mode (not only demo):
 * inserts the missing ones by slug and returns the ids added.
 */
export async function seedCities(db: Db): Promise<{ id: string }[]> {
  return db
    .insert(cities)
    .values(UK_CITIES.map((c, i) => ({ ...c, sortOrder: i + 1 })))
    .onConflictDoNothing({ target: cities.slug })
    .returning({ id: cities.id });
}

/**
 * Seeds the 20 cities and the demo restaurants when missing; returns a one-line summary or null.
 * Idempotent: cities are matched by slug and sites by id or slug, so a second run (or a restart
 * after partners edited their menus) adds nothing and overwrites nothing.
 */
export async function seedCatalog(db: Db, opts: { partnerUserId: string }): Promise<string | null> {
  const addedCities = await seedCities(db);

  const existing = await db.select({ id: sites.id, slug: sites.slug }).from(sites);
  const takenIds = new Set(existing.map((s) => s.id));
  const takenSlugs = new Set(existing.map((s) => s.slug));

  let addedSites = 0;
  for (const brand of catalogSeedBrands()) {
    const missing = brand.sites.filter((s) => !takenIds.has(s.id) && !takenSlugs.has(s.slug));
    if (!missing.length) continue;
    // One transaction per brand: a brand never ends up without its sites or its menu.
    addedSites += await db.transaction(async (tx) => {
      await tx
        .insert(brands)
        .values({
          id: brand.id,
          name: brand.name,
          description: brand.description,
          logoUrl: brand.logoUrl,
          createdBy: brand.isSample && opts.partnerUserId ? opts.partnerUserId : null,
        })
        .onConflictDoNothing({ target: brands.id });
      if (brand.isSample && opts.partnerUserId) {
        await tx
          .insert(brandMemberships)
          .values({ brandId: brand.id, userId: opts.partnerUserId, role: 'owner' })
          .onConflictDoNothing({ target: [brandMemberships.brandId, brandMemberships.userId] });
      }
      const inserted = await tx
        .insert(sites)
        .values(
          missing.map((s) => ({
            id: s.id,
            brandId: brand.id,
            name: s.name,
            slug: s.slug,
            description: s.description,
            address: s.address,
            city: s.city,
            citySlug: s.citySlug,
            postcode: s.postcode,
            phone: storedPhone(s.phone),
            lat: s.lat,
            lng: s.lng,
            cuisines: s.cuisines,
            imageUrl: s.imageUrl,
            deliveryFeeMinor: s.deliveryFeeMinor,
            deliveryRadiusKm: s.deliveryRadiusKm,
            minOrderMinor: s.minOrderMinor,
            etaMinMinutes: s.etaMinMinutes,
            etaMaxMinutes: s.etaMaxMinutes,
            isOpen: s.isOpen,
            openingHours: s.openingHours,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: sites.id });
      // A brand that already has a menu keeps it as its partner left it.
      const [menu] = await tx
        .insert(menus)
        .values({ id: brand.menuId, brandId: brand.id })
        .onConflictDoNothing()
        .returning({ id: menus.id });
      if (menu) {
        await tx.insert(menuSections).values(
          brand.menu.map((section) => ({
            id: section.id,
            menuId: menu.id,
            title: section.title,
            sortOrder: section.sortOrder,
          })),
        );
        await tx.insert(menuItems).values(
          brand.menu.flatMap((section) =>
            section.items.map((item) => ({
              id: item.id,
              menuId: menu.id,
              sectionId: section.id,
              name: item.name,
              description: item.description,
              priceMinor: item.priceMinor,
              category: item.category,
              isVegetarian: item.isVegetarian,
              isVegan: item.isVegan,
              isSpicy: item.isSpicy,
              allergens: item.allergens,
              sortOrder: item.sortOrder,
              optionGroups: item.optionGroups,
            })),
          ),
        );
      }
      return inserted.length;
    });
  }

  const parts: string[] = [];
  if (addedCities.length) parts.push(`${addedCities.length} ${addedCities.length === 1 ? 'city' : 'cities'}`);
  if (addedSites) parts.push(`${addedSites} ${addedSites === 1 ? 'restaurant' : 'restaurants'}`);
  return parts.length ? `seeded ${parts.join(' and ')}` : null;
}
