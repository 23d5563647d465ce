import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TicketDetail } from '../../../domain/contracts/tickets/tickets';
import { AppError } from '../../../domain/errors';
import type { DbOrTx } from '../../db/client';
import { orders, sites, ticketMessages, tickets, userProfiles } from '../../db/schema/index';
import { assigneeJoin, orderJoin, ticketSummaryColumns, toTicketSummary } from './ticket-rows';

const creator = alias(userProfiles, 'creator');

/** One ticket with its whole thread, internal notes included (staff only). */
export async function getTicket(db: DbOrTx, id: string): Promise<TicketDetail> {
  const [row] = await db
    .select({
      ...ticketSummaryColumns,
      description: tickets.description,
      orderId: tickets.orderId,
      siteName: sites.name,
      createdByName: creator.displayName,
    })
    .from(tickets)
    .leftJoin(orders, orderJoin)
    .leftJoin(userProfiles, assigneeJoin)
    .leftJoin(sites, eq(sites.id, tickets.siteId))
    .leftJoin(creator, eq(creator.userId, tickets.createdBy))
    .where(eq(tickets.id, id))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Ticket not found');
  const messages = await db
    .select()
    .from(ticketMessages)
    .where(eq(ticketMessages.ticketId, id))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
  const { description, orderId, siteName, createdByName, ...summary } = row;
  return {
    ...toTicketSummary(summary),
    description,
    orderId,
    siteName,
    createdByName,
    messages: messages.map((m) => ({
      id: m.id,
      senderType: m.senderType,
      senderName: m.senderName,
      message: m.message,
      isInternal: m.isInternal,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}
