import { eq, max } from 'drizzle-orm';
import type { CreateSectionBody } from '../../../domain/contracts/menu/sections';
import type { ManagedSection } from '../../../domain/contracts/menu/menu';
import type { Db } from '../../db/client';
import { menuSections } from '../../db/schema/index';
import { requireMenu } from './access';

/** Adds a section to a menu (owner or admin); without a sort order it goes after the last. */
export async function createSection(
  db: Db,
  userId: string,
  menuId: string,
  input: CreateSectionBody,
): Promise<ManagedSection> {
  await requireMenu(db, userId, menuId);
  let sortOrder = input.sortOrder;
  if (sortOrder === undefined) {
    const [last] = await db
      .select({ n: max(menuSections.sortOrder) })
      .from(menuSections)
      .where(eq(menuSections.menuId, menuId));
    sortOrder = last?.n === null || last?.n === undefined ? 0 : Number(last.n) + 1;
  }
  const [section] = await db.insert(menuSections).values({ menuId, title: input.title, sortOrder }).returning();
  return { id: section.id, title: section.title, sortOrder: section.sortOrder, items: [] };
}
