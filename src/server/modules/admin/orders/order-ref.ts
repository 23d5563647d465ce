import { eq } from 'drizzle-orm';
import { AppError } from '../../../../domain/errors';
import type { DbOrTx } from '../../../db/client';
import { orders } from '../../../db/schema/index';

/** The order an order number names, or 404 (the console's pages and actions are keyed by order number). */
export async function findOrderByNumber(db: DbOrTx, orderNumber: string): Promise<{ id: string; orderNumber: string }> {
  const [row] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber.toUpperCase()))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Order not found');
  return row;
}

/** Escapes LIKE's wildcards so a search for "50%" means those characters. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A person's display name from the profile's parts. */
export function personName(p: {
  firstName?: string | null;
  lastName?: string | null;
  displayName?: string | null;
}): string | null {
  return [p.firstName, p.lastName].filter(Boolean).join(' ') || p.displayName || null;
}
