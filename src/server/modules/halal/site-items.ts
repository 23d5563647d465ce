import { eq } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import type { DbOrTx } from '../../db/client';
import { menuItems, menus, sites } from '../../db/schema/index';

/** The items of the location's brand menu, in menu order. */
export async function siteMenuItems(db: DbOrTx, siteId: string) {
  return db
    .select({ id: menuItems.id, name: menuItems.name })
    .from(sites)
    .innerJoin(menus, eq(menus.brandId, sites.brandId))
    .innerJoin(menuItems, eq(menuItems.menuId, menus.id))
    .where(eq(sites.id, siteId))
    .orderBy(menuItems.sortOrder, menuItems.name);
}

/**
 * Refuses item ids that are not on this location's menu (another brand's items included), naming
 * the body `field` that listed them.
 */
export async function requireSiteItems(
  db: DbOrTx,
  siteId: string,
  itemIds: readonly string[],
  field: string,
): Promise<string[]> {
  const unique = [...new Set(itemIds)];
  if (!unique.length) return [];
  const found = await db
    .select({ id: menuItems.id })
    .from(sites)
    .innerJoin(menus, eq(menus.brandId, sites.brandId))
    .innerJoin(menuItems, eq(menuItems.menuId, menus.id))
    .where(eq(sites.id, siteId))
    .then((rows) => new Set(rows.map((r) => r.id)));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length)
    throw new AppError('VALIDATION_ERROR', "Some chosen items are not on this location's menu", { field });
  return unique;
}
