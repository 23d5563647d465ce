import { and, eq, inArray, sql } from 'drizzle-orm';
import { siteDisplayName } from '../../../domain/checkout';
import { AppError } from '../../../domain/errors';
import type { DbOrTx } from '../../db/client';
import { brands, menuItems, menus, siteItemOverrides, sites } from '../../db/schema/index';

export type PricedLine = {
  menuItemId: string;
  name: string;
  unitPriceMinor: number;
  quantity: number;
  lineTotalMinor: number;
};
export type OrderSite = typeof sites.$inferSelect & { brandName: string; displayName: string };

/** The branch an order is for, with its brand's name; 404 when it does not exist. */
export async function loadOrderSite(db: DbOrTx, siteId: string): Promise<OrderSite> {
  const [row] = await db
    .select({ site: sites, brandName: brands.name })
    .from(sites)
    .innerJoin(brands, eq(brands.id, sites.brandId))
    .where(eq(sites.id, siteId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Restaurant not found');
  return { ...row.site, brandName: row.brandName, displayName: siteDisplayName(row.brandName, row.site.name) };
}

export type BranchItem = {
  id: string;
  name: string;
  description: string | null;
  priceMinor: number;
  isAvailable: boolean;
};

/**
 * Today's menu of one branch for these items: the brand's base item with the branch's override
 * (price, availability) applied. Items of another brand's menu are simply not found here.
 */
export async function branchItems(
  db: DbOrTx,
  site: { id: string; brandId: string },
  itemIds: string[],
): Promise<BranchItem[]> {
  if (!itemIds.length) return [];
  return db
    .select({
      id: menuItems.id,
      name: menuItems.name,
      description: sql<string | null>`coalesce(${siteItemOverrides.description}, ${menuItems.description})`,
      priceMinor: sql<number>`coalesce(${siteItemOverrides.priceMinor}, ${menuItems.priceMinor})`.mapWith(Number),
      isAvailable: sql<boolean>`coalesce(${siteItemOverrides.isAvailable}, ${menuItems.isAvailable})`.mapWith(Boolean),
    })
    .from(menuItems)
    .innerJoin(menus, and(eq(menus.id, menuItems.menuId), eq(menus.brandId, site.brandId)))
    .leftJoin(siteItemOverrides, and(eq(siteItemOverrides.itemId, menuItems.id), eq(siteItemOverrides.siteId, site.id)))
    .where(inArray(menuItems.id, itemIds));
}

/**
 * Prices the requested lines from the database, never from the browser. Repeated lines of one
 * item are merged. Anything not orderable at this branch is refused with 409 naming the item.
 */
export async function priceLines(
  db: DbOrTx,
  site: OrderSite,
  lines: { menuItemId: string; quantity: number }[],
  /** The branch's items for these lines when already read (placeOrder reads them with the site). */
  prefetched?: BranchItem[],
): Promise<{ lines: PricedLine[]; subtotalMinor: number }> {
  const quantities = new Map<string, number>();
  for (const l of lines) quantities.set(l.menuItemId, (quantities.get(l.menuItemId) ?? 0) + l.quantity);
  if ([...quantities.values()].some((q) => q > 50))
    throw new AppError('VALIDATION_ERROR', 'Quantity must be at most 50');
  const ids = [...quantities.keys()];
  const found = new Map((prefetched ?? (await branchItems(db, site, ids))).map((i) => [i.id, i]));

  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) {
    // Name the item if it exists on some other menu; an unknown id can only be described.
    const [elsewhere] = await db
      .select({ name: menuItems.name })
      .from(menuItems)
      .where(inArray(menuItems.id, missing))
      .limit(1);
    throw new AppError(
      'CONFLICT',
      elsewhere
        ? `${elsewhere.name} is not on the menu at ${site.displayName}`
        : `An item in your cart is no longer on the menu at ${site.displayName}`,
    );
  }
  const priced: PricedLine[] = [];
  let subtotalMinor = 0;
  for (const id of ids) {
    const item = found.get(id)!;
    if (!item.isAvailable)
      throw new AppError('CONFLICT', `${item.name} is not available at ${site.displayName} right now`);
    const quantity = quantities.get(id)!;
    const lineTotalMinor = item.priceMinor * quantity;
    subtotalMinor += lineTotalMinor;
    priced.push({ menuItemId: id, name: item.name, unitPriceMinor: item.priceMinor, quantity, lineTotalMinor });
  }
  return { lines: priced, subtotalMinor };
}
