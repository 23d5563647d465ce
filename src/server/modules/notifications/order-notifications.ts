import { eq } from 'drizzle-orm';
import type { OrderAction } from '../../../domain/order-flow';
import type { NotificationEvent } from '../../../domain/notifications';
import { siteDisplayName } from '../../../domain/checkout';
import type { DbOrTx } from '../../db/client';
import { deliveryJobs, type OutboxPayload } from '../../db/schema/index';
import { type NotificationRow, enqueueNotifications } from './enqueue';
import { type StatusContext, customerStatus, driverStatus, partnerStatus } from './templates';

export type OrderForNotice = {
  id: string;
  orderNumber: string;
  orderType: 'DELIVERY' | 'PICKUP';
  siteId: string;
  customerId: string | null;
  customerEmail: string | null;
  customerPhone: string;
  driverId: string | null;
  totalMinor: number;
};

/** Push and SMS carry no HTML. */
function short(payload: OutboxPayload): OutboxPayload {
  return { title: payload.title, text: payload.text, ...(payload.url ? { url: payload.url } : {}) };
}

/** One event to one person on each channel they can be reached on (the statement drops the rest). */
export function toPerson(
  kind: NotificationRow['kind'],
  eventId: string,
  payload: OutboxPayload,
  who: { userId?: string | null; email?: string | null; phone?: string | null },
): NotificationRow[] {
  const base = { kind, eventId, userId: who.userId ?? null };
  // A channel with neither an address nor an account to look one up by is left out here: the
  // statement would drop it anyway, and its payload (an e-mail's HTML) need not travel.
  return [
    ...(who.email != null || who.userId != null
      ? [{ ...base, channel: 'email' as const, payload, email: who.email ?? null }]
      : []),
    ...(who.phone != null || who.userId != null
      ? [{ ...base, channel: 'sms' as const, payload: short(payload), phone: who.phone ?? null }]
      : []),
    // Push reaches accounts only: a subscription belongs to a signed-in person.
    ...(who.userId ? [{ ...base, channel: 'push' as const, payload: short(payload) }] : []),
  ];
}

/** One event to a group (a branch's staff, the drivers online in an area) on every channel. */
function toGroup(
  kind: NotificationRow['kind'],
  eventId: string,
  payload: OutboxPayload,
  group: Pick<NotificationRow, 'staffOfSite' | 'driversInArea' | 'driversOfJob' | 'exceptUser'>,
): NotificationRow[] {
  return (['email', 'sms', 'push'] as const).map((channel) => ({
    kind,
    eventId,
    channel,
    payload: channel === 'email' ? payload : short(payload),
    ...group,
  }));
}

export function customerRows(order: OrderForNotice, kind: NotificationEvent, eventId: string, payload: OutboxPayload) {
  return toPerson(kind, eventId, payload, {
    userId: order.customerId,
    email: order.customerEmail,
    phone: order.customerPhone,
  });
}

/** The customer's kind for each order move that tells them something. */
const CUSTOMER_KIND: Partial<Record<OrderAction, Exclude<NotificationEvent, 'orderPlaced'>>> = {
  accept: 'orderAccepted',
  reject: 'orderRejected',
  time_out: 'orderRejected',
  assign_driver: 'driverAssigned',
  hand_to_driver: 'outForDelivery',
  complete_delivery: 'delivered',
  mark_collected: 'delivered',
  cancel: 'orderCancelled',
};

export type TransitionNotice = {
  order: OrderForNotice;
  brandName: string;
  siteName: string;
  action: OrderAction;
  actorKind: string;
  /** The driver who took the job (assign_driver). */
  actorUserId: string | null;
  reason: string | null;
  job: { id: string; area: string; created: boolean } | null;
};

/**
 * The notifications one order move causes (docs/product/orders.md#notifications), written in the
 * move's own transaction: the customer's status message, the drivers' new job or job taken, the
 * assigned driver's order ready, the branch's cancellation notice.
 */
export async function enqueueTransitionNotifications(
  tx: DbOrTx,
  n: TransitionNotice,
  options?: { wake?: 'at-commit' | 'after-commit' },
): Promise<number> {
  const { order, action } = n;
  const ctx: StatusContext = {
    orderNumber: order.orderNumber,
    branchName: siteDisplayName(n.brandName, n.siteName),
    orderType: order.orderType,
    reason: n.reason,
  };
  const eventId = `order:${order.id}:${action}`;
  const rows: NotificationRow[] = [];
  const kind = CUSTOMER_KIND[action];
  if (kind) rows.push(...customerRows(order, kind, eventId, customerStatus[kind](ctx)));
  if (action === 'accept' && n.job?.created) {
    rows.push(
      ...toGroup(
        'newJob',
        `job:${n.job.id}:offered`,
        driverStatus.newJob({ area: n.job.area, branchName: ctx.branchName }),
        { driversOfJob: n.job.id },
      ),
    );
  }
  if (action === 'assign_driver' && n.job) {
    rows.push(
      ...toGroup(
        'jobTaken',
        `job:${n.job.id}:taken`,
        driverStatus.jobTaken({ area: n.job.area, branchName: ctx.branchName }),
        {
          driversOfJob: n.job.id,
          exceptUser: n.actorUserId,
        },
      ),
    );
  }
  if (action === 'mark_ready' && order.driverId) {
    const [job] = await tx.select({ id: deliveryJobs.id }).from(deliveryJobs).where(eq(deliveryJobs.orderId, order.id));
    if (job)
      rows.push(
        ...toPerson('orderReady', eventId, driverStatus.orderReady({ ...ctx, jobId: job.id }), {
          userId: order.driverId,
        }),
      );
  }
  // The branch is told of a cancellation it did not make itself.
  if (action === 'cancel' && n.actorKind !== 'partner') {
    rows.push(
      ...toGroup('branchOrderCancelled', eventId, partnerStatus.branchOrderCancelled(ctx), {
        staffOfSite: order.siteId,
      }),
    );
  }
  return enqueueNotifications(tx, rows, options);
}

/** The branch's "new order" rows, written with the order (checkout's statement). */
export function newOrderRows(order: OrderForNotice, branchName: string): NotificationRow[] {
  return toGroup(
    'newOrder',
    `order:${order.id}:placed`,
    partnerStatus.newOrder({
      orderNumber: order.orderNumber,
      branchName,
      orderType: order.orderType,
      totalMinor: order.totalMinor,
    }),
    { staffOfSite: order.siteId },
  );
}

/**
 * The new-job notice to every online driver the job reaches now (docs/decisions/0158-dispatch-by-distance.md),
 * for the widening sweep: one event per job, so a driver already told is not told again.
 */
export async function enqueueJobOffer(
  tx: DbOrTx,
  job: { id: string; area: string; branchName: string },
): Promise<number> {
  return enqueueNotifications(
    tx,
    toGroup('newJob', `job:${job.id}:offered`, driverStatus.newJob({ area: job.area, branchName: job.branchName }), {
      driversOfJob: job.id,
    }),
  );
}
