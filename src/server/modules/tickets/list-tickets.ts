import { type SQL, and, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { ListTicketsResponse } from '../../../domain/contracts/tickets/tickets';
import type { TicketPriority, TicketStatus } from '../../../domain/tickets';
import type { Db } from '../../db/client';
import { orders, tickets, userProfiles } from '../../db/schema/index';
import { assigneeJoin, orderJoin, ticketSummaryColumns, toTicketSummary } from './ticket-rows';

const LIMIT = 200;

/** The ticket list: newest first, searched by number, subject or customer e-mail, filtered by status and priority. */
export async function listTickets(
  db: Db,
  f: { q?: string; status?: TicketStatus; priority?: TicketPriority },
): Promise<ListTicketsResponse> {
  const conditions: SQL[] = [];
  const q = f.q?.trim();
  if (q) {
    const p = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(tickets.ticketNumber, p),
        ilike(tickets.subject, p),
        ilike(tickets.customerEmail, p),
        ilike(orders.orderNumber, p),
      )!,
    );
  }
  if (f.status) conditions.push(eq(tickets.status, f.status));
  if (f.priority) conditions.push(eq(tickets.priority, f.priority));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [matches]] = await Promise.all([
    db
      .select(ticketSummaryColumns)
      .from(tickets)
      .leftJoin(orders, orderJoin)
      .leftJoin(userProfiles, assigneeJoin)
      .where(where)
      .orderBy(desc(tickets.createdAt))
      .limit(LIMIT),
    db.select({ n: count() }).from(tickets).leftJoin(orders, orderJoin).where(where),
  ]);
  return { tickets: rows.map(toTicketSummary), matches: matches.n };
}
