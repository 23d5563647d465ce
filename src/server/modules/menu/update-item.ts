import { and, eq } from 'drizzle-orm';
import type { UpdateItemBody } from '../../../domain/contracts/menu/items';
import type { ManagedItem } from '../../../domain/contracts/menu/menu';
import { AppError } from '../../../domain/errors';
import type { Actor } from '../../../domain/policies';
import type { Db } from '../../db/client';
import { menuItems, menuSections } from '../../db/schema/index';
import { recordAudit } from '../audit';
import { requireItem } from './access';
import { toManagedItem } from './item-view';

/**
 * Changes the fields sent (owner or admin). A price change writes `menu_price_changed` to the
 * audit log in the same transaction (the back office reads it: docs/product/admin.md#audit-log).
 */
export async function updateItem(db: Db, actor: Actor, itemId: string, input: UpdateItemBody): Promise<ManagedItem> {
  const before = await requireItem(db, actor.userId, itemId);
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<
    typeof menuItems.$inferInsert
  >;
  return db.transaction(async (tx) => {
    if (input.sectionId && input.sectionId !== before.sectionId) {
      const [target] = await tx
        .select({ id: menuSections.id })
        .from(menuSections)
        .where(and(eq(menuSections.id, input.sectionId), eq(menuSections.menuId, before.menuId)));
      if (!target) throw new AppError('NOT_FOUND', 'Section not found');
    }
    const [item] = await tx
      .update(menuItems)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(menuItems.id, itemId))
      .returning();
    if (input.priceMinor !== undefined && input.priceMinor !== before.priceMinor) {
      await recordAudit(tx, {
        actionType: 'menu_price_changed',
        entityType: 'menu_item',
        entityId: itemId,
        actor: { userId: actor.userId, name: actor.name || actor.email },
        details: {
          brandId: before.brandId,
          itemName: item.name,
          oldPriceMinor: before.priceMinor,
          newPriceMinor: item.priceMinor,
          siteId: null,
        },
      });
    }
    return toManagedItem(item);
  });
}
