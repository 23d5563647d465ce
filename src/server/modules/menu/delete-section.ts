import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { menuSections } from '../../db/schema/index';
import { requireSection } from './access';

/**
 * Deletes a section and its items (owner or admin), with their per-location overrides. Past
 * orders keep their own copy of each item's name and price.
 */
export async function deleteSection(db: Db, userId: string, sectionId: string): Promise<void> {
  await requireSection(db, userId, sectionId);
  await db.delete(menuSections).where(eq(menuSections.id, sectionId));
}
