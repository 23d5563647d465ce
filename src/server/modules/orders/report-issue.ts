import { REPORT_MESSAGES } from '../../../domain/contracts/orders/report-issue';
import { AppError } from '../../../domain/errors';
import { topicName } from '../../../domain/topics';
import type { Db } from '../../db/client';
import type { LiveBus } from '../../platform/live-bus';
import type { OrderViewer } from '../access';
import { createTicket } from '../tickets';
import type { OrderRow } from './find-order';

const SENDER: Record<
  OrderViewer,
  {
    channel: 'customer' | 'restaurant' | 'driver' | 'admin';
    senderType: 'customer' | 'restaurant' | 'driver' | 'staff';
  }
> = {
  customer: { channel: 'customer', senderType: 'customer' },
  visitor: { channel: 'customer', senderType: 'customer' },
  staff: { channel: 'restaurant', senderType: 'restaurant' },
  driver: { channel: 'driver', senderType: 'driver' },
  admin: { channel: 'admin', senderType: 'staff' },
};

/** "Report an Issue": a real customer-service ticket with the report as its first message (docs/product/customer.md#report-an-issue). */
export async function reportIssue(
  deps: { db: Db; bus: LiveBus },
  input: { order: OrderRow; viewer: OrderViewer; description: string; actor: { userId: string; name: string } | null },
): Promise<{ ticketNumber: string }> {
  const description = input.description.trim();
  if (!description) throw new AppError('VALIDATION_ERROR', REPORT_MESSAGES.required);
  const { order } = input;
  const who = SENDER[input.viewer];
  const ticket = await deps.db.transaction(async (tx) =>
    createTicket(tx, {
      subject: `Issue with order ${order.orderNumber}`,
      description,
      channel: who.channel,
      priority: 'normal',
      orderId: order.id,
      siteId: order.siteId,
      customerEmail: order.customerEmail,
      createdBy: input.actor?.userId ?? null,
      firstMessage: {
        senderType: who.senderType,
        senderId: input.actor?.userId ?? null,
        senderName: who.senderType === 'customer' ? order.customerName : (input.actor?.name ?? 'Unknown'),
        message: description,
      },
    }),
  );
  if (!ticket) throw new Error('ticket without a dedupe key was not created');
  await deps.bus.publish(topicName.admin, 'ticket.created', {
    ticketId: ticket.id,
    ticketNumber: ticket.ticketNumber,
    orderId: order.id,
    channel: who.channel,
    priority: 'normal',
  });
  return { ticketNumber: ticket.ticketNumber };
}
