import { eq } from 'drizzle-orm';
import type { ReorderResponse } from '../../../domain/contracts/orders/reorder';
import type { DbOrTx } from '../../db/client';
import { orderItems } from '../../db/schema/index';
import type { OrderRow } from './find-order';
import { branchItems, loadOrderSite } from './price-order';

/**
 * "Order Again": the order's lines that the branch still sells, at today's price, and those it no
 * longer does, so the web app can refill the cart and say what is missing.
 */
export async function reorder(db: DbOrTx, order: OrderRow): Promise<ReorderResponse> {
  const site = await loadOrderSite(db, order.siteId);
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const ids = lines.map((l) => l.menuItemId).filter((id): id is string => !!id);
  const today = new Map((await branchItems(db, site, ids)).map((i) => [i.id, i]));
  const out: ReorderResponse = {
    site: { id: site.id, name: site.displayName, slug: site.slug },
    available: [],
    unavailable: [],
  };
  for (const l of lines) {
    const item = l.menuItemId ? today.get(l.menuItemId) : undefined;
    if (item?.isAvailable && l.menuItemId) {
      out.available.push({
        menuItemId: l.menuItemId,
        name: item.name,
        description: item.description,
        priceMinor: item.priceMinor,
        quantity: l.quantity,
      });
    } else {
      out.unavailable.push({ menuItemId: l.menuItemId, name: l.name, quantity: l.quantity });
    }
  }
  return out;
}
