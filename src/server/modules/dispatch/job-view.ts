import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { JobDetail, JobSummary, StackDrop } from '../../../domain/contracts/driver/jobs';
import { normalisePostcode } from '../../../domain/geo';
import { ACTIVE_JOB_STATUSES } from '../../../domain/order-flow';
import { jobPay, withTip } from '../../../domain/pay';
import type { DbOrTx } from '../../db/client';
import { deliveryJobs, orderItems, orders } from '../../db/schema/index';
import { at, driverSeesJobSql } from '../reach';

export type JobRow = {
  job: typeof deliveryJobs.$inferSelect;
  orderNumber: string;
  orderStatus: (typeof orders.$inferSelect)['status'];
  tipMinor: number;
  customerPhone: string;
  deliveryInstructions: string | null;
};

/** The columns every job view reads: the job and the few order fields a driver may see. */
export const jobColumns = {
  job: deliveryJobs,
  orderNumber: orders.orderNumber,
  orderStatus: orders.status,
  tipMinor: orders.tipMinor,
  customerPhone: orders.customerPhone,
  deliveryInstructions: orders.deliveryInstructions,
};

/**
 * The jobs a driver may see: their own, and any offer still open within their radius and the job's
 * reach (docs/decisions/0158-dispatch-by-distance.md). Used inside every query that reads a job for
 * a driver, so someone else's job is simply not found.
 */
export function visibleTo(driverId: string, now: Date) {
  return or(
    eq(deliveryJobs.driverId, driverId),
    and(
      eq(deliveryJobs.status, 'available'),
      gt(deliveryJobs.expiresAt, now),
      sql`exists (select 1 from user_profiles p where p.user_id = ${driverId}
        and ${driverSeesJobSql('p', 'delivery_jobs', at(now))})`,
    ),
  );
}

/** One job as the jobs board lists it; before acceptance the destination is only its district. */
export function toJobSummary(r: JobRow, driverId: string, awayMiles: number | null = null): JobSummary {
  const j = r.job;
  // The customer's address is the driver's only while the job is theirs and not finished
  // (docs/decisions/0199-order-visibility-table.md); afterwards only its district, like an offer.
  const onJob = j.driverId === driverId && ACTIVE_JOB_STATUSES.includes(j.status);
  return {
    id: j.id,
    orderId: j.orderId,
    orderNumber: r.orderNumber,
    status: j.status,
    restaurantName: j.restaurantName,
    pickupAddress: j.pickupAddress,
    pickupPostcode: j.pickupPostcode,
    pickupArea: j.pickupArea,
    deliveryAddress: onJob ? j.deliveryAddress : null,
    deliveryPostcode: onJob
      ? j.deliveryPostcode
      : j.deliveryPostcode
        ? (normalisePostcode(j.deliveryPostcode)?.outward ?? null)
        : null,
    distanceMiles: j.distanceMiles,
    awayMiles: awayMiles === null ? null : Math.round(awayMiles * 10) / 10,
    estimatedDurationMinutes: j.estimatedDurationMinutes,
    deliveryFeeMinor: j.deliveryFeeMinor,
    customerOrderTotalMinor: j.customerOrderTotalMinor,
    pay: withTip(jobPay(j), r.tipMinor),
    expiresAt: j.expiresAt.toISOString(),
    createdAt: j.createdAt.toISOString(),
  };
}

const point = (lat: number | null, lng: number | null) => (lat !== null && lng !== null ? { lat, lng } : null);

/** One job as the delivery screen shows it; the customer's details and the codes only to its driver. */
export function toJobDetail(r: JobRow, driverId: string, itemCount: number): JobDetail {
  const j = r.job;
  const mine = j.driverId === driverId;
  const onJob = mine && ACTIVE_JOB_STATUSES.includes(j.status);
  return {
    ...toJobSummary(r, driverId),
    orderStatus: r.orderStatus,
    driverAssigned: j.driverId !== null,
    isMine: mine,
    pickupCode: mine && j.status === 'assigned' ? j.pickupCode : null,
    pickupLocation: point(j.pickupLat, j.pickupLng),
    deliveryLocation: onJob ? point(j.deliveryLat, j.deliveryLng) : null,
    customerName: onJob ? j.customerName : null,
    customerPhone: onJob ? r.customerPhone : null,
    deliveryInstructions: onJob ? r.deliveryInstructions : null,
    itemCount,
    assignedAt: j.assignedAt?.toISOString() ?? null,
    pickedUpAt: j.pickedUpAt?.toISOString() ?? null,
    completedAt: j.completedAt?.toISOString() ?? null,
    stack: null,
  };
}

/** One drop of a stack as its driver sees it: the code until pickup, the customer until delivery. */
function toStackDrop(r: JobRow): StackDrop {
  const j = r.job;
  const onJob = ACTIVE_JOB_STATUSES.includes(j.status);
  return {
    jobId: j.id,
    orderNumber: r.orderNumber,
    restaurantName: j.restaurantName,
    position: j.dropPosition ?? 1,
    status: j.status,
    pickupCode: j.status === 'assigned' ? j.pickupCode : null,
    customerName: onJob ? j.customerName : null,
    deliveryAddress: onJob ? j.deliveryAddress : null,
    deliveryPostcode: j.deliveryPostcode,
  };
}

/**
 * The stack a driver's own job is part of (docs/decisions/0282-stacked-orders-and-chaining.md): both drops
 * in drop order, or null when the other job is not (or no longer) this driver's.
 */
async function stackOf(db: DbOrTx, row: JobRow, driverId: string): Promise<StackDrop[] | null> {
  const other = row.job.stackJobId;
  if (!other || row.job.driverId !== driverId) return null;
  const [partner] = await db
    .select(jobColumns)
    .from(deliveryJobs)
    .innerJoin(orders, eq(orders.id, deliveryJobs.orderId))
    .where(and(eq(deliveryJobs.id, other), eq(deliveryJobs.driverId, driverId)))
    .limit(1);
  if (!partner) return null;
  return [toStackDrop(row), toStackDrop(partner)].sort((a, b) => a.position - b.position);
}

/** A job this driver may see, as its delivery screen shows it, or null. */
export async function findJobFor(
  db: DbOrTx,
  driverId: string,
  jobId: string,
  now = new Date(),
): Promise<JobDetail | null> {
  const [row] = await db
    .select(jobColumns)
    .from(deliveryJobs)
    .innerJoin(orders, eq(orders.id, deliveryJobs.orderId))
    .where(and(eq(deliveryJobs.id, jobId), visibleTo(driverId, now)))
    .limit(1);
  if (!row) return null;
  const [{ n }] = await db
    .select({ n: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
    .from(orderItems)
    .where(eq(orderItems.orderId, row.job.orderId));
  return { ...toJobDetail(row, driverId, n), stack: await stackOf(db, row, driverId) };
}
