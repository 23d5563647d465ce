import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ItemOptionsBody } from '../../../domain/contracts/menu/options';
import type { ManagedItem } from '../../../domain/contracts/menu/menu';
import type { OptionGroup } from '../../../domain/menu-options';
import type { Actor } from '../../../domain/policies';
import type { Db } from '../../db/client';
import { menuItems } from '../../db/schema/index';
import { recordAudit } from '../audit';
import { requireItem } from './access';
import { toManagedItem } from './item-view';

/**
 * Replaces an item's option groups (brand owner or admin; docs/product/partner.md#item-options).
 * An id the item already has is kept, so a location's "not offered here" stays with its option;
 * anything else gets a new id. Past orders keep their own copy of the options they chose. The
 * change, with its prices, is written to the audit log in the same transaction.
 */
export async function setItemOptions(
  db: Db,
  actor: Actor,
  itemId: string,
  input: ItemOptionsBody,
): Promise<ManagedItem> {
  const before = await requireItem(db, actor.userId, itemId);
  const known = new Set(before.optionGroups.flatMap((g) => [g.id, ...g.options.map((o) => o.id)]));
  const keep = (id: string | undefined) => (id && known.has(id) ? id : randomUUID());
  const used = new Set<string>();
  // An id sent twice would make two options one: the second gets its own.
  const unique = (id: string) => {
    const next = used.has(id) ? randomUUID() : id;
    used.add(next);
    return next;
  };
  const groups: OptionGroup[] = input.groups.map((g) => ({
    id: unique(keep(g.id)),
    name: g.name,
    minSelect: g.minSelect,
    maxSelect: g.maxSelect,
    options: g.options.map((o) => ({ id: unique(keep(o.id)), name: o.name, priceMinor: o.priceMinor })),
  }));
  return db.transaction(async (tx) => {
    const [item] = await tx
      .update(menuItems)
      .set({ optionGroups: groups, updatedAt: new Date() })
      .where(eq(menuItems.id, itemId))
      .returning();
    await recordAudit(tx, {
      actionType: 'menu_options_changed',
      entityType: 'menu_item',
      entityId: itemId,
      actor: { userId: actor.userId, name: actor.name || actor.email },
      details: {
        brandId: before.brandId,
        itemName: item.name,
        groups: groups.map((g) => ({
          name: g.name,
          minSelect: g.minSelect,
          maxSelect: g.maxSelect,
          options: g.options.map((o) => ({ name: o.name, priceMinor: o.priceMinor })),
        })),
      },
    });
    return toManagedItem(item);
  });
}
