import { and, eq } from 'drizzle-orm';
import type { ManagedItem } from '../../../domain/contracts/menu/menu';
import type { OverrideBody } from '../../../domain/contracts/menu/overrides';
import { AppError } from '../../../domain/errors';
import type { OptionGroup } from '../../../domain/menu-options';
import type { Actor } from '../../../domain/policies';
import { topicName } from '../../../domain/topics';
import type { Db } from '../../db/client';
import { menuItems, menus, siteItemOverrides } from '../../db/schema/index';
import { recordAudit } from '../audit';
import type { LiveBus } from '../../platform/live-bus';
import { requireSite } from '../partner';
import { toManagedItem } from './item-view';

/** The ids of this item's options among those given, or null when there are none. */
function offOptions(groups: OptionGroup[], ids: string[] | null): string[] | null {
  const own = new Set(groups.flatMap((g) => g.options.map((o) => o.id)));
  const kept = [...new Set(ids ?? [])].filter((id) => own.has(id));
  return kept.length ? kept : null;
}

/**
 * This location's availability, price, description and unavailable options for one base item (any staff of the
 * location, a site manager included). Only the fields sent change; null goes back to the base
 * value, and an override left with nothing in it is removed. The customer's restaurant page reads
 * overrides directly, so the change shows there at once.
 */
export async function setOverride(
  deps: { db: Db; bus: LiveBus },
  actor: Actor,
  siteId: string,
  itemId: string,
  input: OverrideBody,
): Promise<ManagedItem> {
  const site = await requireSite(deps.db, actor.userId, siteId);
  const result = await deps.db.transaction(async (tx) => {
    const [item] = await tx
      .select({ item: menuItems })
      .from(menuItems)
      .innerJoin(menus, eq(menus.id, menuItems.menuId))
      .where(and(eq(menuItems.id, itemId), eq(menus.brandId, site.brandId)));
    // An item of another brand's menu is as missing as one that does not exist.
    if (!item) throw new AppError('NOT_FOUND', 'Item not found');
    const base = item.item;
    const [before] = await tx
      .select()
      .from(siteItemOverrides)
      .where(and(eq(siteItemOverrides.siteId, siteId), eq(siteItemOverrides.itemId, itemId)))
      .for('update');
    const next = {
      isAvailable: input.isAvailable !== undefined ? input.isAvailable : (before?.isAvailable ?? null),
      priceMinor: input.priceMinor !== undefined ? input.priceMinor : (before?.priceMinor ?? null),
      description: input.description !== undefined ? input.description : (before?.description ?? null),
      // Only this item's own options; none left off means every option, as the base menu.
      unavailableOptionIds: offOptions(
        base.optionGroups,
        input.unavailableOptionIds !== undefined ? input.unavailableOptionIds : (before?.unavailableOptionIds ?? null),
      ),
    };
    const empty =
      next.isAvailable === null &&
      next.priceMinor === null &&
      next.description === null &&
      next.unavailableOptionIds === null;
    if (empty) {
      await tx
        .delete(siteItemOverrides)
        .where(and(eq(siteItemOverrides.siteId, siteId), eq(siteItemOverrides.itemId, itemId)));
    } else {
      await tx
        .insert(siteItemOverrides)
        .values({ siteId, itemId, ...next, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: [siteItemOverrides.siteId, siteItemOverrides.itemId],
          set: { ...next, updatedAt: new Date() },
        });
    }
    const oldPrice = before?.priceMinor ?? base.priceMinor;
    const newPrice = next.priceMinor ?? base.priceMinor;
    if (oldPrice !== newPrice) {
      await recordAudit(tx, {
        actionType: 'menu_price_changed',
        entityType: 'menu_item',
        entityId: itemId,
        actor: { userId: actor.userId, name: actor.name || actor.email },
        details: {
          brandId: site.brandId,
          siteId,
          itemName: base.name,
          oldPriceMinor: oldPrice,
          newPriceMinor: newPrice,
        },
      });
    }
    return toManagedItem(base, empty ? null : next);
  });
  await deps.bus.publish(topicName.site(siteId), 'menu.updated', { siteId, itemId });
  return result;
}
