import { eq } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { type OrderAudience, orderAudienceOf } from '../../../domain/order-visibility';
import type { Actor } from '../../../domain/policies';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/index';
import { type OrderViewer, orderViewer } from '../access';

const ORDER_NUMBER = /^HN-\d{1,12}$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type OrderRow = typeof orders.$inferSelect;

/** The order an `HN-…` number or a UUID names, or null. */
export async function findOrderByRef(db: DbOrTx, ref: string): Promise<OrderRow | null> {
  const r = ref.trim();
  const where = ORDER_NUMBER.test(r)
    ? eq(orders.orderNumber, r.toUpperCase())
    : UUID.test(r)
      ? eq(orders.id, r.toLowerCase())
      : null;
  if (!where) return null;
  const [row] = await db.select().from(orders).where(where).limit(1);
  return row ?? null;
}

/**
 * The order and how this caller may see it: `viewer` how they relate to it, `audience` which parts of
 * it they see (domain/order-visibility.ts). A stranger, a wrong token and a missing order get the
 * same 404, so order numbers cannot be probed.
 */
export async function loadViewableOrder(
  db: DbOrTx,
  ref: string,
  actor: Actor | null,
  visitorToken: string | null | undefined,
): Promise<{ order: OrderRow; viewer: OrderViewer; audience: Exclude<OrderAudience, 'stranger'> }> {
  const order = await findOrderByRef(db, ref);
  const viewer = order ? await orderViewer(db, order, actor, visitorToken ?? null) : null;
  const audience = orderAudienceOf(viewer, actor?.adminRole ?? null);
  if (!order || !viewer || audience === 'stranger') throw new AppError('NOT_FOUND', 'Order not found');
  return { order, viewer, audience };
}
