import type { HalalConcernBody } from '../../../domain/contracts/halal/public-halal';
import type { Actor } from '../../../domain/policies';
import { topicName } from '../../../domain/topics';
import type { Db } from '../../db/client';
import type { LiveBus } from '../../platform/live-bus';
import { notifyOperations } from '../notifications';
import { createTicket } from '../tickets';
import { findPublicSite } from './get-halal-details';

/**
 * "Report a halal concern": a high-priority ticket in channel halal_report for the location
 * (and the order, when raised from one the caller may see), live on `admin` as ticket.created.
 */
export async function reportHalalConcern(
  deps: { db: Db; bus: LiveBus },
  actor: Actor | null,
  input: { slug: string; orderId?: string | null; orderNumber?: string | null } & HalalConcernBody,
): Promise<{ ticketNumber: string }> {
  const site = await findPublicSite(deps.db, input.slug);
  const email = actor?.email ?? input.email ?? null;
  const ticket = await deps.db.transaction(async (tx) => {
    const created = await createTicket(tx, {
      subject: `Halal concern: ${site.name}${input.orderNumber ? ` (order ${input.orderNumber})` : ''}`,
      description: input.message,
      channel: 'halal_report',
      priority: 'high',
      siteId: site.id,
      orderId: input.orderId ?? null,
      customerEmail: email,
      createdBy: actor?.userId ?? null,
      firstMessage: {
        senderType: 'customer',
        senderId: actor?.userId ?? null,
        senderName: actor?.name || email || 'Visitor',
        message: input.message,
      },
    });
    if (created)
      await notifyOperations(tx, {
        eventId: `ticket:${created.id}:halal-concern`,
        title: `Halal concern about ${site.name}`,
        sentence: `${email ?? 'A visitor'} reported a halal concern about ${site.name}${input.orderNumber ? ` (order ${input.orderNumber})` : ''}: ${input.message}`,
        path: '/admin/tickets',
        linkLabel: `Open ticket ${created.ticketNumber}`,
      });
    return created;
  });
  // No dedupe key: createTicket always returns a row here.
  const created = ticket!;
  await deps.bus.publish(topicName.admin, 'ticket.created', {
    ticketId: created.id,
    ticketNumber: created.ticketNumber,
    siteId: site.id,
    orderId: input.orderId ?? null,
    channel: 'halal_report',
    priority: 'high',
  });
  return { ticketNumber: created.ticketNumber };
}
