import { and, asc, eq } from 'drizzle-orm';
import type { SiteMenuResponse } from '../../../domain/contracts/menu/menu';
import { canManageBrand } from '../../../domain/partner-access';
import type { DbOrTx } from '../../db/client';
import { menuItems, menuSections, menus, siteItemOverrides } from '../../db/schema/index';
import { requireSite } from '../partner/access';
import { toManagedItem } from './item-view';

/** The brand's base menu as one location's staff see it: every section and item, with this location's overrides. */
export async function getSiteMenu(db: DbOrTx, userId: string, siteId: string): Promise<SiteMenuResponse> {
  const site = await requireSite(db, userId, siteId);
  const summary = { site: { id: site.id, name: site.name, brandId: site.brandId, brandName: site.brandName }, canEditBase: canManageBrand(site.role) };
  const [menu] = await db.select({ id: menus.id }).from(menus).where(eq(menus.brandId, site.brandId)).limit(1);
  if (!menu) return { ...summary, menu: null };

  const [sections, items] = await Promise.all([
    db.select().from(menuSections).where(eq(menuSections.menuId, menu.id)).orderBy(asc(menuSections.sortOrder), asc(menuSections.id)),
    db
      .select({ item: menuItems, override: { isAvailable: siteItemOverrides.isAvailable, priceMinor: siteItemOverrides.priceMinor, description: siteItemOverrides.description, siteId: siteItemOverrides.siteId } })
      .from(menuItems)
      .leftJoin(siteItemOverrides, and(eq(siteItemOverrides.itemId, menuItems.id), eq(siteItemOverrides.siteId, site.id)))
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
          .map(({ item, override }) =>
            toManagedItem(item, override?.siteId ? { isAvailable: override.isAvailable, priceMinor: override.priceMinor, description: override.description } : null),
          ),
      })),
    },
  };
}
