import { type SQL, and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  HELP_MESSAGES,
  type HelpOrder,
  type HelpTicket,
  type HelpTicketSummary,
} from '../../../domain/contracts/tickets/help-endpoints';
import { AppError } from '../../../domain/errors';
import type { Actor } from '../../../domain/policies';
import type { TicketChannel } from '../../../domain/tickets';
import { topicName } from '../../../domain/topics';
import type { Db, DbOrTx } from '../../db/client';
import { orders, sites, ticketMessages, tickets } from '../../db/schema/index';
import { staffSiteIds } from '../partner';
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

/**
 * The orders a person may link to a request, as a condition inside the query: a customer's own
 * orders, a driver's jobs (orders they deliver or delivered), a partner's orders at the branches
 * they work at (docs/product/customer.md#help). Anyone else has none.
 */
function linkableBy(db: DbOrTx, actor: Actor): SQL | null {
  if (actor.adminRole) return null;
  switch (actor.userType) {
    case 'customer':
      return eq(orders.customerId, actor.userId);
    case 'driver':
      return eq(orders.driverId, actor.userId);
    case 'partner':
      return inArray(orders.siteId, staffSiteIds(db, actor.userId));
    default:
      return null;
  }
}

/** The caller's most recent orders they may link to a new request, newest first. */
export async function listHelpOrders(db: DbOrTx, actor: Actor): Promise<HelpOrder[]> {
  const mine = linkableBy(db, actor);
  // Back-office staff raise no requests here (Customer Service is theirs): nothing to link.
  if (!mine) return [];
  const rows = await db
    .select({ orderNumber: orders.orderNumber, branchName: sites.name, createdAt: orders.createdAt })
    .from(orders)
    .innerJoin(sites, eq(sites.id, orders.siteId))
    .where(mine)
    .orderBy(desc(orders.createdAt))
    .limit(30);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * A new request from a customer, driver or partner; each may link one of their own orders
 * (`linkableBy`). Someone else's order is "not found", never "forbidden".
 */
export async function createHelpTicket(
  deps: { db: Db; bus: LiveBus },
  actor: Actor,
  input: { subject: string; message: string; orderNumber?: string },
): Promise<HelpTicket> {
  const channel = CHANNEL_OF[actor.userType];
  if (!channel || actor.adminRole) throw new AppError('FORBIDDEN', 'Back-office staff use Customer Service instead');
  let orderId: string | null = null;
  let siteId: string | null = null;
  if (input.orderNumber) {
    const [order] = await deps.db
      .select({ id: orders.id, siteId: orders.siteId })
      .from(orders)
      .where(and(eq(orders.orderNumber, input.orderNumber.toUpperCase()), linkableBy(deps.db, actor) ?? sql`false`));
    if (!order) throw new AppError('NOT_FOUND', 'Order not found');
    orderId = order.id;
    siteId = order.siteId;
  }
  const created = await deps.db.transaction(async (tx) =>
    createTicket(tx, {
      subject: input.subject,
      description: input.message,
      channel,
      orderId,
      siteId,
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
