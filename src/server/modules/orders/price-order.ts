import { and, eq, inArray, sql } from 'drizzle-orm';
import { siteDisplayName } from '../../../domain/checkout';
import { AppError } from '../../../domain/errors';
import { type ChosenOption, type OptionGroup, branchGroups, chooseOptions, lineId } from '../../../domain/menu-options';
import type { DbOrTx } from '../../db/client';
import { brands, menuItems, menus, siteItemOverrides, sites } from '../../db/schema/index';

export type PricedLine = {
  menuItemId: string;
  name: string;
  unitPriceMinor: number;
  quantity: number;
  lineTotalMinor: number;
  /** The chosen options, copied; unitPriceMinor includes them. */
  options: ChosenOption[];
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
  optionGroups: OptionGroup[];
  /** This branch's options not offered (null: every option). */
  unavailableOptionIds: string[] | null;
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
      optionGroups: menuItems.optionGroups,
      unavailableOptionIds: siteItemOverrides.unavailableOptionIds,
    })
    .from(menuItems)
    .innerJoin(menus, and(eq(menus.id, menuItems.menuId), eq(menus.brandId, site.brandId)))
    .leftJoin(siteItemOverrides, and(eq(siteItemOverrides.itemId, menuItems.id), eq(siteItemOverrides.siteId, site.id)))
    .where(inArray(menuItems.id, itemIds));
}

/**
 * Prices the requested lines from the database, never from the browser. Repeated lines of one
 * item with the same options are merged. Anything not orderable at this branch is refused with
 * 409 naming the item; a missing required choice or too many options is a 400 naming the group
 * (docs/product/customer.md#item-options).
 */
export async function priceLines(
  db: DbOrTx,
  site: OrderSite,
  lines: { menuItemId: string; quantity: number; optionIds?: string[] }[],
  /** The branch's items for these lines when already read (placeOrder reads them with the site). */
  prefetched?: BranchItem[],
): Promise<{ lines: PricedLine[]; subtotalMinor: number; lineIds: string[] }> {
  const merged = new Map<string, { menuItemId: string; optionIds: string[]; quantity: number }>();
  for (const l of lines) {
    const key = lineId(l.menuItemId, l.optionIds ?? []);
    const line = merged.get(key) ?? { menuItemId: l.menuItemId, optionIds: l.optionIds ?? [], quantity: 0 };
    line.quantity += l.quantity;
    merged.set(key, line);
  }
  if ([...merged.values()].some((l) => l.quantity > 50))
    throw new AppError('VALIDATION_ERROR', 'Quantity must be at most 50');
  const ids = [...new Set(lines.map((l) => l.menuItemId))];
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
  const lineIds: string[] = [];
  for (const [key, { menuItemId, optionIds, quantity }] of merged) {
    const item = found.get(menuItemId)!;
    if (!item.isAvailable)
      throw new AppError('CONFLICT', `${item.name} is not available at ${site.displayName} right now`);
    const choice = chooseOptions(
      item.name,
      branchGroups(item.optionGroups ?? [], item.unavailableOptionIds),
      optionIds,
    );
    if (!choice.ok) throw new AppError('VALIDATION_ERROR', choice.message);
    const unitPriceMinor = Number(item.priceMinor) + choice.optionsMinor;
    const lineTotalMinor = unitPriceMinor * quantity;
    subtotalMinor += lineTotalMinor;
    priced.push({ menuItemId, name: item.name, unitPriceMinor, quantity, lineTotalMinor, options: choice.chosen });
    lineIds.push(key);
  }
  return { lines: priced, subtotalMinor, lineIds };
}
