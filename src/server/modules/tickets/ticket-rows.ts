import { eq, sql } from 'drizzle-orm';
import type { TicketSummary } from '../../../domain/contracts/tickets/tickets';
import { orders, ticketMessages, tickets, userProfiles } from '../../db/schema/index';

/** The columns of a ticket in the list and the detail. */
export const ticketSummaryColumns = {
  id: tickets.id,
  ticketNumber: tickets.ticketNumber,
  subject: tickets.subject,
  status: tickets.status,
  priority: tickets.priority,
  channel: tickets.channel,
  customerEmail: tickets.customerEmail,
  orderNumber: orders.orderNumber,
  assigneeId: tickets.assigneeId,
  assigneeName: userProfiles.displayName,
  messageCount:
    sql<number>`(select count(*) from ${ticketMessages} where ${ticketMessages.ticketId} = ${tickets.id})`.mapWith(
      Number,
    ),
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
};

export const assigneeJoin = eq(userProfiles.userId, tickets.assigneeId);
export const orderJoin = eq(orders.id, tickets.orderId);

type Row = Omit<TicketSummary, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

export function toTicketSummary(r: Row): TicketSummary {
  return { ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() };
}
