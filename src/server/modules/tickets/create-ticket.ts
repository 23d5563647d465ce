import { sql } from 'drizzle-orm';
import type { TicketChannel, TicketPriority } from '../../../domain/tickets';
import type { DbOrTx } from '../../db/client';
import { ticketMessages, tickets } from '../../db/schema/index';

export type NewTicket = {
  subject: string;
  description: string;
  channel: TicketChannel;
  priority?: TicketPriority;
  orderId?: string | null;
  siteId?: string | null;
  customerEmail?: string | null;
  createdBy?: string | null;
  /** Set for tickets raised automatically: a second ticket with the same key is not created. */
  dedupeKey?: string | null;
  /** The opening message of the conversation. */
  firstMessage?: {
    senderType: 'customer' | 'driver' | 'restaurant' | 'staff' | 'system';
    senderId?: string | null;
    senderName: string;
    message: string;
  };
  /** A staff-only note after the first message: detail the person who raised it never sees. */
  staffNote?: { senderName: string; message: string };
};

/**
 * Creates a customer-service ticket numbered "T-" plus the next number of ticket_number_seq, with
 * its first message. Returns null when a ticket with the same dedupe key already exists.
 * Run it inside the caller's transaction; publish `ticket.created` after that commits.
 */
export async function createTicket(db: DbOrTx, t: NewTicket): Promise<{ id: string; ticketNumber: string } | null> {
  const [row] = await db
    .insert(tickets)
    .values({
      ticketNumber: sql`'T-' || nextval('ticket_number_seq')`,
      subject: t.subject,
      description: t.description,
      channel: t.channel,
      priority: t.priority ?? 'normal',
      orderId: t.orderId ?? null,
      siteId: t.siteId ?? null,
      customerEmail: t.customerEmail ?? null,
      createdBy: t.createdBy ?? null,
      dedupeKey: t.dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: tickets.dedupeKey })
    .returning({ id: tickets.id, ticketNumber: tickets.ticketNumber });
  if (!row) return null;
  if (t.firstMessage) {
    await db.insert(ticketMessages).values({
      ticketId: row.id,
      senderType: t.firstMessage.senderType,
      senderId: t.firstMessage.senderId ?? null,
      senderName: t.firstMessage.senderName,
      message: t.firstMessage.message,
    });
  }
  if (t.staffNote) {
    await db.insert(ticketMessages).values({
      ticketId: row.id,
      senderType: 'system',
      senderName: t.staffNote.senderName,
      message: t.staffNote.message,
      isInternal: true,
    });
  }
  return row;
}
