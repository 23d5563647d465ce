import { and, eq, inArray, sql } from 'drizzle-orm';
import { isListed } from '../../../domain/restaurant-review';
import { checkoutProblem, effectiveMinimumOrder, orderRefusals, siteDisplayName } from '../../../domain/checkout';
import type { PlaceOrderBody } from '../../../domain/contracts/orders/place-order';
import type { OrderView } from '../../../domain/contracts/orders/order-view';
import { AppError } from '../../../domain/errors';
import {
  DEFAULT_PREP_MINUTES,
  ESTIMATED_TIME_MINUTES,
  type TravelEstimate,
  etaFrom,
  straightLineEstimate,
} from '../../../domain/eta';
import { isWithinOpeningHours } from '../../../domain/opening-hours';
import { SCHEDULE_MESSAGES, entersFlowAt, findSlot, slotText } from '../../../domain/schedule';
import type { Actor } from '../../../domain/policies';
import { topicName } from '../../../domain/topics';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { uuidv7 } from '../../db/time-ordered-id';
import { insertJsonRows, jsonRowsValue, preparedOnPglite, preparedStatement } from '../../db/prepared';
import {
  TENANT_ID,
  brands,
  menuItems,
  menus,
  orderEtas,
  offers,
  orderItems,
  orderStatusHistory,
  orders,
  siteItemOverrides,
  sites,
  tenantSettings,
} from '../../db/schema/index';
import { hashOrderToken } from '../access';
import { fourDigitCode, requestFingerprint, visitorTokenFor } from './codes';
import { isUniqueViolation } from '../../platform/db-errors';
import type { LiveBus } from '../../platform/live-bus';
import { EVENTS_CHANNEL } from '../../platform/bus-transport';
import { wakeOutbox } from '../../platform/notify/outbox-wake';
import { phoneForStorage } from '../../../domain/phone';
import type { Geocoder, RoutePlanner } from '../geo';
import { buildOrderView, orderViewOf } from './order-view';
import { type BranchItem, type OrderSite, loadOrderSite, priceLines } from './price-order';
import { slotsOf } from './list-site-slots';
import { applyVoucherStep, offerStep, quoteOf } from './quote-order';
import type { VoucherOutcome } from '../vouchers';
import { VOUCHER_MESSAGES } from '../../../domain/vouchers';
import type { Offer } from '../../../domain/offers';
import { branchOffers } from '../offers';
import { deliveryReach } from './delivery-reach';
import { inMaintenance, isMaintenanceValue, readSettings } from '../../platform/tenant-settings';
import { orderTotalFor, serviceFeeFor } from '../../../domain/ledger';
import { companyDetailsFrom, settingsFrom } from '../../../domain/settings';
import { COMPANY_SETTING_KEYS } from '../../../domain/company-details';
import { customerRows, newOrderRows, notificationRowsValue, outboxInsert, receiptMessage } from '../notifications';

const MONEY_KEYS = ['service_fee_percent', 'commission_percent', 'order_floor_minor'] as const;
/**
 * The settings checkout reads with its one statement: the money priced into the order and the
 * company details its receipt names (docs/decisions/0171-company-details-in-messages.md).
 */
const CHECKOUT_SETTING_KEYS = [...MONEY_KEYS, ...COMPANY_SETTING_KEYS] as const;

/**
 * The service fee and commission rates, and the company details, from stored (JSON) setting texts;
 * a missing or bad one reads as its default.
 */
function checkoutSettings(stored: Record<string, string> | null) {
  const decoded: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored ?? {})) {
    try {
      decoded[key] = JSON.parse(value);
    } catch {
      // Unreadable: the default applies.
    }
  }
  const s = settingsFrom(decoded);
  return {
    serviceFeePercent: s.service_fee_percent,
    commissionPercent: s.commission_percent,
    orderFloorMinor: s.order_floor_minor,
    company: companyDetailsFrom(decoded),
  };
}

/** What placing an order needs; without a route planner the ETA uses the straight line. Named here, not
 * taken from app.ts's AppDeps, so the use case does not import the app that imports it. */
type Deps = { db: Db; bus: LiveBus; geocoder: Geocoder; config: Config; routes?: RoutePlanner };
export type PlaceOrderResult = { created: boolean; order: OrderView; orderToken?: string };

/** A signed-in customer's order is theirs; anyone else (a visitor, or staff trying it out) orders as a visitor. */
function customerOf(actor: Actor | null): Actor | null {
  return actor?.userType === 'customer' ? actor : null;
}

/** Open means: active, switched open, not paused and inside today's opening hours (Europe/London). */
function takingOrders(site: OrderSite, now: Date): boolean {
  if (site.status !== 'active' || !site.isOpen) return false;
  if (site.pausedUntil && site.pausedUntil.getTime() > now.getTime()) return false;
  return isWithinOpeningHours(site.openingHours, now);
}

/**
 * The answer for an order that already exists under this idempotency key: the same order again
 * (with the same visitor token, derived rather than stored) when the request matches, 422 when the
 * key was used for a different request.
 */
async function replay(deps: Deps, key: string, fingerprint: string): Promise<PlaceOrderResult | null> {
  const [existing] = await deps.db
    .select({ id: orders.id, requestHash: orders.requestHash, customerId: orders.customerId })
    .from(orders)
    .where(eq(orders.idempotencyKey, key))
    .limit(1);
  if (!existing) return null;
  if (existing.requestHash !== fingerprint) {
    throw new AppError('IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was already used for a different order');
  }
  return answer(deps, existing.id, existing.customerId, false);
}

type Existing = { id: string; requestHash: string | null; customerId: string | null };
type OfferJson = Omit<Offer, 'brandId' | 'endedAt'>;

/**
 * Everything checkout reads, in one round trip: the order already placed under this key (if any),
 * maintenance mode, the branch with its brand's name, and the branch's items for this basket.
 * Built once per database and prepared (docs/decisions/0094-prepared-statements.md); executed with the key, the branch and the
 * item ids.
 */
function checkoutRead(db: Db) {
  const statement = db
    .select({
      site: sites,
      brandName: brands.name,
      existing: sql<Existing | null>`(select json_build_object('id', ${orders.id}, 'requestHash', ${orders.requestHash}, 'customerId', ${orders.customerId})
        from ${orders} where ${orders.idempotencyKey} = ${sql.placeholder('key')})`,
      maintenance: sql<string | null>`(select ${tenantSettings.settingValue} from ${tenantSettings}
        where ${and(eq(tenantSettings.tenantId, TENANT_ID), eq(tenantSettings.settingKey, 'maintenance_mode'))})`,
      // The money settings priced into the order (docs/decisions/0155-service-fee-and-commission-snapshot.md)
      // and the company details of its receipt (docs/decisions/0171-company-details-in-messages.md).
      money: sql<Record<
        string,
        string
      > | null>`(select json_object_agg(${tenantSettings.settingKey}, ${tenantSettings.settingValue}) from ${tenantSettings}
        where ${and(eq(tenantSettings.tenantId, TENANT_ID), inArray(tenantSettings.settingKey, [...CHECKOUT_SETTING_KEYS]))})`,
      // The same reading of today's menu as branchItems: the brand's item with the branch's override.
      items: sql<BranchItem[] | null>`(select json_agg(json_build_object(
          'id', ${menuItems.id},
          'name', ${menuItems.name},
          'description', coalesce(${siteItemOverrides.description}, ${menuItems.description}),
          'priceMinor', coalesce(${siteItemOverrides.priceMinor}, ${menuItems.priceMinor}),
          'isAvailable', coalesce(${siteItemOverrides.isAvailable}, ${menuItems.isAvailable}),
          'optionGroups', ${menuItems.optionGroups},
          'unavailableOptionIds', ${siteItemOverrides.unavailableOptionIds}))
        from ${menuItems}
        join ${menus} on ${menus.id} = ${menuItems.menuId} and ${menus.brandId} = ${sites.brandId}
        left join ${siteItemOverrides} on ${siteItemOverrides.itemId} = ${menuItems.id} and ${siteItemOverrides.siteId} = ${sites.id}
        where ${menuItems.id} = any(${sql.placeholder('itemIds')}::uuid[]))`,
      // The brand's and the branch's offers not ended (docs/decisions/0250-restaurant-offers-pricing.md);
      // whether one runs now is the domain's call on the London clock.
      offers: sql<OfferJson[] | null>`(select json_agg(json_build_object(
          'id', ${offers.id}, 'siteId', ${offers.siteId}, 'kind', ${offers.kind}, 'percent', ${offers.percent},
          'capMinor', ${offers.capMinor}, 'amountMinor', ${offers.amountMinor}, 'minSpendMinor', ${offers.minSpendMinor},
          'itemIds', ${offers.itemIds}, 'startsOn', ${offers.startsOn}, 'endsOn', ${offers.endsOn}, 'days', ${offers.days},
          'from', ${offers.fromTime}, 'until', ${offers.untilTime},
          'itemNames', (select coalesce(json_agg(n.name), '[]'::json) from ${menuItems} n
            where n.id::text in (select jsonb_array_elements_text(${offers.itemIds})))))
        from ${offers}
        where ${offers.brandId} = ${sites.brandId} and (${offers.siteId} is null or ${offers.siteId} = ${sites.id})
          and ${offers.endedAt} is null)`,
    })
    .from(sites)
    .innerJoin(brands, eq(brands.id, sites.brandId))
    .where(eq(sites.id, sql.placeholder('siteId')))
    .limit(1)
    .prepare('place_order_read');
  // On PGlite too: planning this statement on every order was a third of its time there.
  return preparedOnPglite(db, 'place_order_read', statement);
}
const checkoutReads = new WeakMap<Db, ReturnType<typeof checkoutRead>>();

/** Null when the branch does not exist (then the checks run one by one, in their order). */
async function readCheckout(deps: Deps, key: string, siteId: string, itemIds: string[]) {
  let statement = checkoutReads.get(deps.db);
  if (!statement) checkoutReads.set(deps.db, (statement = checkoutRead(deps.db)));
  // Item ids are UUIDs (the body's contract), so the array literal needs no quoting.
  const [row] = await statement.execute({ key, siteId, itemIds: `{${itemIds.join(',')}}` });
  return row ?? null;
}

/** The columns checkout writes, table by table: one statement text for every order. */
const ORDER_COLUMNS = [
  'id',
  'customerId',
  'customerEmail',
  'customerName',
  'customerPhone',
  'siteId',
  'subtotalMinor',
  'deliveryFeeMinor',
  'serviceFeeMinor',
  'offerId',
  'offerLabel',
  'offerDiscountMinor',
  'offerDeliveryDiscountMinor',
  'commissionPercent',
  'tipMinor',
  'voucherId',
  'voucherCode',
  'voucherDiscountMinor',
  'totalMinor',
  'orderType',
  'deliveryAddress',
  'deliveryPostcode',
  'deliveryInstructions',
  'deliveryLat',
  'deliveryLng',
  'deliveryVerificationCode',
  'status',
  'prepTimeMinutes',
  'estimatedDeliveryTime',
  'rejectionReason',
  'visitorTokenHash',
  'idempotencyKey',
  'requestHash',
  'scheduledFor',
  'scheduledUntil',
  'scheduledKind',
  'entersFlowAt',
  'enteredFlowAt',
  'createdAt',
  'updatedAt',
] as const;
const ITEM_COLUMNS = [
  'orderId',
  'menuItemId',
  'name',
  'unitPriceMinor',
  'quantity',
  'lineTotalMinor',
  'options',
] as const;
const HISTORY_COLUMNS = ['orderId', 'status', 'actorId', 'createdAt'] as const;
const ETA_COLUMNS = ['orderId', 'initialEta', 'currentEta', 'etaSource', 'distanceKm', 'travelTimeMinutes'] as const;

/**
 * Everything the order is made of, written by one prepared statement: one transaction, one round
 * trip. Its rows reference only the order id drawn in JS; the foreign keys are checked at its end.
 * With the NOTIFY bus it sends the order's live events itself (the JSON array `events`,
 * `{{orderNumber}}` filled in), delivered at its commit. The outbox is woken after the commit
 * (wakeOutbox), not by a NOTIFY of its own (docs/decisions/0181-outbox-wake-after-commit.md).
 */
const writeOrder = preparedStatement<{ order_number: string }>(
  'place_order_write',
  () => sql`with
    o as (${insertJsonRows(orders, ORDER_COLUMNS, 'order', { order_number: sql`'HN-' || nextval('order_number_seq')` })} returning ${orders.orderNumber}),
    i as (${insertJsonRows(orderItems, ITEM_COLUMNS, 'items')}),
    h as (${insertJsonRows(orderStatusHistory, HISTORY_COLUMNS, 'history')}),
    e as (${insertJsonRows(orderEtas, ETA_COLUMNS, 'eta')}),
    n as (${outboxInsert(sql`${sql.placeholder('notes')}`, sql`(select order_number from o)`)})
    select order_number,
      (select count(pg_notify(${EVENTS_CHANNEL}, replace(ev.value, '{{orderNumber}}', o.order_number))::text)
        from json_array_elements_text(${sql.placeholder('events')}::json) as ev(value)) as events
    from o`,
  { prepareOnPglite: true },
);

/**
 * The order with a voucher, written in one transaction with the voucher's limits checked under its
 * row lock (docs/decisions/0254-voucher-limits-under-concurrency.md): checkouts of one voucher take
 * turns, each counting the orders committed before it, so a budget or a person's limit has one
 * winner when one use remains. An order already placed under this key (a double click that waited
 * on the lock) is answered as a replay, not refused as a second use.
 */
async function writeWithVoucher(
  db: Db,
  values: Record<string, unknown>,
  input: Parameters<typeof applyVoucherStep>[1],
  first: Extract<VoucherOutcome, { kind: 'applied' }>,
  idempotencyKey: string,
): Promise<string | 'replay'> {
  return db.transaction(async (tx) => {
    const now = await applyVoucherStep(tx, input);
    const [existing] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.idempotencyKey, idempotencyKey))
      .limit(1);
    if (existing) return 'replay' as const;
    if (now?.kind !== 'applied') {
      throw new AppError('CONFLICT', now?.reason ?? VOUCHER_MESSAGES.unknown, { field: 'voucherCode' });
    }
    if (now.discountMinor !== first.discountMinor || now.voucherId !== first.voucherId) {
      throw new AppError('CONFLICT', VOUCHER_MESSAGES.usedUp, { field: 'voucherCode' });
    }
    // The same statement as an order without a voucher, run on the transaction's connection.
    const rows = await writeOrder(tx as unknown as Db, values);
    return rows[0].order_number;
  });
}

async function answer(
  deps: Deps,
  orderId: string,
  customerId: string | null,
  created: boolean,
): Promise<PlaceOrderResult> {
  if (customerId) return { created, order: await buildOrderView(deps.db, orderId, 'customer') };
  return {
    created,
    order: await buildOrderView(deps.db, orderId, 'visitor'),
    orderToken: visitorTokenFor(deps.config.authSecret, orderId),
  };
}

/**
 * Where the order goes and how far: geocodes the delivery postcode and checks the branch's radius
 * by the one rule checkout also asks beforehand (delivery-reach.ts).
 */
async function deliveryLeg(deps: Deps, site: OrderSite, postcodeText: string) {
  const reach = await deliveryReach(deps.geocoder, site, postcodeText);
  if (!reach) throw new AppError('VALIDATION_ERROR', 'Please enter a valid UK postcode', { field: 'deliveryPostcode' });
  const { postcode, point, origin } = reach;
  if (!reach.reaches) throw new AppError('CONFLICT', orderRefusals.outOfRange(site.displayName, postcode));
  // Measured before the transaction opens: a routing service's answer never holds locks.
  const estimate: TravelEstimate | null = origin
    ? deps.routes
      ? await deps.routes.estimate(origin, point)
      : straightLineEstimate(origin, point)
    : null;
  return { postcode, point, estimate };
}

/**
 * Places an order (docs/product/customer.md#checkout; docs/product/orders.md#prices). Everything the order is
 * made of is written in one transaction; live events go out after it commits.
 */
export async function placeOrder(
  deps: Deps,
  input: { body: PlaceOrderBody; idempotencyKey: string; actor: Actor | null; now?: Date },
): Promise<PlaceOrderResult> {
  const { body, idempotencyKey } = input;
  const now = input.now ?? new Date();
  const customer = customerOf(input.actor);
  // Any signed-in caller's id, not only a customer's: a partner or driver ordering as a visitor must
  // not be handed another caller's order and token by replaying their key (security/races.test.ts).
  const fingerprint = requestFingerprint(input.actor?.userId ?? null, body);

  const itemIds = [...new Set(body.items.map((l) => l.menuItemId))];
  const read = await readCheckout(deps, idempotencyKey, body.siteId, itemIds);
  let site: OrderSite;
  let money: ReturnType<typeof checkoutSettings>;
  if (read) {
    money = checkoutSettings(read.money);
    // The checks in their order, on what was read at once.
    if (read.existing) {
      if (read.existing.requestHash !== fingerprint) {
        throw new AppError('IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was already used for a different order');
      }
      return answer(deps, read.existing.id, read.existing.customerId, false);
    }
    if (isMaintenanceValue(read.maintenance)) throw new AppError('UNAVAILABLE', orderRefusals.maintenance);
    const problem = checkoutProblem(body);
    if (problem) throw new AppError('VALIDATION_ERROR', problem);
    site = { ...read.site, brandName: read.brandName, displayName: siteDisplayName(read.brandName, read.site.name) };
  } else {
    // No such branch: the same checks one by one (a replay or maintenance answers before the 404).
    const previous = await replay(deps, idempotencyKey, fingerprint);
    if (previous) return previous;
    if (await inMaintenance(deps.db)) throw new AppError('UNAVAILABLE', orderRefusals.maintenance);
    const problem = checkoutProblem(body);
    if (problem) throw new AppError('VALIDATION_ERROR', problem);
    site = await loadOrderSite(deps.db, body.siteId);
    const stored = await readSettings(deps.db, CHECKOUT_SETTING_KEYS);
    money = checkoutSettings(Object.fromEntries(Object.entries(stored).map(([k, v]) => [k, JSON.stringify(v)])));
  }
  // A location HalalNosh has not approved, or has suspended, is not there for customers (docs/decisions/0153-restaurant-review.md).
  if (!isListed(site)) throw new AppError('NOT_FOUND', 'Restaurant not found');
  // An order for later needs one of the slots the branch offers, not the branch open now
  // (docs/product/customer.md#order-for-later).
  const slot = body.scheduledFor ? findSlot(slotsOf(site, now), body.scheduledFor) : null;
  if (body.scheduledFor && !slot) throw new AppError('CONFLICT', SCHEDULE_MESSAGES.slotUnavailable);
  if (!slot && !takingOrders(site, now)) {
    throw new AppError('CONFLICT', orderRefusals.notTakingOrders(site.displayName));
  }
  const priced = await priceLines(deps.db, site, body.items, read ? (read.items ?? []) : undefined);
  // The platform's floor first: an order below it would bring nothing in and still cost a driver
  // job, whatever the branch's own minimum says (docs/decisions/0202-order-floor-cash-netting-and-reconciliation.md).
  const minimum = effectiveMinimumOrder(site.minOrderMinor, money.orderFloorMinor);
  if (priced.subtotalMinor < money.orderFloorMinor) {
    throw new AppError('VALIDATION_ERROR', orderRefusals.minimumOrder(site.displayName, minimum));
  }
  if (priced.subtotalMinor < site.minOrderMinor) {
    throw new AppError('CONFLICT', orderRefusals.minimumOrder(site.displayName, site.minOrderMinor));
  }
  const isDelivery = body.orderType === 'DELIVERY';
  // The restaurant offer (docs/decisions/0250-restaurant-offers-pricing.md): its own step after the food,
  // chosen by the server and capped to the platform floor; the branch funds it.
  const siteOffers: Offer[] = read
    ? (read.offers ?? []).map((o) => ({ ...o, brandId: site.brandId, endedAt: null }))
    : await branchOffers(deps.db, site, now);
  const offer = offerStep(siteOffers, priced, body.orderType, site.deliveryFeeMinor, money.orderFloorMinor, now);
  // The platform voucher step (docs/decisions/0253-platform-vouchers.md), on the food after the offer:
  // checked here without a lock so a code that cannot apply is refused before anything else, then
  // again under the voucher's row lock in the order's transaction.
  const foodAfterOfferMinor = priced.subtotalMinor - (offer?.foodDiscountMinor ?? 0);
  const voucherInput = {
    voucherCode: body.voucherCode,
    person: { customerId: customer?.userId ?? null, phone: phoneForStorage(body.customerPhone) },
    site,
    foodAfterOfferMinor,
    floorMinor: money.orderFloorMinor,
    now,
  };
  const voucher = await applyVoucherStep(deps.db, voucherInput);
  if (voucher?.kind === 'refused') {
    // A double click whose twin has just placed the order under this key: its order, not a refusal.
    const again = await replay(deps, idempotencyKey, fingerprint);
    if (again) return again;
    throw new AppError('CONFLICT', voucher.reason, { field: 'voucherCode' });
  }
  const voucherDiscountMinor = voucher?.kind === 'applied' ? voucher.discountMinor : 0;
  // The customer confirmed a total; a price changed since is shown to them before any order is made
  // (docs/decisions/0209-checkout-reprices-before-placing.md). Checked before the postcode is looked up.
  if (body.expectedTotalMinor !== undefined) {
    const quote = quoteOf(priced, body.orderType, site.deliveryFeeMinor, money.serviceFeePercent, offer, voucher);
    if (quote.totalMinor !== body.expectedTotalMinor) {
      throw new AppError('CONFLICT', orderRefusals.priceChanged(quote.totalMinor), { details: { quote } });
    }
  }
  const leg = isDelivery ? await deliveryLeg(deps, site, body.deliveryPostcode ?? '') : null;
  const deliveryFeeMinor = isDelivery ? site.deliveryFeeMinor : 0;
  const serviceFeeMinor = serviceFeeFor(priced.subtotalMinor, money.serviceFeePercent);

  // Time-ordered: the order's keys (and its outbox rows' dedupe keys) grow at their indexes' right edge.
  const orderId = uuidv7();
  const visitorToken = customer ? null : visitorTokenFor(deps.config.authSecret, orderId);
  const travel = leg?.estimate?.travelTimeMinutes ?? null;
  // A scheduled order is due by the end of its slot: lateness cannot fire before then.
  const initialEta = slot ? new Date(slot.end) : etaFrom(now, DEFAULT_PREP_MINUTES, travel);
  const schedule = slot
    ? {
        scheduledFor: new Date(slot.start),
        scheduledUntil: new Date(slot.end),
        scheduledKind: slot.kind,
        entersFlowAt: entersFlowAt({
          slotStart: new Date(slot.start),
          orderType: body.orderType,
          travelMinutes: travel,
          busyExtraMinutes: site.busyExtraMinutes,
          placedAt: now,
        }),
        enteredFlowAt: null,
      }
    : { scheduledFor: null, scheduledUntil: null, scheduledKind: null, entersFlowAt: null, enteredFlowAt: null };

  const order = {
    id: orderId,
    customerId: customer?.userId ?? null,
    customerEmail: customer?.email ?? body.customerEmail ?? null,
    customerName: body.customerName,
    customerPhone: phoneForStorage(body.customerPhone),
    siteId: site.id,
    subtotalMinor: priced.subtotalMinor,
    deliveryFeeMinor,
    serviceFeeMinor,
    offerId: offer?.offer.id ?? null,
    offerLabel: offer?.label ?? null,
    offerDiscountMinor: offer?.foodDiscountMinor ?? 0,
    offerDeliveryDiscountMinor: offer?.deliveryDiscountMinor ?? 0,
    commissionPercent: money.commissionPercent,
    tipMinor: 0,
    voucherId: voucher?.kind === 'applied' ? voucher.voucherId : null,
    voucherCode: voucher?.kind === 'applied' ? voucher.code : null,
    voucherDiscountMinor,
    totalMinor:
      orderTotalFor({
        subtotalMinor: priced.subtotalMinor,
        deliveryFeeMinor,
        serviceFeeMinor,
        voucherDiscountMinor,
      }) -
      (offer?.foodDiscountMinor ?? 0) -
      (offer?.deliveryDiscountMinor ?? 0),
    orderType: body.orderType,
    deliveryAddress: isDelivery ? (body.deliveryAddress ?? null) : null,
    deliveryPostcode: leg?.postcode ?? null,
    deliveryInstructions: isDelivery ? body.deliveryInstructions || null : null,
    deliveryLat: leg?.point.lat ?? null,
    deliveryLng: leg?.point.lng ?? null,
    deliveryVerificationCode: fourDigitCode(),
    status: 'PENDING' as const,
    prepTimeMinutes: null,
    estimatedDeliveryTime: ESTIMATED_TIME_MINUTES[body.orderType],
    rejectionReason: null,
    visitorTokenHash: visitorToken ? hashOrderToken(visitorToken) : null,
    idempotencyKey,
    requestHash: fingerprint,
    ...schedule,
    createdAt: now,
    updatedAt: now,
  };
  const eta = {
    orderId,
    initialEta,
    currentEta: initialEta,
    etaSource: leg?.estimate?.source ?? ('fallback' as const),
    distanceKm: leg?.estimate?.distanceKm ?? null,
    travelTimeMinutes: leg?.estimate?.travelTimeMinutes ?? null,
  };
  const items = priced.lines.map((l) => ({ orderId, ...l }));
  const history = { orderId, status: 'PENDING' as const, actorId: customer?.userId ?? null, createdAt: now };

  // The receipt and the branch's new-order notice go out through the outbox, written with the
  // order (docs/decisions/0140-notification-outbox.md); the order number is filled in by the statement.
  const notice = { ...order, orderNumber: '{{orderNumber}}', driverId: null };
  const notes = [
    ...customerRows(
      notice,
      'orderPlaced',
      `order:${orderId}:placed`,
      receiptMessage(
        {
          ...order,
          orderNumber: '{{orderNumber}}',
          branchName: site.displayName,
          items,
          placedAt: now,
          scheduledText: slot ? slotText({ start: slot.start, end: slot.end, kind: slot.kind }) : null,
          trackPath: `/order/{{orderNumber}}${visitorToken ? `?token=${encodeURIComponent(visitorToken)}` : ''}`,
        },
        { html: order.customerId !== null || order.customerEmail !== null },
      ),
    ),
    ...newOrderRows(notice, site.displayName),
  ];

  // The branch's and the back office's live event, sent by the write itself when the bus is NOTIFY.
  const event = {
    orderId,
    orderNumber: '{{orderNumber}}',
    siteId: site.id,
    orderType: body.orderType,
    totalMinor: order.totalMinor,
  };
  const atCommit = [
    deps.bus.payloadAtCommit(topicName.site(site.id), 'order.created', event),
    deps.bus.payloadAtCommit(topicName.admin, 'order.created', event),
  ];
  const sentAtCommit = atCommit.every((p) => p !== null);

  const values = {
    events: JSON.stringify(sentAtCommit ? atCommit : []),
    notes: notificationRowsValue(notes, money.company),
    order: jsonRowsValue(orders, ORDER_COLUMNS, [order]),
    items: jsonRowsValue(orderItems, ITEM_COLUMNS, items),
    history: jsonRowsValue(orderStatusHistory, HISTORY_COLUMNS, [history]),
    eta: jsonRowsValue(orderEtas, ETA_COLUMNS, [eta]),
  };
  let orderNumber: string;
  try {
    if (voucher?.kind === 'applied') {
      const written = await writeWithVoucher(deps.db, values, { ...voucherInput, lock: true }, voucher, idempotencyKey);
      if (written === 'replay') {
        const again = await replay(deps, idempotencyKey, fingerprint);
        if (again) return again;
        throw new Error('An order under this key was seen and then not found');
      }
      orderNumber = written;
    } else {
      const rows = await writeOrder(deps.db, values);
      orderNumber = rows[0].order_number;
    }
  } catch (err) {
    // A concurrent request with the same key won the race: answer with its order.
    if (isUniqueViolation(err, 'orders_idempotency_key')) {
      const again = await replay(deps, idempotencyKey, fingerprint);
      if (again) return again;
    }
    throw err;
  }

  // Committed: the receipt and the branch's notices can be claimed now.
  wakeOutbox(deps.db);
  if (!sentAtCommit) {
    const placed = { ...event, orderNumber };
    await Promise.all([
      deps.bus.publish(topicName.site(site.id), 'order.created', placed),
      deps.bus.publish(topicName.admin, 'order.created', placed),
    ]);
  }
  // The answer is built from what was just written, as buildOrderView would read it back.
  const viewer = customer ? 'customer' : 'visitor';
  const view = orderViewOf(
    {
      order: { ...order, orderNumber, cancelledBy: null, cancelReason: null },
      site,
      brandName: site.brandName,
      items,
      history: [{ status: 'PENDING', at: now }],
      eta: { ...eta, isLate: false, csTicketCreated: false },
      rating: null,
      driver: null,
    },
    viewer,
  );
  return { created: true, order: view, ...(visitorToken ? { orderToken: visitorToken } : {}) };
}
