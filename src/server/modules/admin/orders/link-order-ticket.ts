import { and, eq, isNull, or } from 'drizzle-orm';
import { AppError } from '../../../../domain/errors';
import { topicName } from '../../../../domain/topics';
import type { Db } from '../../../db/client';
import { tickets } from '../../../db/schema/index';
import type { LiveBus } from '../../../platform/live-bus';
import { type AuditActor, recordAudit } from '../../audit';

/**
 * "Link ticket" on the order console (docs/product/admin.md#order-console): ties an existing ticket
 * to the order, audited. A ticket already on this order is left as it is; one tied to another order
 * is refused (409), since a ticket is about one order.
 */
export async function linkOrderTicket(
  deps: { db: Db; bus: LiveBus },
  actor: AuditActor,
  order: { id: string; orderNumber: string },
  ticketNumber: string,
): Promise<void> {
  const linked = await deps.db.transaction(async (tx) => {
    const [ticket] = await tx
      .select({ id: tickets.id, orderId: tickets.orderId })
      .from(tickets)
      .where(eq(tickets.ticketNumber, ticketNumber.toUpperCase()))
      .for('update');
    if (!ticket) throw new AppError('NOT_FOUND', `Ticket ${ticketNumber} not found`);
    if (ticket.orderId === order.id) return null;
    if (ticket.orderId) throw new AppError('CONFLICT', `Ticket ${ticketNumber} is about another order`);
    const [moved] = await tx
      .update(tickets)
      .set({ orderId: order.id, updatedAt: new Date() })
      .where(and(eq(tickets.id, ticket.id), or(isNull(tickets.orderId), eq(tickets.orderId, order.id))))
      .returning({ id: tickets.id });
    await recordAudit(tx, {
      actionType: 'ticket_linked_to_order',
      entityType: 'ticket',
      entityId: moved.id,
      actor,
      details: { ticket_number: ticketNumber.toUpperCase(), order_number: order.orderNumber },
    });
    return moved;
  });
  if (linked) await deps.bus.publish(topicName.admin, 'ticket.updated', { ticketId: linked.id });
}
