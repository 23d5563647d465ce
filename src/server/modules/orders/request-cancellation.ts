import { eq } from 'drizzle-orm';
import { CANCEL_MESSAGES } from '../../../domain/contracts/orders/cancel-order';
import { AppError } from '../../../domain/errors';
import { isFinal } from '../../../domain/order-flow';
import { topicName } from '../../../domain/topics';
import type { Db } from '../../db/client';
import { tickets } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import type { OrderViewer } from '../access';
import { createTicket } from '../tickets';
import { CUSTOMER_VIEWERS } from './cancel-order';
import type { OrderRow } from './find-order';

/**
 * "Ask to cancel": once the restaurant has accepted, cancelling costs it food, so the customer's
 * request goes to support as a high-priority ticket tied to the order. One open request per order
 * (the dedupe key): asking twice answers with the same ticket.
 */
export async function requestCancellation(
  deps: { db: Db; bus: LiveBus },
  input: { order: OrderRow; viewer: OrderViewer; actor: { userId: string } | null; reason?: string },
): Promise<{ ticketNumber: string }> {
  const { order } = input;
  if (!CUSTOMER_VIEWERS.includes(input.viewer)) throw new AppError('FORBIDDEN', CANCEL_MESSAGES.onlyCustomer);
  if (order.status === 'PENDING') {
    throw new AppError('CONFLICT', 'This order has not been accepted yet: you can cancel it yourself');
  }
  if (isFinal(order.status)) throw new AppError('CONFLICT', `Order ${order.orderNumber} is already ${order.status}`);
  const reason = input.reason?.trim() || 'No reason given';
  const dedupeKey = `cancel-request:${order.id}`;
  const created = await deps.db.transaction(async (tx) =>
    createTicket(tx, {
      subject: `Cancellation request for order ${order.orderNumber}`,
      description: reason,
      channel: 'customer',
      priority: 'high',
      orderId: order.id,
      siteId: order.siteId,
      customerEmail: order.customerEmail,
      createdBy: input.actor?.userId ?? null,
      dedupeKey,
      firstMessage: {
        senderType: 'customer',
        senderId: input.actor?.userId ?? null,
        senderName: order.customerName,
        message: `Please cancel my order. Reason: ${reason}`,
      },
    }),
  );
  if (!created) {
    const [existing] = await deps.db
      .select({ ticketNumber: tickets.ticketNumber })
      .from(tickets)
      .where(eq(tickets.dedupeKey, dedupeKey));
    return { ticketNumber: existing.ticketNumber };
  }
  await deps.bus.publish(topicName.admin, 'ticket.created', {
    ticketId: created.id,
    ticketNumber: created.ticketNumber,
    orderId: order.id,
    channel: 'customer',
    priority: 'high',
  });
  return { ticketNumber: created.ticketNumber };
}
