import { z } from 'zod';
import { JOB_STATUSES, ORDER_STATUSES } from '../../order-flow';

/** A job's pay as the driver sees it before and after accepting (domain/pay.ts), in pence. */
export const jobPayView = z.object({
  pickupPayMinor: z.int(),
  distancePayMinor: z.int(),
  boostMinor: z.int(),
  /** What the minimum added (positive) or the £6.00 cap took away (negative). */
  adjustmentMinor: z.int(),
  totalPayMinor: z.int(),
  model: z.enum(['option_a', 'option_b', 'fallback']),
  /** The customer's tip on the order so far; on top of the pay. */
  tipMinor: z.int(),
  totalWithTipMinor: z.int(),
});

const point = z.object({ lat: z.number(), lng: z.number() });

/**
 * One delivery job on the jobs board. Before a driver accepts it they see where it goes only as
 * the postcode district (deliveryPostcode is then the outward code, deliveryAddress null).
 */
export const jobSummary = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  orderNumber: z.string(),
  status: z.enum(JOB_STATUSES),
  restaurantName: z.string(),
  pickupAddress: z.string(),
  pickupPostcode: z.string().nullable(),
  pickupArea: z.string(),
  deliveryAddress: z.string().nullable(),
  deliveryPostcode: z.string().nullable(),
  distanceMiles: z.number(),
  /** On the board: how far the pickup is from the driver's centre, in miles; null elsewhere. */
  awayMiles: z.number().nullable(),
  estimatedDurationMinutes: z.int(),
  deliveryFeeMinor: z.int(),
  customerOrderTotalMinor: z.int(),
  pay: jobPayView,
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type JobSummary = z.infer<typeof jobSummary>;

/**
 * GET /api/driver/jobs (approved driver): available, unexpired jobs whose pickup is within the
 * driver's radius and the job's reach, nearest first (docs/decisions/0158-dispatch-by-distance.md).
 */
export const listJobsQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(50).default(10) });
export const listJobsResponse = z.object({
  jobs: z.array(jobSummary),
  /** The driver's own jobs still under way (assigned or picked up), oldest first, to get back to them. */
  activeJobs: z.array(jobSummary),
  /** The driver's area; null until they set a postcode (the board is then empty). */
  area: z.string().nullable(),
  /** The driver's chosen radius in miles. */
  radiusMiles: z.int(),
  /** What the distances are measured from: the shared position, the postcode's centre, or nothing yet. */
  centre: z.enum(['position', 'postcode']).nullable(),
  isOnline: z.boolean(),
  /** The pay rules in words, from the live settings. */
  payRules: z.array(z.string()),
});
export type ListJobsResponse = z.infer<typeof listJobsResponse>;

export const jobParams = z.strictObject({ jobId: z.uuid('Job not found') });

/**
 * One drop of a stack (docs/product/driver.md#stacked-orders): the driver's own job, in the order the
 * customers are visited, with its pickup code until it is picked up and its customer until it is delivered.
 */
export const stackDrop = z.object({
  jobId: z.uuid(),
  orderNumber: z.string(),
  restaurantName: z.string(),
  /** 1 for the first customer visited, 2 for the second. */
  position: z.int(),
  status: z.enum(JOB_STATUSES),
  pickupCode: z.string().nullable(),
  customerName: z.string().nullable(),
  deliveryAddress: z.string().nullable(),
  deliveryPostcode: z.string().nullable(),
});
export type StackDrop = z.infer<typeof stackDrop>;

/** One job as the delivery screen shows it; customer details only to the driver who took it. */
export const jobDetail = jobSummary.extend({
  orderStatus: z.enum(ORDER_STATUSES),
  driverAssigned: z.boolean(),
  isMine: z.boolean(),
  /** The 4-digit code the driver shows the restaurant; only to this job's driver before pickup. */
  pickupCode: z.string().nullable(),
  pickupLocation: point.nullable(),
  deliveryLocation: point.nullable(),
  customerName: z.string().nullable(),
  customerPhone: z.string().nullable(),
  deliveryInstructions: z.string().nullable(),
  itemCount: z.int(),
  assignedAt: z.string().nullable(),
  pickedUpAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Both drops of the stack this job is part of, in drop order (this job included); null for a job carried alone. */
  stack: z.array(stackDrop).nullable(),
});
export type JobDetail = z.infer<typeof jobDetail>;

/** GET /api/driver/jobs/:jobId; POST .../accept answers the same. */
export const jobDetailResponse = z.object({ job: jobDetail });
export type JobDetailResponse = z.infer<typeof jobDetailResponse>;
