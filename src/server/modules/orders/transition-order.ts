import { wakeDispatcher } from '../../platform/dispatcher-wake';
import { and, desc, eq, inArray, is, isNull } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { AppError } from '../../../domain/errors';
import { DEFAULT_PREP_MINUTES, PREP_TIME_CHOICES, etaFrom } from '../../../domain/eta';
import { distanceKm } from '../../../domain/geo';
import {
  ACTIVE_JOB_STATUSES,
  type CancelledBy,
  type FlowActor,
  NO_RESPONSE_REASON,
  type JobStatus,
  type OrderAction,
  type OrderStatus,
  type Transition,
  findTransition,
} from '../../../domain/order-flow';
import { dispatcherPromiseMinutes, promiseMinutes } from '../../../domain/predictions';
import { londonTimeText } from '../../../domain/schedule';
import { topicName } from '../../../domain/topics';
import type { Db, Tx } from '../../db/client';
import { brands, cities, deliveryJobs, orderEtas, orderStatusHistory, orders, sites } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { wakeOutbox } from '../../platform/notify/outbox-wake';
import { hashOrderToken, isSiteStaff } from '../access';
import { recordAudit } from '../audit';
import { announceJob } from '../reach';
import { enqueueTransitionNotifications } from '../notifications';
import { fourDigitCode, sameSecret } from './codes';
import { createDeliveryJob } from './create-delivery-job';
import { recordAcceptPredictions, recordDelivered, recordReady, recordTaken } from './record-predictions';
import { awaitingSlot } from './schedule-view';
import { type CancelledPickupSettlement, settleCancelledPickup } from './settle-cancelled-pickup';

/** docs/product/orders.md#order-flow: a second action on the same order within 2 seconds is refused. */
export const ACTION_GUARD_MS = 2000;
export const ACTION_BLOCKED = 'Action blocked: Please wait before making another action on this order';

const DONE_AS: Record<OrderAction, string> = {
  accept: 'accepted',
  reject: 'rejected',
  assign_driver: 'assigned a driver',
  start_preparing: 'started',
  mark_ready: 'marked ready',
  hand_to_driver: 'handed to a driver',
  complete_delivery: 'completed',
  mark_collected: 'marked collected',
  cancel: 'cancelled',
  time_out: 'closed for want of an answer',
  unassign_driver: 'taken off its driver',
  switch_to_pickup: 'switched to pickup',
};

/** Moves off the happy path, each an intervention in the audit log under this action type. */
const AUDITED: Partial<Record<OrderAction, string>> = {
  cancel: 'order_cancelled',
  time_out: 'order_timed_out',
  unassign_driver: 'driver_unassigned',
  switch_to_pickup: 'order_switched_to_pickup',
};

/** Every move the back office makes is audited too; these are the names of the ones only it makes so (docs/decisions/0136-admin-order-console.md). */
const AUDITED_FOR_OPS: Partial<Record<OrderAction, string>> = {
  assign_driver: 'order_driver_assigned',
  complete_delivery: 'order_marked_delivered',
};

/** Actors who must give a reason to cancel: the customer may cancel a pending order without one. */
const CANCEL_NEEDS_REASON: readonly FlowActor[] = ['partner', 'ops'];

/** How long a job returned to the board stays on offer: the same 30 minutes a new offer gets. */
const RETURNED_OFFER_MINUTES = 30;

export type TransitionInput = {
  orderId: string;
  action: OrderAction;
  /**
   * userId is null for the server itself and for a visitor, who proves the order is theirs with
   * the order token the placing browser holds. An ops actor's role is checked by the route's policy.
   */
  actor: { kind: FlowActor; userId: string | null; visitorToken?: string | null; name?: string };
  /** accept: 10, 15, 20, 25 or 30 (default 20). */
  prepTimeMinutes?: number;
  /** reject, and cancel by the partner or ops: required; cancel by the customer: optional. */
  reason?: string | null;
  /** hand_to_driver: the 4-digit code the driver shows the restaurant. */
  pickupCode?: string;
  /** complete_delivery by a driver: the 4-digit code the customer gives the driver. */
  deliveryCode?: string;
  /** assign_driver by ops: the approved, online driver the back office puts on the job (checked by the caller). */
  driverId?: string;
  /** complete_delivery by ops: why the back office marked it delivered (required; docs/decisions/0136-admin-order-console.md). */
  note?: string | null;
  now?: Date;
};

export type TransitionResult = {
  orderId: string;
  orderNumber: string;
  siteId: string;
  previousStatus: OrderStatus;
  status: OrderStatus;
  /** The driver on the order after the move, if any. */
  driverId: string | null;
  /** The driver on the order before the move, if any. */
  previousDriverId: string | null;
  job: { id: string; area: string; status: JobStatus; created: boolean } | null;
  /** A cancellation after pickup: the driver's earning and the pay rule it followed. */
  settlement: CancelledPickupSettlement | null;
};

/** 404 for a caller who is not on this order: a row they may not touch looks like a missing one. */
async function mayAct(
  tx: Tx,
  input: TransitionInput,
  order: { siteId: string; driverId: string | null; customerId: string | null; visitorTokenHash: string | null },
): Promise<boolean> {
  const { kind, userId, visitorToken } = input.actor;
  switch (kind) {
    case 'partner':
      return !!userId && isSiteStaff(tx, userId, order.siteId);
    case 'driver':
      // A driver may take an available job; every later step is for the driver who took it.
      return !!userId && (input.action === 'assign_driver' || order.driverId === userId);
    case 'customer':
      return (
        (!!userId && order.customerId === userId) ||
        (!!visitorToken && !!order.visitorTokenHash && hashOrderToken(visitorToken) === order.visitorTokenHash)
      );
    case 'ops':
    case 'system':
      return true;
  }
}

/** What the status history says next to the move: who cancelled and why, the reason for a rejection. */
function historyNote(action: OrderAction, by: FlowActor, reason: string, prep: number, note: string): string | null {
  if (by === 'ops' && action === 'complete_delivery') return `marked delivered by ops: ${note}`;
  if (by === 'ops' && action === 'assign_driver') return 'driver assigned by ops';
  switch (action) {
    case 'accept':
      return `prep ${prep} min`;
    case 'reject':
    case 'time_out':
      return reason;
    case 'cancel':
      return reason ? `cancelled by ${by}: ${reason}` : `cancelled by ${by}`;
    case 'assign_driver':
      return 'driver assigned';
    case 'unassign_driver':
      return reason ? `driver taken off by ${by}: ${reason}` : `driver taken off by ${by}`;
    case 'switch_to_pickup':
      return 'switched to pickup by the customer: no driver found, delivery fee removed';
    default:
      return null;
  }
}

function refuse(orderNumber: string, status: OrderStatus, action: OrderAction): never {
  throw new AppError('CONFLICT', `Order ${orderNumber} is ${status}; it cannot be ${DONE_AS[action]}`);
}

/** Moves the delivery job with the order, only from the status the transition names (a lost race answers 409). */
async function moveJob(tx: Tx, t: Transition, input: TransitionInput, orderId: string, now: Date) {
  const job = t.job!;
  const stamps =
    job.to === 'assigned'
      ? { driverId: assigneeOf(input)!, assignedAt: now }
      : job.to === 'picked_up'
        ? { pickedUpAt: now }
        : job.to === 'completed'
          ? // The driver's shared position is kept only while the delivery is active (docs/decisions/0080-maps.md).
            { completedAt: now, driverLat: null, driverLng: null, driverLocatedAt: null }
          : job.to === 'available'
            ? // Back on the board at once, as a fresh offer (docs/decisions/0135-driver-unassign.md),
              // with a fresh pickup code and count: how support frees a locked code
              // (docs/decisions/0203-secret-check-limits.md).
              {
                pickupCode: fourDigitCode(),
                pickupCodeFailures: 0,
                pickupCodeFailedAt: null,
                driverId: null,
                assignedAt: null,
                driverLat: null,
                driverLng: null,
                driverLocatedAt: null,
                expiresAt: new Date(now.getTime() + RETURNED_OFFER_MINUTES * 60_000),
              }
            : {};
  const [moved] = await tx
    .update(deliveryJobs)
    .set({ status: job.to, ...stamps })
    .where(
      and(
        eq(deliveryJobs.orderId, orderId),
        eq(deliveryJobs.status, job.from ?? 'available'),
        // Taking a job needs it unclaimed; a driver's later steps need it to be theirs.
        job.to === 'assigned'
          ? isNull(deliveryJobs.driverId)
          : input.actor.kind === 'driver'
            ? eq(deliveryJobs.driverId, input.actor.userId!)
            : undefined,
      ),
    )
    .returning({ id: deliveryJobs.id, area: deliveryJobs.pickupArea, status: deliveryJobs.status });
  if (!moved) {
    throw new AppError(
      'CONFLICT',
      job.to === 'assigned'
        ? 'Job is no longer available - it may have been taken by another driver'
        : 'The delivery job is not in a state that allows this',
    );
  }
  return moved;
}

/** The driver an assign_driver move puts on the job: the driver themself, or the one the back office chose. */
function assigneeOf(input: TransitionInput): string | null {
  return input.actor.kind === 'ops' ? (input.driverId ?? null) : input.actor.userId;
}

/**
 * Takes an open delivery job off the board (or off its driver's screen) with the order it belongs
 * to; says whether the driver had already picked the food up.
 */
async function cancelJob(tx: Tx, orderId: string, now: Date) {
  const [open] = await tx
    .select({ id: deliveryJobs.id, status: deliveryJobs.status })
    .from(deliveryJobs)
    .where(and(eq(deliveryJobs.orderId, orderId), inArray(deliveryJobs.status, [...ACTIVE_JOB_STATUSES])))
    .for('update');
  if (!open) return null;
  const [job] = await tx
    .update(deliveryJobs)
    .set({ status: 'cancelled', completedAt: now, driverLat: null, driverLng: null, driverLocatedAt: null })
    .where(eq(deliveryJobs.id, open.id))
    .returning({ id: deliveryJobs.id, area: deliveryJobs.pickupArea, status: deliveryJobs.status });
  return { ...job, wasPickedUp: open.status === 'picked_up' };
}

async function checkCodes(tx: Tx, input: TransitionInput, order: { id: string; deliveryVerificationCode: string }) {
  if (input.action === 'hand_to_driver') {
    const [job] = await tx
      .select({ code: deliveryJobs.pickupCode })
      .from(deliveryJobs)
      .where(eq(deliveryJobs.orderId, order.id));
    if (!job || !input.pickupCode || !sameSecret(job.code, input.pickupCode)) {
      throw new AppError('VALIDATION_ERROR', "Invalid pickup code. Please check the driver's 4-digit code.");
    }
  }
  // The back office marks a delivery done without the customer's code (docs/decisions/0136-admin-order-console.md).
  if (
    input.action === 'complete_delivery' &&
    input.actor.kind === 'driver' &&
    (!input.deliveryCode || !sameSecret(order.deliveryVerificationCode, input.deliveryCode))
  ) {
    throw new AppError('VALIDATION_ERROR', 'Invalid code. Please ask the customer for the correct 4-digit code.');
  }
}

/**
 * The one use case that moves an order (and its delivery job where the state machine ties them),
 * under a row lock, so two clicks or two processes cannot both move it. Refuses any move that
 * order-flow.ts does not list. Live events go out after commit.
 */
export async function transitionOrder(
  deps: { db: Db; bus: LiveBus },
  input: TransitionInput,
): Promise<TransitionResult> {
  const now = input.now ?? new Date();
  const reason = input.action === 'time_out' ? NO_RESPONSE_REASON : (input.reason?.trim() ?? '');
  if (input.action === 'reject' && !reason)
    throw new AppError('VALIDATION_ERROR', 'Rejection reason is required', { field: 'reason' });
  if (input.action === 'cancel' && !reason && CANCEL_NEEDS_REASON.includes(input.actor.kind)) {
    throw new AppError('VALIDATION_ERROR', 'Cancellation reason is required');
  }
  const opsNote = input.note?.trim() ?? '';
  if (input.action === 'complete_delivery' && input.actor.kind === 'ops' && !opsNote) {
    throw new AppError('VALIDATION_ERROR', 'A note is required to mark an order delivered');
  }
  if (input.action === 'assign_driver' && !assigneeOf(input)) throw new AppError('VALIDATION_ERROR', 'Choose a driver');
  const prep = input.prepTimeMinutes ?? DEFAULT_PREP_MINUTES;
  if (input.action === 'accept' && !(PREP_TIME_CHOICES as readonly number[]).includes(prep)) {
    throw new AppError('VALIDATION_ERROR', 'Prep time must be 10, 15, 20, 25 or 30 minutes');
  }

  // A move made in its own transaction wakes the outbox after its commit, without a NOTIFY in it
  // (docs/decisions/0181-outbox-wake-after-commit.md); one nested in a caller's transaction (a
  // driver step) keeps the NOTIFY, which its commit, whenever it comes, delivers.
  const ownCommit = !is(deps.db, PgTransaction);
  let enqueued = 0;
  const result = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ order: orders, site: sites, brandName: brands.name })
      .from(orders)
      .innerJoin(sites, eq(sites.id, orders.siteId))
      .innerJoin(brands, eq(brands.id, sites.brandId))
      .where(eq(orders.id, input.orderId))
      .for('update', { of: orders });
    if (!row || !(await mayAct(tx, input, row.order))) throw new AppError('NOT_FOUND', 'Order not found');
    const order = row.order;

    if (input.actor.kind === 'partner') {
      const [last] = await tx
        .select({ at: orderStatusHistory.createdAt })
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, order.id))
        .orderBy(desc(orderStatusHistory.createdAt))
        .limit(1);
      if (last && now.getTime() - last.at.getTime() < ACTION_GUARD_MS) throw new AppError('CONFLICT', ACTION_BLOCKED);
    }

    const noDriverFound = order.orderType === 'DELIVERY' && !!order.noDriverAt && !order.driverId;
    const t = findTransition(order.status, input.action, order.orderType, input.actor.kind, {
      noDriverFound,
      awaitingSlot: awaitingSlot(order),
    });
    if (!t && awaitingSlot(order) && order.entersFlowAt) {
      throw new AppError(
        'CONFLICT',
        `Order ${order.orderNumber} is scheduled; it enters the flow at ${londonTimeText(order.entersFlowAt)}`,
      );
    }
    if (!t) refuse(order.orderNumber, order.status, input.action);
    await checkCodes(tx, input, order);

    await tx
      .update(orders)
      .set({
        status: t.to,
        updatedAt: now,
        ...(input.action === 'accept' ? { prepTimeMinutes: prep } : {}),
        ...(input.action === 'reject' || input.action === 'time_out' ? { rejectionReason: reason } : {}),
        ...(input.action === 'cancel'
          ? { cancelledBy: input.actor.kind as CancelledBy, cancelReason: reason || null, cancelledAt: now }
          : {}),
        ...(input.action === 'assign_driver' ? { driverId: assigneeOf(input) } : {}),
        ...(input.action === 'unassign_driver' ? { driverId: null } : {}),
        // Repriced on the server: the delivery fee leaves the total (docs/decisions/0134-no-driver-found.md).
        ...(input.action === 'switch_to_pickup'
          ? { orderType: 'PICKUP' as const, deliveryFeeMinor: 0, totalMinor: order.totalMinor - order.deliveryFeeMinor }
          : {}),
      })
      .where(eq(orders.id, order.id));
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      status: t.to,
      actorId: input.actor.userId,
      actorKind: input.actor.kind,
      action: input.action,
      note: historyNote(input.action, input.actor.kind, reason, prep, opsNote),
      createdAt: now,
    });

    let job: TransitionResult['job'] = null;
    let settlement: CancelledPickupSettlement | null = null;
    if (t.job) job = { ...(await moveJob(tx, t, input, order.id, now)), created: false };
    if (t.cancelsJob) {
      const cancelled = await cancelJob(tx, order.id, now);
      if (cancelled) job = { id: cancelled.id, area: cancelled.area, status: cancelled.status, created: false };
      // The food left with the driver: the cash and the driver's pay are settled now
      // (docs/decisions/0139-cash-and-pay-on-cancellation-after-pickup.md).
      if (cancelled?.wasPickedUp)
        settlement = await settleCancelledPickup(tx, { orderId: order.id, jobId: cancelled.id, now });
    }

    // Moves off the happy path are interventions: each is in the audit log with who and why, and so is
    // every move the back office makes (docs/decisions/0136-admin-order-console.md).
    if (AUDITED[input.action] || input.actor.kind === 'ops') {
      await recordAudit(tx, {
        actionType: AUDITED[input.action] ?? AUDITED_FOR_OPS[input.action] ?? `order_${input.action}`,
        entityType: 'order',
        entityId: order.id,
        actor:
          input.actor.kind === 'system'
            ? null
            : {
                userId: input.actor.userId,
                name: input.actor.name ?? (input.actor.kind === 'customer' ? order.customerName : input.actor.kind),
              },
        details: {
          orderNumber: order.orderNumber,
          from: order.status,
          to: t.to,
          by: input.actor.kind,
          reason: reason || null,
          ...(opsNote ? { note: opsNote } : {}),
          ...(input.action === 'assign_driver'
            ? { driverId: assigneeOf(input), previousDriverId: order.driverId }
            : {}),
          ...(input.action === 'switch_to_pickup' ? { deliveryFeeRemovedMinor: order.deliveryFeeMinor } : {}),
          ...(input.action === 'unassign_driver' ? { driverId: order.driverId } : {}),
          ...(settlement
            ? {
                cashOutcome: 'not_collected',
                driverPayRule: settlement.rule,
                driverPayMinor: settlement.totalMinor,
              }
            : {}),
        },
      });
    }
    // What really happened, beside what was predicted on accepting (docs/decisions/0277-learned-prep-and-checked-predictions.md).
    if (t.to === 'READY' && order.status !== 'READY') await recordReady(tx, order.id, now);
    if (t.to === 'DELIVERED') await recordDelivered(tx, order.id, now);
    if (input.action === 'assign_driver') await recordTaken(tx, order.id, assigneeOf(input)!, now);
    if (input.action === 'accept') {
      // The promise to the customer is re-based on the restaurant's own prep time (docs/decisions/0012-order-eta-transitions-and-lateness.md),
      // plus the minutes a busy kitchen has added (Branch Settings' busy mode); with enough history the prep
      // time is the one learned from the branch's own orders, and the handovers count too
      // (docs/decisions/0277-learned-prep-and-checked-predictions.md).
      const [eta] = await tx.select().from(orderEtas).where(eq(orderEtas.orderId, order.id));
      // The travel to the door is predicted too: the routing service's minutes, else the city's pace learned
      // from its own deliveries, else the road factor (docs/decisions/0283-learned-travel-and-fair-earnings.md).
      const site = row.site;
      const straightKm =
        site.lat !== null && site.lng !== null && order.deliveryLat !== null && order.deliveryLng !== null
          ? distanceKm({ lat: site.lat, lng: site.lng }, { lat: order.deliveryLat, lng: order.deliveryLng })
          : null;
      const predicted = await recordAcceptPredictions(tx, {
        orderId: order.id,
        siteId: order.siteId,
        citySlug: site.citySlug,
        chosenPrepMinutes: prep,
        travel:
          order.orderType === 'DELIVERY'
            ? { straightKm, routedMinutes: eta?.etaSource === 'maps_api' ? eta.travelTimeMinutes : null }
            : null,
        now,
      });
      if (eta) {
        // A city on the dispatcher promises what the dispatcher predicts; a board city keeps 0277's rule.
        const [city] = site.citySlug
          ? await tx.select({ mode: cities.dispatchMode }).from(cities).where(eq(cities.slug, site.citySlug))
          : [];
        const minutes =
          city?.mode === 'dispatcher' && (predicted.travel || order.orderType !== 'DELIVERY')
            ? dispatcherPromiseMinutes({
                prep: predicted.prep,
                busyExtraMinutes: site.busyExtraMinutes,
                travel: predicted.travel,
              })
            : promiseMinutes({
                prep: predicted.prep,
                busyExtraMinutes: site.busyExtraMinutes,
                travelMinutes: eta.travelTimeMinutes,
              });
        const fromNow = etaFrom(now, minutes, 0);
        // An order for later stays due by the end of its slot (docs/decisions/0166-scheduled-orders.md).
        const rebased = order.scheduledUntil && order.scheduledUntil > fromNow ? order.scheduledUntil : fromNow;
        await tx
          .update(orderEtas)
          .set({ initialEta: rebased, currentEta: rebased, updatedAt: now })
          .where(eq(orderEtas.id, eta.id));
      }
      if (order.orderType === 'DELIVERY') {
        const created = await createDeliveryJob(tx, order, { ...row.site, brandName: row.brandName }, now);
        job = { id: created.id, area: created.area, status: 'available', created: true };
      }
    }
    const driverId =
      input.action === 'assign_driver' ? assigneeOf(input) : input.action === 'unassign_driver' ? null : order.driverId;
    // Every move writes the notifications it causes in its own transaction (docs/decisions/0140-notification-outbox.md).
    enqueued = await enqueueTransitionNotifications(
      tx,
      {
        order: { ...order, driverId },
        brandName: row.brandName,
        siteName: row.site.name,
        action: input.action,
        actorKind: input.actor.kind,
        actorUserId: input.action === 'assign_driver' ? assigneeOf(input) : input.actor.userId,
        reason: reason || null,
        job,
      },
      { wake: ownCommit ? 'after-commit' : 'at-commit' },
    );
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      siteId: order.siteId,
      previousStatus: order.status,
      status: t.to,
      driverId,
      previousDriverId: order.driverId,
      job,
      settlement,
    };
  });

  if (ownCommit && enqueued > 0) wakeOutbox(deps.db);
  const event = {
    orderId: result.orderId,
    orderNumber: result.orderNumber,
    status: result.status,
    previousStatus: result.previousStatus,
    action: input.action,
    ...(input.action === 'cancel' ? { cancelledBy: input.actor.kind as CancelledBy } : {}),
  };
  await deps.bus.publish(topicName.order(result.orderId), 'order.status', event);
  await deps.bus.publish(topicName.site(result.siteId), 'order.status', event);
  if (result.job?.created) {
    const offer = { jobId: result.job.id, orderId: result.orderId, area: result.job.area };
    await deps.bus.publish(topicName.jobs(result.job.area), 'job.created', offer);
    // Each driver the new job reaches hears of it on their own topic (docs/decisions/0158-dispatch-by-distance.md).
    await announceJob(deps, result.job.id, 'job.created', offer, { now });
    // The back office's dispatch map follows every job (docs/decisions/0170-ops-dispatch-map.md).
    await deps.bus.publish(topicName.admin, 'job.created', offer);
    // In a dispatcher city the new job is offered at the round this wakes (docs/decisions/0273-dispatcher-offers-in-the-product.md).
    wakeDispatcher();
  } else if (result.job) {
    const update = { jobId: result.job.id, orderId: result.orderId, status: result.job.status };
    await deps.bus.publish(topicName.jobs(result.job.area), 'job.updated', update);
    await announceJob(deps, result.job.id, 'job.updated', update, { now });
    await deps.bus.publish(topicName.admin, 'job.updated', update);
    // Chaining: a driver on their last drop, or just free, is considered for the next job at once
    // (docs/decisions/0282-stacked-orders-and-chaining.md); a caller's transaction wakes after its commit.
    if (ownCommit && (result.job.status === 'picked_up' || result.job.status === 'completed')) wakeDispatcher();
  }
  if (result.settlement) {
    await deps.bus.publish(topicName.user(result.settlement.driverId), 'earnings.updated', {
      jobId: result.settlement.jobId,
      earningId: result.settlement.earningId,
    });
  }
  return result;
}
