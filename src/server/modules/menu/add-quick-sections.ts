import { eq } from 'drizzle-orm';
import type { ManagedSection } from '../../../domain/contracts/menu/menu';
import { QUICK_START_SECTIONS } from '../../../domain/menu';
import type { Db } from '../../db/client';
import { menuSections } from '../../db/schema/index';
import { requireMenu } from './access';

/**
 * "Add Common Sections": Starters, Main Courses, Drinks and Desserts with sort orders 0 to 3, in
 * one transaction; a title the menu already has (any case) is skipped, so a second click adds nothing.
 */
export async function addQuickSections(db: Db, userId: string, menuId: string): Promise<ManagedSection[]> {
  await requireMenu(db, userId, menuId);
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ title: menuSections.title })
      .from(menuSections)
      .where(eq(menuSections.menuId, menuId))
      .for('update');
    const taken = new Set(existing.map((s) => s.title?.trim().toLowerCase()));
    const missing = QUICK_START_SECTIONS.filter((s) => !taken.has(s.title.toLowerCase()));
    if (!missing.length) return [];
    const rows = await tx
      .insert(menuSections)
      .values(missing.map((s) => ({ menuId, title: s.title, sortOrder: s.sortOrder })))
      .returning();
    return rows.map((s) => ({ id: s.id, title: s.title, sortOrder: s.sortOrder, items: [] }));
  });
}
