import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { noDriverTicketMessage, noDriverTicketSubject } from '../../domain/help';
import { topicName } from '../../domain/topics';
import type { Db } from '../db/client';
import { deliveryJobs, orders, sites } from '../db/schema/index';
import { notifyOperations } from '../modules/notifications';
import { createTicket } from '../modules/tickets';
import type { LiveBus } from '../platform/live-bus';
import { startSweeper } from '../platform/sweeper';

export const NO_DRIVER_ORDERS_INTERVAL_MS = 15_000;
const BATCH = 100;

type Deps = { db: Db; bus: LiveBus };
type Flagged = {
  orderId: string;
  orderNumber: string;
  siteId: string;
  ticketId: string | null;
  ticketNumber: string | null;
};

/**
 * One pass over delivery orders no driver has taken within their branch's "Look for a driver for"
 * minutes after acceptance (docs/decisions/0134-no-driver-found.md): each is flagged once
 * (`orders.no_driver_at`), gets exactly one high-priority support ticket tied to it (dedupe key
 * `no-driver:<order id>`), and after commit ops hear `order.no_driver` and `ticket.created` on the
 * admin topic and the customer's page hears `order.no_driver`. The orders are claimed with
 * FOR UPDATE OF orders SKIP LOCKED in one transaction, so any number of processes may sweep at once
 * and each order is flagged exactly once; an order a driver is taking at this moment is locked by
 * the state machine and skipped, and is no longer driverless when the next pass looks.
 */
export async function runNoDriverOrdersOnce(deps: Deps, now: Date = new Date()): Promise<{ flagged: number }> {
  const flagged = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        siteId: orders.siteId,
        customerEmail: orders.customerEmail,
        customerName: orders.customerName,
        minutes: sites.driverSearchMinutes,
      })
      .from(orders)
      .innerJoin(sites, eq(sites.id, orders.siteId))
      .innerJoin(deliveryJobs, eq(deliveryJobs.orderId, orders.id))
      .where(
        and(
          eq(orders.orderType, 'DELIVERY'),
          inArray(orders.status, ['ACCEPTED', 'PREPARING', 'READY']),
          isNull(orders.driverId),
          isNull(orders.noDriverAt),
          eq(deliveryJobs.status, 'available'),
          // The job is created when the restaurant accepts: its age is the time since acceptance.
          sql`${deliveryJobs.createdAt} + make_interval(mins => ${sites.driverSearchMinutes}) <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(deliveryJobs.createdAt)
      .limit(BATCH)
      .for('update', { of: orders, skipLocked: true });

    const out: Flagged[] = [];
    for (const o of due) {
      // Re-checked under our lock: a pass that read the row before another committed changes nothing.
      const [marked] = await tx
        .update(orders)
        .set({ noDriverAt: now })
        .where(and(eq(orders.id, o.id), isNull(orders.noDriverAt), isNull(orders.driverId)))
        .returning({ id: orders.id });
      if (!marked) continue;
      // The customer reads this request on their Help tab: its subject and first message speak to
      // them; the internal detail (the minutes, their name) is a staff-only note
      // (docs/product/orders.md#no-driver-found).
      const ticket = await createTicket(tx, {
        subject: noDriverTicketSubject(o.orderNumber),
        description: `No driver has taken order ${o.orderNumber} within ${o.minutes} minutes of the restaurant accepting it. The customer has been offered pickup or cancellation.`,
        channel: 'customer',
        priority: 'high',
        orderId: o.id,
        siteId: o.siteId,
        customerEmail: o.customerEmail,
        dedupeKey: `no-driver:${o.id}`,
        firstMessage: { senderType: 'system', senderName: 'HalalNosh', message: noDriverTicketMessage(o.orderNumber) },
        staffNote: {
          senderName: 'HalalNosh',
          message: `Raised automatically: no driver took order ${o.orderNumber} within ${o.minutes} minutes of the restaurant accepting it (customer ${o.customerName}). The customer has been offered pickup or cancellation.`,
        },
      });
      await notifyOperations(tx, {
        eventId: `order:${o.id}:no-driver`,
        title: `No driver found for order ${o.orderNumber}`,
        sentence: `No driver has taken order ${o.orderNumber} within ${o.minutes} minutes of the restaurant accepting it. The customer has been offered pickup or cancellation.`,
        path: `/admin/orders/${o.orderNumber}`,
        linkLabel: 'Open the order',
      });
      out.push({
        orderId: o.id,
        orderNumber: o.orderNumber,
        siteId: o.siteId,
        ticketId: ticket?.id ?? null,
        ticketNumber: ticket?.ticketNumber ?? null,
      });
    }
    return out;
  });

  for (const f of flagged) {
    const data = { orderId: f.orderId, orderNumber: f.orderNumber, siteId: f.siteId, ticketId: f.ticketId };
    await deps.bus.publish(topicName.admin, 'order.no_driver', data);
    await deps.bus.publish(topicName.order(f.orderId), 'order.no_driver', data);
    if (f.ticketId && f.ticketNumber) {
      await deps.bus.publish(topicName.admin, 'ticket.created', {
        ticketId: f.ticketId,
        ticketNumber: f.ticketNumber,
        orderId: f.orderId,
        siteId: f.siteId,
        channel: 'customer',
        priority: 'high',
      });
    }
  }
  return { flagged: flagged.length };
}

/** Runs the sweep every 15 seconds until stopped; a pass never overlaps the previous one in this process. */
export function startNoDriverOrdersSweeper(
  deps: Deps,
  log: FastifyBaseLogger,
  intervalMs = NO_DRIVER_ORDERS_INTERVAL_MS,
): () => Promise<void> {
  return startSweeper({ name: 'no-driver-orders', intervalMs, pass: () => runNoDriverOrdersOnce(deps), log });
}
