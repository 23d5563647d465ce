import { eq } from 'drizzle-orm';
import type { ReorderResponse } from '../../../domain/contracts/orders/reorder';
import { type ChosenOption, type OptionGroup, branchGroups, chooseOptions } from '../../../domain/menu-options';
import type { DbOrTx } from '../../db/client';
import { orderItems } from '../../db/schema/index';
import { AppError } from '../../../domain/errors';
import type { OrderRow } from './find-order';
import { quoteOrder } from './quote-order';
import { type BranchItem, branchItems, loadOrderSite } from './price-order';

type ReorderOption = ReorderResponse['available'][number]['options'][number];

/**
 * The options a line was ordered with, found again on today's menu of the branch: an order line
 * keeps each option's group and name (not its id, docs/decisions/0160-item-options.md), so each is
 * looked up by them among the options the branch still offers; the picks must then still satisfy
 * the item's groups (menu-options.ts chooseOptions). Null when any is gone or the rules now refuse
 * them (a new required group, say).
 */
function optionsAgain(item: BranchItem, ordered: readonly ChosenOption[]): ReorderOption[] | null {
  const groups: OptionGroup[] = branchGroups(item.optionGroups, item.unavailableOptionIds);
  const picked: ReorderOption[] = [];
  for (const o of ordered) {
    const group = groups.find((g) => g.name === o.group);
    const option = group?.options.find((x) => x.name === o.name);
    if (!group || !option) return null;
    picked.push({ id: option.id, group: group.name, name: option.name, priceMinor: option.priceMinor });
  }
  const choice = chooseOptions(
    item.name,
    groups,
    picked.map((p) => p.id),
  );
  return choice.ok ? picked : null;
}

/**
 * "Order Again" (docs/product/customer.md#reorder): the order's lines that the branch still sells,
 * with the options chosen then, at today's prices, and those it cannot take again as they were, so
 * the web app can refill the cart and say what is missing or needs choosing again.
 */
export async function reorder(db: DbOrTx, order: OrderRow, now = new Date()): Promise<ReorderResponse> {
  const site = await loadOrderSite(db, order.siteId);
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const ids = lines.map((l) => l.menuItemId).filter((id): id is string => !!id);
  const today = new Map((await branchItems(db, site, ids)).map((i) => [i.id, i]));
  const out: ReorderResponse = {
    site: { id: site.id, name: site.displayName, slug: site.slug },
    available: [],
    unavailable: [],
    offer: {
      then: order.offerLabel
        ? { label: order.offerLabel, savingMinor: order.offerDiscountMinor + order.offerDeliveryDiscountMinor }
        : null,
      now: null,
    },
  };
  for (const l of lines) {
    const item = l.menuItemId ? today.get(l.menuItemId) : undefined;
    if (!item?.isAvailable || !l.menuItemId) {
      out.unavailable.push({ menuItemId: l.menuItemId, name: l.name, quantity: l.quantity, reason: 'unavailable' });
      continue;
    }
    const options = optionsAgain(item, l.options ?? []);
    if (!options) {
      out.unavailable.push({ menuItemId: l.menuItemId, name: l.name, quantity: l.quantity, reason: 'options' });
      continue;
    }
    out.available.push({
      menuItemId: l.menuItemId,
      name: item.name,
      description: item.description,
      priceMinor: item.priceMinor + options.reduce((sum, o) => sum + o.priceMinor, 0),
      quantity: l.quantity,
      options,
    });
  }
  out.offer.now = await offerNow(db, order, out.available, now);
  return out;
}

/**
 * The restaurant offer the lines taken again get now, priced exactly as the cart and checkout will
 * price them (quoteOrder); the price is always worked out again, this only tells the customer what
 * changed (docs/decisions/0272-order-again-with-offers.md).
 */
async function offerNow(
  db: DbOrTx,
  order: OrderRow,
  lines: ReorderResponse['available'],
  now: Date,
): Promise<ReorderResponse['offer']['now']> {
  if (!lines.length) return null;
  const quote = await quoteOrder(
    db,
    {
      siteId: order.siteId,
      orderType: order.orderType,
      items: lines.map((l) => ({
        menuItemId: l.menuItemId,
        quantity: l.quantity,
        optionIds: l.options.map((o) => o.id),
      })),
    },
    null,
    now,
  ).catch((err: unknown) => {
    // A branch no longer listed: the cart will say so; there is no offer to tell of.
    if (err instanceof AppError) return null;
    throw err;
  });
  if (!quote?.offer) return null;
  return { label: quote.offer.label, savingMinor: quote.offer.discountMinor + quote.offer.deliveryDiscountMinor };
}
