import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../../domain/policies';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/index';
import { isSiteStaff } from './site-access';

export type OrderViewer = 'customer' | 'visitor' | 'staff' | 'driver' | 'admin';

/** sha256 of a visitor's order token; only the hash is stored. */
export function hashOrderToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * How this caller may see an order (docs/product/orders.md#who-may-see-an-order), or null when they may
 * not see it at all. The visitor token is the secret the placing browser holds.
 */
export async function orderViewer(
  db: DbOrTx,
  order: { customerId: string | null; siteId: string; driverId: string | null; visitorTokenHash: string | null },
  actor: Actor | null,
  visitorToken: string | null,
): Promise<OrderViewer | null> {
  if (actor) {
    if (order.customerId && order.customerId === actor.userId) return 'customer';
    if (actor.adminRole) return 'admin';
    if (order.driverId && order.driverId === actor.userId) return 'driver';
    if (actor.userType === 'partner' && (await isSiteStaff(db, actor.userId, order.siteId))) return 'staff';
  }
  if (visitorToken && order.visitorTokenHash && hashOrderToken(visitorToken) === order.visitorTokenHash) {
    return 'visitor';
  }
  return null;
}

/** Loads the fields orderViewer needs by order id. */
export async function loadOrderAccessRow(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({
      id: orders.id,
      customerId: orders.customerId,
      siteId: orders.siteId,
      driverId: orders.driverId,
      visitorTokenHash: orders.visitorTokenHash,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return row ?? null;
}
