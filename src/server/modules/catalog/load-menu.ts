import { and, asc, eq, sql } from 'drizzle-orm';
import type { MenuSection } from '../../../domain/contracts/catalog/get-restaurant';
import { branchGroups } from '../../../domain/menu-options';
import type { DbOrTx } from '../../db/client';
import { menuItems, menuSections, siteItemOverrides } from '../../db/schema/index';

/** The title shown for a section that has none (docs/product/customer.md#restaurant-page). */
export const UNTITLED_SECTION = 'Other';

/**
 * One branch's view of its brand's base menu: each base item with this site's override applied
 * (a null override field means "as the base menu"), only what is available. Served by
 * menu_items_menu_idx, the menu_sections primary key and the site_item_overrides primary key.
 */
export function branchMenuQuery(db: DbOrTx, menuId: string, siteId: string) {
  return db
    .select({
      sectionId: menuSections.id,
      sectionTitle: menuSections.title,
      sectionSort: menuSections.sortOrder,
      id: menuItems.id,
      name: menuItems.name,
      description: sql<string | null>`coalesce(${siteItemOverrides.description}, ${menuItems.description})`,
      priceMinor: sql<number>`coalesce(${siteItemOverrides.priceMinor}, ${menuItems.priceMinor})`,
      imageUrl: menuItems.imageUrl,
      category: menuItems.category,
      isVegetarian: menuItems.isVegetarian,
      isVegan: menuItems.isVegan,
      isSpicy: menuItems.isSpicy,
      allergens: menuItems.allergens,
      sortOrder: menuItems.sortOrder,
      optionGroups: menuItems.optionGroups,
      unavailableOptionIds: siteItemOverrides.unavailableOptionIds,
    })
    .from(menuItems)
    .innerJoin(menuSections, eq(menuSections.id, menuItems.sectionId))
    .leftJoin(siteItemOverrides, and(eq(siteItemOverrides.siteId, siteId), eq(siteItemOverrides.itemId, menuItems.id)))
    .where(
      and(
        eq(menuItems.menuId, menuId),
        eq(menuItems.isAvailable, true),
        sql`coalesce(${siteItemOverrides.isAvailable}, true)`,
      ),
    )
    .orderBy(asc(menuSections.sortOrder), asc(menuSections.id), asc(menuItems.sortOrder), asc(menuItems.name));
}

export type BranchMenuRow = Awaited<ReturnType<ReturnType<typeof branchMenuQuery>['execute']>>[number];

/**
 * Groups the ordered rows into sections; a section with no available item never appears. Items,
 * option groups and options are written field by field in the response contract's order, so the
 * page's JSON needs no reordering by the contract (docs/decisions/0248-uncached-path-cpu.md).
 */
export function groupMenu(rows: BranchMenuRow[]): MenuSection[] {
  const sections: MenuSection[] = [];
  let current: MenuSection | null = null;
  for (const row of rows) {
    if (!current || current.id !== row.sectionId) {
      current = { id: row.sectionId, title: row.sectionTitle?.trim() || UNTITLED_SECTION, items: [] };
      sections.push(current);
    }
    current.items.push({
      id: row.id,
      name: row.name,
      description: row.description,
      priceMinor: Number(row.priceMinor),
      imageUrl: row.imageUrl,
      category: row.category,
      isVegetarian: row.isVegetarian,
      isVegan: row.isVegan,
      isSpicy: row.isSpicy,
      allergens: row.allergens,
      sortOrder: row.sortOrder,
      // Options this branch does not offer are left out (docs/product/customer.md#item-options).
      optionGroups: branchGroups(row.optionGroups, row.unavailableOptionIds).map((g) => ({
        id: g.id,
        name: g.name,
        minSelect: g.minSelect,
        maxSelect: g.maxSelect,
        options: g.options.map((o) => ({ id: o.id, name: o.name, priceMinor: o.priceMinor })),
      })),
    });
  }
  return sections;
}

/** The branch's menu sections in order; empty when nothing can be ordered. */
export async function loadBranchMenu(db: DbOrTx, menuId: string, siteId: string): Promise<MenuSection[]> {
  return groupMenu(await branchMenuQuery(db, menuId, siteId));
}
