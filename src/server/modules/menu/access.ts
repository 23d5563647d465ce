import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { canManageBrand } from '../../../domain/partner-access';
import type { DbOrTx } from '../../db/client';
import { brandMemberships, menuItems, menuSections, menus } from '../../db/schema/index';

/*
 * The base menu belongs to a brand: its owner and admins edit it. Every lookup joins the caller's
 * membership, so another brand's menu, section or item is "not found" (404); a site manager of
 * the brand may see it but not change it (403).
 */

const NOT_FOUND = { menu: 'Menu not found', section: 'Section not found', item: 'Item not found' } as const;

function decide(kind: keyof typeof NOT_FOUND, role: string | null | undefined): void {
  if (!role) throw new AppError('NOT_FOUND', NOT_FOUND[kind]);
  if (!canManageBrand(role as never))
    throw new AppError('FORBIDDEN', 'Only the brand owner or an admin can change the base menu.');
}

/** A menu the caller may edit. */
export async function requireMenu(db: DbOrTx, userId: string, menuId: string) {
  const [row] = await db
    .select({ menu: menus, role: brandMemberships.role })
    .from(menus)
    .innerJoin(brandMemberships, and(eq(brandMemberships.brandId, menus.brandId), eq(brandMemberships.userId, userId)))
    .where(eq(menus.id, menuId))
    .limit(1);
  decide('menu', row?.role);
  return row!.menu;
}

/** A section the caller may edit, with its menu's brand. */
export async function requireSection(db: DbOrTx, userId: string, sectionId: string) {
  const [row] = await db
    .select({ section: menuSections, brandId: menus.brandId, role: brandMemberships.role })
    .from(menuSections)
    .innerJoin(menus, eq(menus.id, menuSections.menuId))
    .innerJoin(brandMemberships, and(eq(brandMemberships.brandId, menus.brandId), eq(brandMemberships.userId, userId)))
    .where(eq(menuSections.id, sectionId))
    .limit(1);
  decide('section', row?.role);
  return { ...row!.section, brandId: row!.brandId };
}

/** An item the caller may edit, with its menu's brand. */
export async function requireItem(db: DbOrTx, userId: string, itemId: string) {
  const [row] = await db
    .select({ item: menuItems, brandId: menus.brandId, role: brandMemberships.role })
    .from(menuItems)
    .innerJoin(menus, eq(menus.id, menuItems.menuId))
    .innerJoin(brandMemberships, and(eq(brandMemberships.brandId, menus.brandId), eq(brandMemberships.userId, userId)))
    .where(eq(menuItems.id, itemId))
    .limit(1);
  decide('item', row?.role);
  return { ...row!.item, brandId: row!.brandId };
}
