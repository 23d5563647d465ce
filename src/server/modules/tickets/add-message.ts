import { and, eq, sql } from 'drizzle-orm';
import type { TicketDetail } from '../../../domain/contracts/tickets/tickets';
import { AppError } from '../../../domain/errors';
import { helpRequestPath } from '../../../domain/help';
import { topicName } from '../../../domain/topics';
import type { Db } from '../../db/client';
import { ticketMessages, tickets, user, userProfiles } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { type AuditActor, recordAudit } from '../audit';
import { notifyTicketReply } from '../notifications';
import { getTicket } from './get-ticket';
import { publishToTicketOwner } from './help-tickets';

/**
 * Adds a staff message or internal note to a ticket's thread. Someone working on a "new" ticket
 * opens it. Internal notes are for staff only; a reply reaches the person who raised the ticket on their
 * Help page (docs/product/customer.md#help).
 */
export async function addTicketMessage(
  deps: { db: Db; bus: LiveBus },
  actor: AuditActor,
  id: string,
  input: { message: string; isInternal: boolean },
): Promise<TicketDetail> {
  const message = input.message.trim();
  if (!message) throw new AppError('VALIDATION_ERROR', 'Please enter a message', { field: 'message' });
  await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        status: tickets.status,
        ticketNumber: tickets.ticketNumber,
        subject: tickets.subject,
        customerEmail: tickets.customerEmail,
      })
      .from(tickets)
      .where(eq(tickets.id, id))
      .for('update');
    if (!current) throw new AppError('NOT_FOUND', 'Ticket not found');
    const [written] = await tx
      .insert(ticketMessages)
      .values({
        ticketId: id,
        senderType: 'staff',
        senderId: actor.userId,
        senderName: actor.name || 'Staff',
        message,
        isInternal: input.isInternal,
      })
      .returning({ id: ticketMessages.id });
    // A reply (not an internal note) reaches the customer by e-mail (docs/product/orders.md#notifications).
    if (!input.isInternal && current.customerEmail) {
      // The link opens this request where its reader reads their help: the account behind the
      // address the mail goes to says which Help page that is.
      const [reader] = await tx
        .select({ userType: userProfiles.userType })
        .from(user)
        .innerJoin(userProfiles, eq(userProfiles.userId, user.id))
        .where(sql`lower(${user.email}) = ${current.customerEmail.toLowerCase()}`);
      await notifyTicketReply(tx, {
        path: helpRequestPath(reader?.userType, id),
        messageId: written.id,
        ticketNumber: current.ticketNumber,
        subject: current.subject,
        email: current.customerEmail,
        message,
      });
    }
    const opened = current.status === 'new';
    await tx
      .update(tickets)
      .set({ updatedAt: sql`now()`, ...(opened ? { status: 'open' as const } : {}) })
      .where(and(eq(tickets.id, id)));
    await recordAudit(tx, {
      actionType: input.isInternal ? 'ticket_note_added' : 'ticket_replied',
      entityType: 'ticket',
      entityId: id,
      actor,
      details: {
        ticket_number: current.ticketNumber,
        is_internal: input.isInternal,
        ...(opened ? { status: { from: 'new', to: 'open' } } : {}),
      },
    });
  });
  await deps.bus.publish(topicName.admin, 'ticket.message', { ticketId: id });
  if (!input.isInternal) await publishToTicketOwner(deps.db, deps.bus, id, 'ticket.message');
  return getTicket(deps.db, id);
}
