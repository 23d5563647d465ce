import { and, desc, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { DEFAULT_PREP_MINUTES, PREP_TIME_CHOICES, etaFrom } from '../../../domain/eta';
import {
  type FlowActor,
  type JobStatus,
  type OrderAction,
  type OrderStatus,
  type Transition,
  findTransition,
} from '../../../domain/order-flow';
import { topicName } from '../../../domain/topics';
import type { Db, Tx } from '../../db/client';
import { brands, deliveryJobs, orderEtas, orderStatusHistory, orders, sites } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { isSiteStaff } from '../access';
import { sameSecret } from './codes';
import { createDeliveryJob } from './create-delivery-job';

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
};

export type TransitionInput = {
  orderId: string;
  action: OrderAction;
  actor: { kind: FlowActor; userId: string };
  /** accept: 10, 15, 20, 25 or 30 (default 20). */
  prepTimeMinutes?: number;
  /** reject: required. */
  reason?: string | null;
  /** hand_to_driver: the 4-digit code the driver shows the restaurant. */
  pickupCode?: string;
  /** complete_delivery: the 4-digit code the customer gives the driver. */
  deliveryCode?: string;
  now?: Date;
};

export type TransitionResult = {
  orderId: string;
  orderNumber: string;
  siteId: string;
  previousStatus: OrderStatus;
  status: OrderStatus;
  job: { id: string; area: string; status: JobStatus; created: boolean } | null;
};

/** 404 for a caller who is not on this order: a row they may not touch looks like a missing one. */
async function mayAct(
  tx: Tx,
  input: TransitionInput,
  order: { siteId: string; driverId: string | null },
): Promise<boolean> {
  if (input.actor.kind === 'partner') return isSiteStaff(tx, input.actor.userId, order.siteId);
  // A driver may take an available job; every later step is for the driver who took it.
  return input.action === 'assign_driver' || order.driverId === input.actor.userId;
}

function refuse(orderNumber: string, status: OrderStatus, action: OrderAction): never {
  throw new AppError('CONFLICT', `Order ${orderNumber} is ${status}; it cannot be ${DONE_AS[action]}`);
}

/** Moves the delivery job with the order, only from the status the transition names (a lost race answers 409). */
async function moveJob(tx: Tx, t: Transition, input: TransitionInput, orderId: string, now: Date) {
  const job = t.job!;
  const stamps =
    job.to === 'assigned'
      ? { driverId: input.actor.userId, assignedAt: now }
      : job.to === 'picked_up'
        ? { pickedUpAt: now }
        : job.to === 'completed'
          ? // The driver's shared position is kept only while the delivery is active (docs/decisions/0080-maps.md).
            { completedAt: now, driverLat: null, driverLng: null, driverLocatedAt: null }
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
            ? eq(deliveryJobs.driverId, input.actor.userId)
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
  if (
    input.action === 'complete_delivery' &&
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
  const reason = input.reason?.trim() ?? '';
  if (input.action === 'reject' && !reason) throw new AppError('VALIDATION_ERROR', 'Rejection reason is required');
  const prep = input.prepTimeMinutes ?? DEFAULT_PREP_MINUTES;
  if (input.action === 'accept' && !(PREP_TIME_CHOICES as readonly number[]).includes(prep)) {
    throw new AppError('VALIDATION_ERROR', 'Prep time must be 10, 15, 20, 25 or 30 minutes');
  }

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

    const t = findTransition(order.status, input.action, order.orderType);
    if (!t || t.by !== input.actor.kind) refuse(order.orderNumber, order.status, input.action);
    await checkCodes(tx, input, order);

    await tx
      .update(orders)
      .set({
        status: t.to,
        updatedAt: now,
        ...(input.action === 'accept' ? { prepTimeMinutes: prep } : {}),
        ...(input.action === 'reject' ? { rejectionReason: reason } : {}),
        ...(input.action === 'assign_driver' ? { driverId: input.actor.userId } : {}),
      })
      .where(eq(orders.id, order.id));
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      status: t.to,
      actorId: input.actor.userId,
      note: input.action === 'reject' ? reason : input.action === 'accept' ? `prep ${prep} min` : null,
      createdAt: now,
    });

    let job: TransitionResult['job'] = null;
    if (t.job) job = { ...(await moveJob(tx, t, input, order.id, now)), created: false };
    if (input.action === 'accept') {
      // The promise to the customer is re-based on the restaurant's own prep time (docs/decisions/0012-order-eta-transitions-and-lateness.md),
      // plus the minutes a busy kitchen has added (Branch Settings' busy mode).
      const [eta] = await tx.select().from(orderEtas).where(eq(orderEtas.orderId, order.id));
      if (eta) {
        const rebased = etaFrom(now, prep + row.site.busyExtraMinutes, eta.travelTimeMinutes);
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
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      siteId: order.siteId,
      previousStatus: order.status,
      status: t.to,
      job,
    };
  });

  const event = {
    orderId: result.orderId,
    orderNumber: result.orderNumber,
    status: result.status,
    previousStatus: result.previousStatus,
    action: input.action,
  };
  await deps.bus.publish(topicName.order(result.orderId), 'order.status', event);
  await deps.bus.publish(topicName.site(result.siteId), 'order.status', event);
  if (result.job?.created) {
    await deps.bus.publish(topicName.jobs(result.job.area), 'job.created', {
      jobId: result.job.id,
      orderId: result.orderId,
      area: result.job.area,
    });
  } else if (result.job) {
    await deps.bus.publish(topicName.jobs(result.job.area), 'job.updated', {
      jobId: result.job.id,
      orderId: result.orderId,
      status: result.job.status,
    });
  }
  return result;
}
