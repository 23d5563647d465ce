import { eq, max } from 'drizzle-orm';
import type { CreateItemBody } from '../../../domain/contracts/menu/items';
import type { ManagedItem } from '../../../domain/contracts/menu/menu';
import { DEFAULT_CATEGORY } from '../../../domain/menu';
import type { Db } from '../../db/client';
import { menuItems } from '../../db/schema/index';
import { requireSection } from './access';
import { toManagedItem } from './item-view';

/** Adds an item to a section of the base menu (owner or admin); without a sort order it goes last. */
export async function createItem(
  db: Db,
  userId: string,
  sectionId: string,
  input: CreateItemBody,
): Promise<ManagedItem> {
  const section = await requireSection(db, userId, sectionId);
  let sortOrder = input.sortOrder;
  if (sortOrder === undefined) {
    const [last] = await db
      .select({ n: max(menuItems.sortOrder) })
      .from(menuItems)
      .where(eq(menuItems.sectionId, sectionId));
    sortOrder = last?.n === null || last?.n === undefined ? 0 : Number(last.n) + 1;
  }
  const [item] = await db
    .insert(menuItems)
    .values({
      menuId: section.menuId,
      sectionId,
      name: input.name,
      description: input.description ?? null,
      priceMinor: input.priceMinor,
      imageUrl: input.imageUrl ?? null,
      isAvailable: input.isAvailable ?? true,
      category: input.category ?? DEFAULT_CATEGORY,
      isVegetarian: input.isVegetarian ?? false,
      isVegan: input.isVegan ?? false,
      isSpicy: input.isSpicy ?? false,
      allergens: input.allergens ?? [],
      sortOrder,
    })
    .returning();
  return toManagedItem(item);
}
