import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SlotKind } from '../../../domain/schedule';
import type { CashOutcome } from '../../../domain/cancelled-pickup-pay';
import type { ChosenOption } from '../../../domain/menu-options';
import type { CancelledBy, FlowActor, OrderAction, OrderStatus, OrderType } from '../../../domain/order-flow';
import { user } from './auth';
import { sites } from './catalog';
import { offers } from './offers';
import { timeOrderedId } from '../time-ordered-id';
import { vouchers } from './vouchers';

/** Source of the digits in order numbers (HN-100001, HN-100002, ...). */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 100001 });

export const orders = pgTable(
  'orders',
  {
    id: timeOrderedId(),
    orderNumber: text('order_number').notNull().unique(),
    customerId: text('customer_id').references(() => user.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull(),
    customerEmail: text('customer_email'),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
    subtotalMinor: integer('subtotal_minor').notNull(),
    deliveryFeeMinor: integer('delivery_fee_minor').notNull(),
    /** The platform's service fee on the food, priced at placement (docs/decisions/0155-service-fee-and-commission-snapshot.md). */
    serviceFeeMinor: integer('service_fee_minor').notNull().default(0),
    /** The commission rate in force when the order was placed: statements never change with the setting. */
    commissionPercent: integer('commission_percent').notNull().default(15),
    /**
     * The restaurant offer the order got (docs/decisions/0250-restaurant-offers-pricing.md): its label as
     * the customer saw it, the pence it took off the food and off the delivery fee, all funded by the
     * restaurant. subtotal_minor and delivery_fee_minor stay the prices before it.
     */
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    offerLabel: text('offer_label'),
    offerDiscountMinor: integer('offer_discount_minor').notNull().default(0),
    offerDeliveryDiscountMinor: integer('offer_delivery_discount_minor').notNull().default(0),
    tipMinor: integer('tip_minor').notNull().default(0),
    totalMinor: integer('total_minor').notNull(),
    orderType: text('order_type').$type<OrderType>().notNull(),
    paymentMethod: text('payment_method').$type<'cash'>().notNull().default('cash'),
    deliveryAddress: text('delivery_address'),
    deliveryPostcode: text('delivery_postcode'),
    deliveryInstructions: text('delivery_instructions'),
    deliveryLat: doublePrecision('delivery_lat'),
    deliveryLng: doublePrecision('delivery_lng'),
    /** Shown to the customer while out for delivery; the driver must enter it to complete. */
    deliveryVerificationCode: text('delivery_verification_code').notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('PENDING'),
    prepTimeMinutes: integer('prep_time_minutes'),
    estimatedDeliveryTime: integer('estimated_delivery_time').notNull(),
    rejectionReason: text('rejection_reason'),
    /** Set with the move to CANCELLED: who cancelled (customer, partner, ops, system) and why. */
    cancelledBy: text('cancelled_by').$type<CancelledBy>(),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * What happened to the customer's cash, recorded when the order was cancelled after the driver
     * picked it up: 'not_collected' (docs/decisions/0139-cash-and-pay-on-cancellation-after-pickup.md).
     */
    cashOutcome: text('cash_outcome').$type<CashOutcome>(),
    /**
     * The cash the driver says they took at the door when completing a delivery, and why it differs
     * from the total when it does (docs/decisions/0156-cash-collection-and-hand-ins.md).
     */
    cashCollectedMinor: integer('cash_collected_minor'),
    cashDifferenceReason: text('cash_difference_reason'),
    driverId: text('driver_id').references(() => user.id, { onDelete: 'set null' }),
    /** Set once by the no-driver sweeper: the search for a driver gave up (docs/decisions/0134-no-driver-found.md). */
    noDriverAt: timestamp('no_driver_at', { withTimezone: true }),
    /**
     * An order for later (docs/decisions/0166-scheduled-orders.md): the chosen slot, its kind
     * (standard, iftar, jumuah), when it is due to enter the normal flow and when it did. While
     * scheduled_for is set and entered_flow_at is null the order waits in the partner's scheduled
     * lane: it cannot be accepted and does not time out.
     */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    scheduledUntil: timestamp('scheduled_until', { withTimezone: true }),
    scheduledKind: text('scheduled_kind').$type<SlotKind>(),
    entersFlowAt: timestamp('enters_flow_at', { withTimezone: true }),
    enteredFlowAt: timestamp('entered_flow_at', { withTimezone: true }),
    /** sha256 of the secret a visitor's browser holds to see its own order. */
    visitorTokenHash: text('visitor_token_hash'),
    /**
     * The platform voucher on this order (docs/decisions/0253-platform-vouchers.md): its code as
     * typed at checkout and the pence it took off, paid by the platform. subtotal_minor stays the
     * food before it, so the restaurant's sales and commission never change; total_minor is what
     * the customer pays after it.
     */
    voucherId: uuid('voucher_id').references((): AnyPgColumn => vouchers.id, { onDelete: 'restrict' }),
    voucherCode: text('voucher_code'),
    voucherDiscountMinor: integer('voucher_discount_minor').notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_site_created_idx').on(t.siteId, t.createdAt),
    index('orders_site_status_idx').on(t.siteId, t.status),
    // Only the orders that have a customer account, and a driver: a visitor's order and an order
    // not yet taken add no entry, on placing and on every status change
    // (docs/decisions/0190-orders-partial-indexes.md).
    index('orders_customer_created_idx')
      .on(t.customerId, t.createdAt)
      .where(sql`${t.customerId} is not null`),
    index('orders_driver_idx')
      .on(t.driverId)
      .where(sql`${t.driverId} is not null`),
    index('orders_created_idx').on(t.createdAt),
    uniqueIndex('orders_idempotency_key').on(t.idempotencyKey),
    // A voucher's orders, counted for its budget and per-person limit; only orders with one.
    index('orders_voucher_idx')
      .on(t.voucherId)
      .where(sql`${t.voucherId} is not null`),
    // The scheduled-orders sweeper's queue: only orders still waiting for their slot.
    index('orders_scheduled_due_idx')
      .on(t.entersFlowAt)
      .where(sql`${t.scheduledFor} is not null and ${t.enteredFlowAt} is null`),
    check('orders_totals_nonneg', sql`${t.subtotalMinor} >= 0 and ${t.deliveryFeeMinor} >= 0 and ${t.totalMinor} >= 0`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: timeOrderedId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    menuItemId: uuid('menu_item_id'),
    name: text('name').notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalMinor: integer('line_total_minor').notNull(),
    /** The chosen options as they were ordered (names and prices copied); unitPriceMinor includes them. */
    options: jsonb('options').$type<ChosenOption[]>().notNull().default([]),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), check('order_items_quantity_positive', sql`${t.quantity} > 0`)],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: timeOrderedId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').$type<OrderStatus>().notNull(),
    actorId: text('actor_id'),
    /**
     * Who made the move and how (docs/decisions/0137-order-timeline.md): null on the placing row (the customer)
     * and on rows written before the column existed that the migration could not tell.
     */
    actorKind: text('actor_kind').$type<FlowActor>(),
    action: text('action').$type<OrderAction>(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.createdAt)],
);

/** The back office's internal notes on an order (docs/product/admin.md#order-console): never shown to customers. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    /** The browser's key for this note: a double click or a retry stores it once. */
    requestId: uuid('request_id').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.createdAt)],
);

export const orderEtas = pgTable(
  'order_etas',
  {
    id: timeOrderedId(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    initialEta: timestamp('initial_eta', { withTimezone: true }).notNull(),
    currentEta: timestamp('current_eta', { withTimezone: true }).notNull(),
    etaSource: text('eta_source').$type<'maps_api' | 'fallback'>().notNull(),
    distanceKm: doublePrecision('distance_km'),
    travelTimeMinutes: integer('travel_time_minutes'),
    isLate: boolean('is_late').notNull().default(false),
    lateNotificationSent: boolean('late_notification_sent').notNull().default(false),
    csTicketCreated: boolean('cs_ticket_created').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_etas_open_idx')
      .on(t.currentEta)
      .where(sql`not ${t.csTicketCreated}`),
  ],
);

/** The customer's "Rate & Tip" for a finished order. */
export const orderRatings = pgTable(
  'order_ratings',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    tipMinor: integer('tip_minor').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('order_ratings_rating_range', sql`${t.rating} between 1 and 5`)],
);
