import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { menuItems } from '../../db/schema/index';
import { requireItem } from './access';

/** Deletes an item from the base menu (owner or admin) with its per-location overrides. */
export async function deleteItem(db: Db, userId: string, itemId: string): Promise<void> {
  await requireItem(db, userId, itemId);
  await db.delete(menuItems).where(eq(menuItems.id, itemId));
}
