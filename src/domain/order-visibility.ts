import { ORDER_STATUSES, type OrderStatus } from './order-flow';
import { canUseAdminArea } from './policies';
import type { AdminRole } from './roles';

/*
 * Who sees which parts of an order, and in which statuses (docs/product/orders.md#who-may-see-an-order,
 * docs/decisions/0199-order-visibility-table.md). One table, read by the server's order view, so the
 * table IS the rule: each person sees only what their job needs, for as long as they need it.
 */

/**
 * Who is looking, as the rule tells them apart: the order's customer (their session), the visitor
 * holding the order's token, the branch's staff (a current member of its brand), the driver the order
 * names, the back-office roles that may open the order console and the other back-office roles,
 * and anyone else.
 */
export const ORDER_AUDIENCES = [
  'customer',
  'visitor',
  'site_staff',
  'assigned_driver',
  'console_admin',
  'other_admin',
  'stranger',
] as const;
export type OrderAudience = (typeof ORDER_AUDIENCES)[number];

/**
 * The parts of an order's view: `order` is the order itself (number, status, branch, timeline, ETA,
 * schedule, rating); without it the order is "not found". `contact` is the customer's name and phone,
 * `delivery` the address, postcode, instructions and drop-off point, `totals` the money lines,
 * `deliveryCode` the code the customer gives the driver, `driver` the driver's card (name, phone,
 * vehicle), `driverLocation` the driver's shared position, `rateAndTip` the offer to rate.
 */
export const ORDER_FIELDS = [
  'order',
  'contact',
  'delivery',
  'items',
  'totals',
  'deliveryCode',
  'driver',
  'driverLocation',
  'rateAndTip',
] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];

const ALWAYS: readonly OrderStatus[] = ORDER_STATUSES;
const NEVER: readonly OrderStatus[] = [];
/** A driver is on the order: assigned and the job not finished (delivered, or cancelled after pickup). */
export const DRIVER_ON_ORDER: readonly OrderStatus[] = ['DRIVER_ASSIGNED', 'PREPARING', 'READY', 'OUT_FOR_DELIVERY'];
const OUT_FOR_DELIVERY: readonly OrderStatus[] = ['OUT_FOR_DELIVERY'];
const RATEABLE: readonly OrderStatus[] = ['DELIVERED', 'COLLECTED'];

const CUSTOMER: Record<OrderField, readonly OrderStatus[]> = {
  order: ALWAYS,
  contact: ALWAYS,
  delivery: ALWAYS,
  items: ALWAYS,
  totals: ALWAYS,
  deliveryCode: OUT_FOR_DELIVERY,
  driver: DRIVER_ON_ORDER,
  driverLocation: OUT_FOR_DELIVERY,
  rateAndTip: RATEABLE,
};

/** The rule: for each audience and part of the order, the statuses in which that part is shown. */
export const ORDER_VISIBILITY: Record<OrderAudience, Record<OrderField, readonly OrderStatus[]>> = {
  customer: CUSTOMER,
  visitor: CUSTOMER,
  // The kitchen calls the customer and hands over to the driver; never the code nor the driver's position.
  site_staff: {
    order: ALWAYS,
    contact: ALWAYS,
    delivery: ALWAYS,
    items: ALWAYS,
    totals: ALWAYS,
    deliveryCode: NEVER,
    driver: DRIVER_ON_ORDER,
    driverLocation: NEVER,
    rateAndTip: NEVER,
  },
  // The customer's name, phone and address only while the job is theirs and not finished.
  assigned_driver: {
    order: ALWAYS,
    contact: DRIVER_ON_ORDER,
    delivery: DRIVER_ON_ORDER,
    items: ALWAYS,
    totals: ALWAYS,
    deliveryCode: NEVER,
    driver: NEVER,
    driverLocation: NEVER,
    rateAndTip: NEVER,
  },
  // Customer Service and operations help with the order (the order console's roles).
  console_admin: {
    order: ALWAYS,
    contact: ALWAYS,
    delivery: ALWAYS,
    items: ALWAYS,
    totals: ALWAYS,
    deliveryCode: NEVER,
    driver: DRIVER_ON_ORDER,
    driverLocation: OUT_FOR_DELIVERY,
    rateAndTip: NEVER,
  },
  // Finance and Read Only: what was ordered and what it cost, nobody's personal details.
  other_admin: {
    order: ALWAYS,
    contact: NEVER,
    delivery: NEVER,
    items: ALWAYS,
    totals: ALWAYS,
    deliveryCode: NEVER,
    driver: NEVER,
    driverLocation: NEVER,
    rateAndTip: NEVER,
  },
  stranger: {
    order: NEVER,
    contact: NEVER,
    delivery: NEVER,
    items: NEVER,
    totals: NEVER,
    deliveryCode: NEVER,
    driver: NEVER,
    driverLocation: NEVER,
    rateAndTip: NEVER,
  },
};

/** Whether this audience sees this part of an order in this status. */
export function sees(audience: OrderAudience, field: OrderField, status: OrderStatus): boolean {
  return ORDER_VISIBILITY[audience][field].includes(status);
}

/** The parts of an order this audience sees in this status. */
export function visibleFields(audience: OrderAudience, status: OrderStatus): OrderField[] {
  return ORDER_FIELDS.filter((f) => sees(audience, f, status));
}

/** How the server found the caller related to the order (null: not at all). */
export type OrderRelation = 'customer' | 'visitor' | 'staff' | 'driver' | 'admin';

/**
 * The audience of a caller the server found related to the order: an admin is a console admin when
 * their role may open the order console (policies.ts, area `orders`), any other back-office role
 * otherwise.
 */
export function orderAudienceOf(relation: OrderRelation | null, adminRole: AdminRole | null): OrderAudience {
  switch (relation) {
    case 'customer':
    case 'visitor':
      return relation;
    case 'staff':
      return 'site_staff';
    case 'driver':
      return 'assigned_driver';
    case 'admin':
      return canUseAdminArea(adminRole, 'orders') ? 'console_admin' : 'other_admin';
    default:
      return 'stranger';
  }
}

/** The `viewer` an order's view reports for an audience (the audiences the web app tells apart). */
export function viewerOf(audience: Exclude<OrderAudience, 'stranger'>): OrderRelation {
  switch (audience) {
    case 'site_staff':
      return 'staff';
    case 'assigned_driver':
      return 'driver';
    case 'console_admin':
    case 'other_admin':
      return 'admin';
    default:
      return audience;
  }
}
