import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CancelledPickupPayRule } from '../../../domain/cancelled-pickup-pay';
import type { DeclineReason } from '../../../domain/dispatch-offers';
import type { JobStatus } from '../../../domain/order-flow';
import { user } from './auth';
import { sites } from './catalog';
import { orders } from './orders';
import { uploads } from './backoffice';

export const deliveryJobs = pgTable(
  'delivery_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    status: text('status').$type<JobStatus>().notNull().default('available'),
    driverId: text('driver_id').references(() => user.id, { onDelete: 'set null' }),
    /** The driver shows this 4-digit code to the restaurant at hand-over. */
    pickupCode: text('pickup_code').notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the assigned driver said "I've Arrived" at the restaurant, and at the customer's door: recorded once (docs/decisions/0145-driver-arrival-recorded.md). */
    arrivedAtPickup: timestamp('arrived_at_pickup', { withTimezone: true }),
    arrivedAtCustomer: timestamp('arrived_at_customer', { withTimezone: true }),
    proofUploadId: uuid('proof_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    pickupAddress: text('pickup_address').notNull(),
    pickupPostcode: text('pickup_postcode'),
    /** Leading letters of the pickup postcode: drivers see jobs of their own area. */
    pickupArea: text('pickup_area').notNull(),
    pickupLat: doublePrecision('pickup_lat'),
    pickupLng: doublePrecision('pickup_lng'),
    deliveryAddress: text('delivery_address').notNull(),
    deliveryPostcode: text('delivery_postcode'),
    deliveryLat: doublePrecision('delivery_lat'),
    deliveryLng: doublePrecision('delivery_lng'),
    /** The assigned driver's last shared position while the job is active; cleared at completion (docs/decisions/0080-maps.md). */
    driverLat: doublePrecision('driver_lat'),
    driverLng: doublePrecision('driver_lng'),
    driverLocatedAt: timestamp('driver_located_at', { withTimezone: true }),
    restaurantName: text('restaurant_name').notNull(),
    customerName: text('customer_name').notNull(),
    distanceMiles: doublePrecision('distance_miles').notNull(),
    deliveryFeeMinor: integer('delivery_fee_minor').notNull(),
    customerOrderTotalMinor: integer('customer_order_total_minor').notNull(),
    totalPayMinor: integer('total_pay_minor').notNull(),
    /** The pay breakdown at creation (domain/pay.ts); parts plus the adjustment add up to total_pay_minor. Null on jobs made before it was stored. */
    pickupPayMinor: integer('pickup_pay_minor'),
    distancePayMinor: integer('distance_pay_minor'),
    boostMinor: integer('boost_minor'),
    payAdjustmentMinor: integer('pay_adjustment_minor'),
    payModel: text('pay_model').$type<'option_a' | 'option_b' | 'fallback'>(),
    /** Wrong customer codes tried in a row; throttles guessing the 4 digits (docs/decisions/0041-delivery-codes-proof-and-completion.md). */
    codeFailures: integer('code_failures').notNull().default(0),
    codeFailedAt: timestamp('code_failed_at', { withTimezone: true }),
    /** Wrong pickup codes tried in a row by the restaurant; limited like the customer's (docs/decisions/0203-secret-check-limits.md). */
    pickupCodeFailures: integer('pickup_code_failures').notNull().default(0),
    pickupCodeFailedAt: timestamp('pickup_code_failed_at', { withTimezone: true }),
    /** The reach (miles) drivers were last told about; the widening sweep tells those beyond it (docs/decisions/0158-dispatch-by-distance.md). */
    announcedReachMiles: doublePrecision('announced_reach_miles'),
    estimatedDurationMinutes: integer('estimated_duration_minutes').notNull().default(15),
    /**
     * In a city on the dispatcher, when the job went to the jobs board: starved past the bound, or already
     * open when the city switched (docs/decisions/0273-dispatcher-offers-in-the-product.md). Null: a board
     * city's job is on the board anyway; a dispatcher city's is offered to one driver at a time.
     */
    boardAt: timestamp('board_at', { withTimezone: true }),
    /**
     * A stack (docs/decisions/0282-stacked-orders-and-chaining.md): the other job the same driver carries
     * with this one, set on both rows when the driver accepts a stacked offer, and this job's place in the
     * drop order (1 or 2). Null for a job carried alone.
     */
    stackJobId: uuid('stack_job_id').references((): AnyPgColumn => deliveryJobs.id, { onDelete: 'set null' }),
    dropPosition: smallint('drop_position'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('delivery_jobs_available_idx')
      .on(t.pickupArea, t.createdAt)
      .where(sql`${t.status} = 'available'`),
    index('delivery_jobs_driver_idx').on(t.driverId, t.status),
    index('delivery_jobs_status_idx').on(t.status),
    // Deleting an upload checks this foreign key; the unused-uploads sweeper asks it too.
    index('delivery_jobs_proof_upload_idx')
      .on(t.proofUploadId)
      .where(sql`${t.proofUploadId} is not null`),
  ],
);

export const driverDocuments = pgTable(
  'driver_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driverId: text('driver_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'photo_id' | 'right_to_work' | 'insurance'>().notNull(),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('driver_documents_driver_kind').on(t.driverId, t.kind),
    // Deleting an upload checks this foreign key; the unused-uploads sweeper asks it too.
    index('driver_documents_upload_idx').on(t.uploadId),
  ],
);

export const driverPayouts = pgTable(
  'driver_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driverId: text('driver_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    grossMinor: integer('gross_minor').notNull(),
    feeMinor: integer('fee_minor').notNull(),
    netMinor: integer('net_minor').notNull(),
    /**
     * Cash the driver held for the platform, taken off this payout and recorded as a hand-in of the
     * same id: gross − fee − cash netted = net (docs/decisions/0202-order-floor-cash-netting-and-reconciliation.md).
     */
    cashNettedMinor: integer('cash_netted_minor').notNull().default(0),
    /** requested until finance pays it by bank transfer and marks it paid (docs/decisions/0159-payout-requests.md). */
    status: text('status').$type<'requested' | 'paid'>().notNull().default('requested'),
    /** The payout details at the time of the request: where finance sends the money. */
    accountName: text('account_name'),
    sortCode: text('sort_code'),
    accountNumber: text('account_number'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: text('paid_by').references(() => user.id, { onDelete: 'set null' }),
    paymentReference: text('payment_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('driver_payouts_driver_idx').on(t.driverId, t.createdAt),
    index('driver_payouts_requested_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'requested'`),
  ],
);

/**
 * Where a driver's payouts go: private like documents, seen only by the driver (masked) and by
 * finance and super admins (docs/decisions/0159-payout-requests.md).
 */
export const driverPayoutDetails = pgTable('driver_payout_details', {
  driverId: text('driver_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  accountName: text('account_name').notNull(),
  sortCode: text('sort_code').notNull(),
  accountNumber: text('account_number').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const driverEarnings = pgTable(
  'driver_earnings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driverId: text('driver_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    deliveryJobId: uuid('delivery_job_id').references(() => deliveryJobs.id, { onDelete: 'set null' }),
    pickupPayMinor: integer('pickup_pay_minor').notNull().default(0),
    distancePayMinor: integer('distance_pay_minor').notNull().default(0),
    boostMinor: integer('boost_minor').notNull().default(0),
    /** What the minimum pay added (positive) or the £6.00 cap took away (negative). */
    adjustmentMinor: integer('adjustment_minor').notNull().default(0),
    tipMinor: integer('tip_minor').notNull().default(0),
    totalMinor: integer('total_minor').notNull(),
    /**
     * Set on the earning of a job cancelled after pickup: the pay rule applied, so the driver's
     * earnings say what was paid and why (docs/decisions/0139-cash-and-pay-on-cancellation-after-pickup.md).
     */
    cancelledPayRule: text('cancelled_pay_rule').$type<CancelledPickupPayRule>(),
    paidOut: boolean('paid_out').notNull().default(false),
    payoutId: uuid('payout_id').references(() => driverPayouts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('driver_earnings_driver_idx').on(t.driverId, t.createdAt),
    index('driver_earnings_unpaid_idx')
      .on(t.driverId)
      .where(sql`not ${t.paidOut}`),
  ],
);

/**
 * Every time a driver was taken off a job before pickup, by themselves or by ops, with the reason:
 * counted on the driver's record (docs/decisions/0135-driver-unassign.md).
 */
export const driverJobReturns = pgTable(
  'driver_job_returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => deliveryJobs.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    driverId: text('driver_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    returnedBy: text('returned_by').$type<'driver' | 'ops'>().notNull(),
    /** Who did it: the driver, or the ops user. */
    actorId: text('actor_id'),
    reason: text('reason').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('driver_job_returns_driver_idx').on(t.driverId, t.createdAt),
    index('driver_job_returns_order_idx').on(t.orderId),
  ],
);

/**
 * Cash a driver handed in to the platform, recorded by the back office: the driver's cash balance is
 * what they collected at doors minus these (docs/decisions/0156-cash-collection-and-hand-ins.md).
 */
export const driverCashHandins = pgTable(
  'driver_cash_handins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driverId: text('driver_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    amountMinor: integer('amount_minor').notNull(),
    note: text('note'),
    recordedBy: text('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    /** The browser's key for this hand-in: a double click or a retry records it once. */
    requestId: uuid('request_id').notNull().unique(),
    /** Set when the cash was netted off a cash-out rather than handed in (docs/decisions/0202-order-floor-cash-netting-and-reconciliation.md). */
    payoutId: uuid('payout_id').references(() => driverPayouts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('driver_cash_handins_driver_idx').on(t.driverId, t.createdAt),
    check('driver_cash_handins_positive', sql`${t.amountMinor} > 0`),
  ],
);

/** Why a driver declined an offer (docs/product/driver.md#offers). */
export type OfferDeclineReason = DeclineReason;

/**
 * The dispatcher's timed offers: one driver at a time per job (docs/decisions/0273-dispatcher-offers-in-the-product.md).
 * At most one open (`offered`) row per job and per driver, held by partial unique indexes, so two
 * processes' rounds can never offer one job twice or one driver two jobs; every answer is a
 * conditional update from `offered`, so an accept and the expiry racing have one outcome.
 */
export const jobOffers = pgTable(
  'job_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => deliveryJobs.id, { onDelete: 'cascade' }),
    driverId: text('driver_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status')
      .$type<'offered' | 'accepted' | 'declined' | 'expired' | 'withdrawn'>()
      .notNull()
      .default('offered'),
    declineReason: text('decline_reason').$type<OfferDeclineReason>(),
    declineNote: text('decline_note'),
    /** Set with `withdrawn`: the driver went offline, the job was taken from the board or cancelled. */
    withdrawnBecause: text('withdrawn_because'),
    /**
     * A stacked offer (docs/decisions/0282-stacked-orders-and-chaining.md): the job the driver already holds
     * that this offer's job would ride with (planStack), and which of the two customers is visited first.
     */
    stackedJobId: uuid('stacked_job_id').references(() => deliveryJobs.id, { onDelete: 'set null' }),
    stackDropOrder: text('stack_drop_order').$type<'held_first' | 'offered_first'>(),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('job_offers_one_open_per_job')
      .on(t.jobId)
      .where(sql`${t.status} = 'offered'`),
    uniqueIndex('job_offers_one_open_per_driver')
      .on(t.driverId)
      .where(sql`${t.status} = 'offered'`),
    index('job_offers_job_idx').on(t.jobId, t.offeredAt),
    index('job_offers_driver_idx').on(t.driverId, t.offeredAt),
    index('job_offers_open_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'offered'`),
    check('job_offers_status', sql`${t.status} in ('offered', 'accepted', 'declined', 'expired', 'withdrawn')`),
    check('job_offers_declined_has_reason', sql`(${t.status} = 'declined') = (${t.declineReason} is not null)`),
  ],
);
