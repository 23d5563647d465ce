import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import {
  HELP_MESSAGES,
  type HelpTicket,
  type HelpTicketSummary,
} from '../../../domain/contracts/tickets/help-endpoints';
import { AppError } from '../../../domain/errors';
import type { Actor } from '../../../domain/policies';
import type { TicketChannel } from '../../../domain/tickets';
import { topicName } from '../../../domain/topics';
import type { Db, DbOrTx } from '../../db/client';
import { orders, ticketMessages, tickets } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { createTicket } from './create-ticket';

/*
 * Help (docs/product/customer.md#help): the requests a customer, driver or partner raised, or that
 * staff opened for their e-mail address, with the conversation minus staff-only notes. Someone
 * else's request is "not found", never "forbidden".
 */

const CHANNEL_OF: Partial<Record<Actor['userType'], TicketChannel>> = {
  customer: 'customer',
  driver: 'driver',
  partner: 'restaurant',
};
const SENDER_OF = { customer: 'customer', driver: 'driver', partner: 'restaurant' } as const;

const ownedBy = (actor: Actor) =>
  or(eq(tickets.createdBy, actor.userId), sql`lower(${tickets.customerEmail}) = ${actor.email.toLowerCase()}`);

const summaryColumns = {
  id: tickets.id,
  ticketNumber: tickets.ticketNumber,
  subject: tickets.subject,
  status: tickets.status,
  orderNumber: orders.orderNumber,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
};

function toSummary(r: {
  id: string;
  ticketNumber: string;
  subject: string;
  status: HelpTicketSummary['status'];
  orderNumber: string | null;
  createdAt: Date;
  updatedAt: Date;
}): HelpTicketSummary {
  return { ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() };
}

export async function listHelpTickets(db: DbOrTx, actor: Actor): Promise<HelpTicketSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(tickets)
    .leftJoin(orders, eq(orders.id, tickets.orderId))
    .where(ownedBy(actor))
    .orderBy(desc(tickets.updatedAt))
    .limit(100);
  return rows.map(toSummary);
}

export async function getHelpTicket(db: DbOrTx, actor: Actor, id: string): Promise<HelpTicket> {
  const [row] = await db
    .select(summaryColumns)
    .from(tickets)
    .leftJoin(orders, eq(orders.id, tickets.orderId))
    .where(and(eq(tickets.id, id), ownedBy(actor)));
  if (!row) throw new AppError('NOT_FOUND', 'Help request not found');
  const messages = await db
    .select()
    .from(ticketMessages)
    .where(and(eq(ticketMessages.ticketId, id), eq(ticketMessages.isInternal, false)))
    .orderBy(asc(ticketMessages.createdAt));
  return {
    ...toSummary(row),
    messages: messages.map((m) => ({
      id: m.id,
      from: m.senderId === actor.userId ? 'me' : m.senderType === 'staff' ? 'staff' : 'system',
      senderName: m.senderType === 'staff' ? `${m.senderName} (HalalNosh)` : m.senderName,
      message: m.message,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

/** A new request from a customer, driver or partner; a customer may link one of their own orders. */
export async function createHelpTicket(
  deps: { db: Db; bus: LiveBus },
  actor: Actor,
  input: { subject: string; message: string; orderNumber?: string },
): Promise<HelpTicket> {
  const channel = CHANNEL_OF[actor.userType];
  if (!channel || actor.adminRole) throw new AppError('FORBIDDEN', 'Back-office staff use Customer Service instead');
  let orderId: string | null = null;
  if (input.orderNumber) {
    if (actor.userType !== 'customer') throw new AppError('VALIDATION_ERROR', 'Only customers link an order here');
    const [order] = await deps.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.orderNumber, input.orderNumber.toUpperCase()), eq(orders.customerId, actor.userId)));
    if (!order) throw new AppError('NOT_FOUND', 'Order not found');
    orderId = order.id;
  }
  const created = await deps.db.transaction(async (tx) =>
    createTicket(tx, {
      subject: input.subject,
      description: input.message,
      channel,
      orderId,
      customerEmail: actor.email,
      createdBy: actor.userId,
      firstMessage: {
        senderType: SENDER_OF[actor.userType as keyof typeof SENDER_OF],
        senderId: actor.userId,
        senderName: actor.name || actor.email,
        message: input.message,
      },
    }),
  );
  if (!created) throw new AppError('CONFLICT', HELP_MESSAGES.createFailed);
  await deps.bus.publish(topicName.admin, 'ticket.created', {
    ticketId: created.id,
    ticketNumber: created.ticketNumber,
    orderId,
    channel,
    priority: 'normal',
  });
  return getHelpTicket(deps.db, actor, created.id);
}

/**
 * The person's answer on their own request. An answer reopens a request that was waiting for them
 * or resolved; a closed one takes no more answers (they open a new one).
 */
export async function replyToHelpTicket(
  deps: { db: Db; bus: LiveBus },
  actor: Actor,
  id: string,
  message: string,
): Promise<HelpTicket> {
  await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: tickets.status })
      .from(tickets)
      .where(and(eq(tickets.id, id), ownedBy(actor)))
      .for('update');
    if (!current) throw new AppError('NOT_FOUND', 'Help request not found');
    if (current.status === 'closed') throw new AppError('CONFLICT', HELP_MESSAGES.closed);
    await tx.insert(ticketMessages).values({
      ticketId: id,
      senderType: SENDER_OF[actor.userType as keyof typeof SENDER_OF] ?? 'customer',
      senderId: actor.userId,
      senderName: actor.name || actor.email,
      message,
    });
    const reopen = current.status === 'pending_customer' || current.status === 'resolved';
    await tx
      .update(tickets)
      .set({ updatedAt: sql`now()`, ...(reopen ? { status: 'open' as const } : {}) })
      .where(eq(tickets.id, id));
  });
  await deps.bus.publish(topicName.admin, 'ticket.message', { ticketId: id });
  return getHelpTicket(deps.db, actor, id);
}

/** Tells the person who raised a ticket that it changed (a staff answer, a new status), on their own topic. */
export async function publishToTicketOwner(
  db: DbOrTx,
  bus: LiveBus,
  ticketId: string,
  event: 'ticket.message' | 'ticket.updated',
) {
  const [row] = await db.select({ createdBy: tickets.createdBy }).from(tickets).where(eq(tickets.id, ticketId));
  if (row?.createdBy) await bus.publish(topicName.user(row.createdBy), event, { ticketId });
}
