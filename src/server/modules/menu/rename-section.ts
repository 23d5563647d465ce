import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { menuSections } from '../../db/schema/index';
import { requireSection } from './access';

/** Renames a section (owner or admin). */
export async function renameSection(db: Db, userId: string, sectionId: string, title: string) {
  await requireSection(db, userId, sectionId);
  const [section] = await db.update(menuSections).set({ title }).where(eq(menuSections.id, sectionId)).returning();
  return section;
}
