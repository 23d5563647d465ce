import { eq } from 'drizzle-orm';
import type { TicketPriority } from '../../../../domain/tickets';
import { topicName } from '../../../../domain/topics';
import type { Db } from '../../../db/client';
import { orders } from '../../../db/schema/index';
import type { LiveBus } from '../../../platform/live-bus';
import { type AuditActor, recordAudit } from '../../audit';
import { createTicket } from '../../tickets';

/**
 * "Open ticket" on the order console (docs/product/admin.md#order-console): a back-office ticket tied
 * to the order, its location and its customer's e-mail, audited as ticket_created; the browser's
 * request id is the ticket's dedupe key, so a double click opens one ticket.
 */
export async function openOrderTicket(
  deps: { db: Db; bus: LiveBus },
  actor: AuditActor,
  orderId: string,
  input: { subject: string; description: string; priority: TicketPriority; requestId: string },
): Promise<void> {
  const ticket = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ orderNumber: orders.orderNumber, siteId: orders.siteId, customerEmail: orders.customerEmail })
      .from(orders)
      .where(eq(orders.id, orderId));
    const created = await createTicket(tx, {
      subject: input.subject,
      description: input.description,
      channel: 'admin',
      priority: input.priority,
      orderId,
      siteId: order.siteId,
      customerEmail: order.customerEmail,
      createdBy: actor.userId,
      dedupeKey: `order-console:${input.requestId}`,
    });
    if (!created) return null;
    await recordAudit(tx, {
      actionType: 'ticket_created',
      entityType: 'ticket',
      entityId: created.id,
      actor,
      details: {
        ticket_number: created.ticketNumber,
        subject: input.subject,
        description: input.description,
        channel: 'admin',
        priority: input.priority,
        order_number: order.orderNumber,
      },
    });
    return { ...created, siteId: order.siteId };
  });
  if (!ticket) return;
  await deps.bus.publish(topicName.admin, 'ticket.created', {
    ticketId: ticket.id,
    ticketNumber: ticket.ticketNumber,
    orderId,
    siteId: ticket.siteId,
    channel: 'admin',
    priority: input.priority,
  });
}
