import { and, asc, eq } from 'drizzle-orm';
import type { SiteMenuResponse } from '../../../domain/contracts/menu/menu';
import { canManageBrand } from '../../../domain/partner-access';
import type { DbOrTx } from '../../db/client';
import { menuItems, menuSections, menus, siteItemOverrides } from '../../db/schema/index';
import { requireSite } from '../partner';
import { toManagedItem } from './item-view';

/** The brand's base menu as one location's staff see it: every section and item, with this location's overrides. */
export async function getSiteMenu(db: DbOrTx, userId: string, siteId: string): Promise<SiteMenuResponse> {
  const site = await requireSite(db, userId, siteId);
  const summary = {
    site: { id: site.id, name: site.name, brandId: site.brandId, brandName: site.brandName },
    canEditBase: canManageBrand(site.role),
  };
  const [menu] = await db.select({ id: menus.id }).from(menus).where(eq(menus.brandId, site.brandId)).limit(1);
  if (!menu) return { ...summary, menu: null };

  const [sections, items] = await Promise.all([
    db
      .select()
      .from(menuSections)
      .where(eq(menuSections.menuId, menu.id))
      .orderBy(asc(menuSections.sortOrder), asc(menuSections.id)),
    db
      .select({
        item: menuItems,
        // Flat columns: Drizzle nulls a nested left-join object as soon as one of its fields is null.
        ovSite: siteItemOverrides.siteId,
        ovAvailable: siteItemOverrides.isAvailable,
        ovPrice: siteItemOverrides.priceMinor,
        ovDescription: siteItemOverrides.description,
        ovUnavailable: siteItemOverrides.unavailableOptionIds,
      })
      .from(menuItems)
      .leftJoin(
        siteItemOverrides,
        and(eq(siteItemOverrides.itemId, menuItems.id), eq(siteItemOverrides.siteId, site.id)),
      )
      .where(eq(menuItems.menuId, menu.id))
      .orderBy(asc(menuItems.sortOrder), asc(menuItems.name)),
  ]);
  return {
    ...summary,
    menu: {
      id: menu.id,
      sections: sections.map((s) => ({
        id: s.id,
        title: s.title,
        sortOrder: s.sortOrder,
        items: items
          .filter((r) => r.item.sectionId === s.id)
          .map((r) =>
            toManagedItem(
              r.item,
              r.ovSite
                ? {
                    isAvailable: r.ovAvailable,
                    priceMinor: r.ovPrice,
                    description: r.ovDescription,
                    unavailableOptionIds: r.ovUnavailable,
                  }
                : null,
            ),
          ),
      })),
    },
  };
}
