import { and, eq, inArray, lte, not, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LATE_CHECK_INTERVAL_MS, LATE_MESSAGE, TICKET_AFTER_MINUTES, evaluateLateness } from '../../domain/eta';
import { FINAL_STATUSES } from '../../domain/order-flow';
import { topicName } from '../../domain/topics';
import type { Db } from '../db/client';
import { brands, orderEtas, orders, sites } from '../db/schema/index';
import { siteDisplayName } from '../../domain/checkout';
import type { LiveBus } from '../platform/live-bus';
import { startSweeper } from '../platform/sweeper';
import { createTicket } from '../modules/tickets';
import { lateOrderTicketMessage, lateOrderTicketSubject } from '../../domain/help';
import {
  customerRows,
  customerStatus,
  enqueueNotifications,
  notifyOperations,
  type NotificationRow,
} from '../modules/notifications';

/** Rows claimed per run; a backlog drains over the following minutes rather than in one long transaction. */
const BATCH = 200;

type Deps = { db: Db; bus: LiveBus };
type EtaEvent = {
  orderId: string;
  currentEta: string;
  isLate: boolean;
  csTicketCreated: boolean;
  title?: string;
  message?: string;
};
type TicketEvent = { ticketId: string; ticketNumber: string; orderId: string; channel: 'customer'; priority: 'high' };

/**
 * One pass of the lateness rules (docs/product/customer.md#lateness) over every active order: an order whose
 * current ETA has passed is marked late once and its ETA moved 4 minutes ahead; one more than 12
 * minutes past its initial ETA gets one high-priority customer-service ticket. Rows are claimed
 * with FOR UPDATE SKIP LOCKED, so any number of processes may run this at once without doubling
 * anything; the ticket's dedupe key makes "once" hold even across a lost flag.
 */
export async function runLateOrdersOnce(
  deps: Deps,
  now: Date = new Date(),
): Promise<{ markedLate: number; ticketsRaised: number }> {
  const ticketCutoff = new Date(now.getTime() - TICKET_AFTER_MINUTES * 60_000);
  const etaEvents: EtaEvent[] = [];
  const ticketEvents: TicketEvent[] = [];

  await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({
        eta: orderEtas,
        orderNumber: orders.orderNumber,
        siteId: orders.siteId,
        customerEmail: orders.customerEmail,
        customerName: orders.customerName,
        notice: {
          id: orders.id,
          orderNumber: orders.orderNumber,
          orderType: orders.orderType,
          siteId: orders.siteId,
          customerId: orders.customerId,
          customerEmail: orders.customerEmail,
          customerPhone: orders.customerPhone,
          driverId: orders.driverId,
          totalMinor: orders.totalMinor,
        },
        branchName: sites.name,
        brandName: brands.name,
      })
      .from(orderEtas)
      .innerJoin(orders, eq(orders.id, orderEtas.orderId))
      .innerJoin(sites, eq(sites.id, orders.siteId))
      .innerJoin(brands, eq(brands.id, sites.brandId))
      .where(
        and(
          not(inArray(orders.status, [...FINAL_STATUSES])),
          or(
            and(eq(orderEtas.isLate, false), lte(orderEtas.currentEta, now)),
            and(eq(orderEtas.csTicketCreated, false), lte(orderEtas.initialEta, ticketCutoff)),
          ),
        ),
      )
      .orderBy(orderEtas.currentEta)
      .limit(BATCH)
      .for('update', { of: orderEtas, skipLocked: true });

    const notices: NotificationRow[] = [];
    for (const row of due) {
      const { eta } = row;
      const d = evaluateLateness(eta, now);
      if (!d.markLate && !d.raiseTicket) continue;
      let ticketCreated = eta.csTicketCreated;
      if (d.raiseTicket) {
        const minutesLate = Math.floor((now.getTime() - eta.initialEta.getTime()) / 60_000);
        const ticket = await createTicket(tx, {
          subject: lateOrderTicketSubject(row.orderNumber),
          description: `Order ${row.orderNumber} is ${minutesLate} minutes past its estimated time (initial ETA ${eta.initialEta.toISOString()}).`,
          channel: 'customer',
          priority: 'high',
          orderId: eta.orderId,
          siteId: row.siteId,
          customerEmail: row.customerEmail,
          dedupeKey: `late:${eta.orderId}`,
          // The customer reads this request on their Help tab: subject and first message speak to
          // them; the internal detail is a staff-only note (docs/product/customer.md#lateness).
          firstMessage: {
            senderType: 'system',
            senderName: 'HalalNosh',
            message: lateOrderTicketMessage(row.orderNumber),
          },
          staffNote: {
            senderName: 'HalalNosh',
            message: `Raised automatically: order ${row.orderNumber} is ${minutesLate} minutes past its first estimate (customer ${row.customerName}).`,
          },
        });
        if (ticket)
          ticketEvents.push({
            ticketId: ticket.id,
            ticketNumber: ticket.ticketNumber,
            orderId: eta.orderId,
            channel: 'customer',
            priority: 'high',
          });
        ticketCreated = true;
      }
      await tx
        .update(orderEtas)
        .set({
          isLate: eta.isLate || d.markLate,
          currentEta: d.currentEta,
          csTicketCreated: ticketCreated,
          ...(d.markLate ? { lateNotificationSent: true } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(orderEtas.id, eta.id));
      // The customer is told once, with the move to late (docs/product/customer.md#lateness).
      if (d.markLate && !eta.isLate) {
        const ctx = {
          orderNumber: row.orderNumber,
          branchName: siteDisplayName(row.brandName, row.branchName),
          orderType: row.notice.orderType,
        };
        notices.push(
          ...customerRows(row.notice, 'orderLate', `order:${eta.orderId}:late`, customerStatus.orderLate(ctx)),
        );
        // Operations hear of it once, at the same moment (docs/product/admin.md#operations-alerts).
        await notifyOperations(tx, {
          eventId: `order:${eta.orderId}:late`,
          title: `Order ${row.orderNumber} is running late`,
          sentence: `Order ${row.orderNumber} from ${ctx.branchName} has passed its estimated time; the customer has been told. New estimate: ${d.currentEta.toLocaleTimeString('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' })}.`,
          path: `/admin/orders/${row.orderNumber}`,
          linkLabel: 'Open the order',
        });
      }
      etaEvents.push({
        orderId: eta.orderId,
        currentEta: d.currentEta.toISOString(),
        isLate: eta.isLate || d.markLate,
        csTicketCreated: ticketCreated,
        ...(d.markLate ? { title: LATE_MESSAGE.title, message: LATE_MESSAGE.body } : {}),
      });
    }
    await enqueueNotifications(tx, notices);
  });

  for (const e of etaEvents) await deps.bus.publish(topicName.order(e.orderId), 'order.eta', e);
  for (const t of ticketEvents) await deps.bus.publish(topicName.admin, 'ticket.created', t);
  return { markedLate: etaEvents.filter((e) => e.title).length, ticketsRaised: ticketEvents.length };
}

/**
 * Runs the check every 60 seconds (docs/product/customer.md#lateness) until stopped. A pass never overlaps the
 * previous one in this process; other processes are kept apart by SKIP LOCKED.
 */
export function startLateOrdersSweeper(
  deps: Deps,
  log: FastifyBaseLogger,
  intervalMs = LATE_CHECK_INTERVAL_MS,
): () => Promise<void> {
  return startSweeper({ name: 'late-orders', intervalMs, pass: () => runLateOrdersOnce(deps), log });
}
