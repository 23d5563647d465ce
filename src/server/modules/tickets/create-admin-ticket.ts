import type { TicketChannel, TicketPriority } from '../../../domain/tickets';
import { topicName } from '../../../domain/topics';
import type { Db } from '../../db/client';
import type { LiveBus } from '../../platform/live-bus';
import { type AuditActor, recordAudit } from '../audit';
import { createTicket } from './create-ticket';

/**
 * The New Ticket dialog: a ticket raised by staff (optionally for a customer's e-mail), audited as
 * ticket_created with the fields docs/product/admin.md#tickets lists, and pushed to the back office live.
 */
export async function createAdminTicket(
  deps: { db: Db; bus: LiveBus },
  actor: AuditActor,
  input: {
    subject: string;
    description: string;
    customerEmail?: string | null;
    channel: TicketChannel;
    priority: TicketPriority;
  },
): Promise<{ id: string; ticketNumber: string }> {
  const customerEmail = input.customerEmail || null;
  const ticket = await deps.db.transaction(async (tx) => {
    const created = await createTicket(tx, {
      subject: input.subject,
      description: input.description,
      channel: input.channel,
      priority: input.priority,
      customerEmail,
      createdBy: actor.userId,
    });
    if (!created) throw new Error('ticket without a dedupe key was not created');
    await recordAudit(tx, {
      actionType: 'ticket_created',
      entityType: 'ticket',
      entityId: created.id,
      actor,
      details: {
        ticket_number: created.ticketNumber,
        subject: input.subject,
        description: input.description,
        channel: input.channel,
        priority: input.priority,
        customer_email: customerEmail,
      },
    });
    return created;
  });
  await deps.bus.publish(topicName.admin, 'ticket.created', {
    ticketId: ticket.id,
    ticketNumber: ticket.ticketNumber,
    channel: input.channel,
    priority: input.priority,
  });
  return ticket;
}
