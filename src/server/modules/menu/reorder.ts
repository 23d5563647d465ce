import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import type { Db } from '../../db/client';
import { menuItems, menuSections } from '../../db/schema/index';
import { requireMenu, requireSection } from './access';

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && new Set(a).size === a.length && a.every((id) => b.includes(id));
}

const STALE = 'The menu changed meanwhile. Reload it and try again.';

/** Puts a menu's sections in the order given (every section, once); sort orders become 0..n-1. */
export async function reorderSections(db: Db, userId: string, menuId: string, sectionIds: string[]): Promise<void> {
  await requireMenu(db, userId, menuId);
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: menuSections.id })
      .from(menuSections)
      .where(eq(menuSections.menuId, menuId))
      .for('update');
    if (
      !sameSet(
        sectionIds,
        rows.map((r) => r.id),
      )
    )
      throw new AppError('CONFLICT', STALE);
    for (const [i, id] of sectionIds.entries())
      await tx.update(menuSections).set({ sortOrder: i }).where(eq(menuSections.id, id));
  });
}

/** Puts a section's items in the order given (every item, once); sort orders become 0..n-1. */
export async function reorderItems(db: Db, userId: string, sectionId: string, itemIds: string[]): Promise<void> {
  await requireSection(db, userId, sectionId);
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: menuItems.id })
      .from(menuItems)
      .where(eq(menuItems.sectionId, sectionId))
      .for('update');
    if (
      !sameSet(
        itemIds,
        rows.map((r) => r.id),
      )
    )
      throw new AppError('CONFLICT', STALE);
    for (const [i, id] of itemIds.entries()) {
      await tx
        .update(menuItems)
        .set({ sortOrder: i, updatedAt: new Date() })
        .where(and(eq(menuItems.id, id), eq(menuItems.sectionId, sectionId)));
    }
  });
}
