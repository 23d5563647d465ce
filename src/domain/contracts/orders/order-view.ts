import { z } from 'zod';
import { ORDER_STATUSES, ORDER_TYPES } from '../../order-flow';
import { scheduledView } from './schedule';

/** How the caller may see the order (docs/product/orders.md#who-may-see-an-order). */
export const ORDER_VIEWERS = ['customer', 'visitor', 'staff', 'driver', 'admin'] as const;

/** A chosen option as the order line keeps it: its group, name and price when ordered. */
export const chosenOptionView = z.object({ group: z.string(), name: z.string(), priceMinor: z.int() });

export const orderItemView = z.object({
  menuItemId: z.uuid().nullable(),
  name: z.string(),
  unitPriceMinor: z.int(),
  quantity: z.int(),
  lineTotalMinor: z.int(),
  /** unitPriceMinor includes them. */
  options: z.array(chosenOptionView),
});

export const orderEtaView = z.object({
  initialEta: z.string(),
  currentEta: z.string(),
  isLate: z.boolean(),
  /** Customer service has been told about the delay. */
  csTicketCreated: z.boolean(),
  source: z.enum(['maps_api', 'fallback']),
  distanceKm: z.number().nullable(),
  travelTimeMinutes: z.int().nullable(),
});

/**
 * One order as its tracking page, the partner console and the driver show it. Money in pence,
 * times as ISO strings.
 */
export const orderView = z.object({
  id: z.uuid(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** The order page's words for the status (order-status-labels.ts). */
  statusLabel: z.string(),
  orderType: z.enum(ORDER_TYPES),
  site: z.object({
    id: z.uuid(),
    /** Brand and branch as messages name it: "Kervan Ocakbasi (Dalston)". */
    name: z.string(),
    brandName: z.string(),
    branchName: z.string(),
    slug: z.string(),
    phone: z.string().nullable(),
    address: z.string(),
    postcode: z.string().nullable(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
  }),
  items: z.array(orderItemView),
  subtotalMinor: z.int(),
  deliveryFeeMinor: z.int(),
  /** The platform's service fee on the food; 0 when none is charged. */
  serviceFeeMinor: z.int(),
  tipMinor: z.int(),
  /** The platform voucher used on the order, and the pence it took off (0 without one): platform-funded. */
  voucherCode: z.string().nullable(),
  voucherDiscountMinor: z.int(),
  /**
   * The restaurant offer the order got, as the customer saw it at checkout, and what it took off the
   * food and the delivery fee (docs/decisions/0250-restaurant-offers-pricing.md); null without one.
   */
  offer: z.object({ label: z.string(), discountMinor: z.int(), deliveryDiscountMinor: z.int() }).nullable(),
  /** Food plus delivery fee plus service fee, less the offer's saving and a voucher; a tip added after delivery is shown apart. */
  totalMinor: z.int(),
  paymentMethod: z.literal('cash'),
  createdAt: z.string(),
  /**
   * The customer's name and phone; null where the caller may not see them
   * (docs/product/orders.md#who-may-see-an-order): a driver after the job, Finance and Read Only.
   */
  contact: z.object({ name: z.string(), phone: z.string() }).nullable(),
  /**
   * Null for pickup, and where the caller may not see the address (as `contact`). lat/lng: where the
   * address was geocoded (the map's drop-off), null when unknown.
   */
  delivery: z
    .object({
      address: z.string().nullable(),
      postcode: z.string().nullable(),
      instructions: z.string().nullable(),
      lat: z.number().nullable(),
      lng: z.number().nullable(),
    })
    .nullable(),
  statusHistory: z.array(z.object({ status: z.enum(ORDER_STATUSES), at: z.string() })),
  /** The stored estimate in minutes: 40 delivery, 25 pickup (shown as 35-45, 20-30). */
  estimatedDeliveryTime: z.int(),
  prepTimeMinutes: z.int().nullable(),
  rejectionReason: z.string().nullable(),
  /** Set on a CANCELLED order: who cancelled it and why (docs/decisions/0125). */
  cancellation: z
    .object({ by: z.enum(['customer', 'partner', 'ops', 'system']), reason: z.string().nullable() })
    .nullable(),
  eta: orderEtaView.nullable(),
  /** Only while a driver is assigned, and never to the driver themselves. */
  driver: z
    .object({
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      phone: z.string().nullable(),
      vehicleType: z.string().nullable(),
    })
    .nullable(),
  /**
   * The driver's last shared position (docs/decisions/0080-maps.md): only while OUT_FOR_DELIVERY, only to
   * the customer, the visitor who placed it and admins; null when the driver shares none.
   */
  driverLocation: z.object({ lat: z.number(), lng: z.number(), at: z.string() }).nullable(),
  /**
   * When the driver said they are at the customer's door (docs/product/orders.md#labels): only while
   * OUT_FOR_DELIVERY, null before the driver arrives.
   */
  driverArrivedAt: z.string().nullable(),
  /** The 4-digit code the customer gives the driver: only to the customer, only while out for delivery. */
  deliveryCode: z.string().nullable(),
  /** Rate & Tip is offered: DELIVERED or COLLECTED and not rated yet (customer and visitor only). */
  canRate: z.boolean(),
  rating: z
    .object({ rating: z.int(), tipMinor: z.int(), comment: z.string().nullable(), createdAt: z.string() })
    .nullable(),
  /**
   * The no-driver state (docs/product/orders.md#no-driver-found): a delivery order the search for a
   * driver gave up on, still without one. The customer may switch to pickup or cancel.
   */
  noDriverFound: z.boolean(),
  /** A driver gave the job back and it waits for another (docs/product/orders.md#driver-unassign). */
  findingNewDriver: z.boolean(),
  /** An order for later: its slot (docs/product/customer.md#order-for-later); null for as soon as possible. */
  scheduled: scheduledView.nullable(),
  viewer: z.enum(ORDER_VIEWERS),
});
export type OrderView = z.infer<typeof orderView>;

/** :orderNumber in a path: "HN-100001", or the order's UUID. */
export const orderRefParams = z.strictObject({ orderNumber: z.string().min(1).max(64) });

/** A visitor proves the order is theirs with the secret token returned when they placed it. */
export const ORDER_TOKEN_HEADER = 'x-order-token';
// Loose: the validated headers replace request.headers, and every other header must survive.
export const orderTokenHeaders = z.looseObject({ [ORDER_TOKEN_HEADER]: z.string().max(200).optional() });
