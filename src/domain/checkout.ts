import { normaliseUkPhone } from './phone';
import { normalisePostcode } from './geo';
import { formatPence } from './money';
import type { OrderType } from './order-flow';

/**
 * Checkout rules shared by the checkout form and the server, worded as the customer reads them
 * (docs/product/customer.md#checkout). The server checks them again; the form only saves a round trip.
 */
export const CHECKOUT_MESSAGES = {
  nameAndPhone: 'Please fill in name and phone',
  addressAndPostcode: 'Please fill in address and postcode for delivery',
  phone: 'Please enter a valid UK phone number',
  postcode: 'Please enter a valid UK postcode',
  emptyCart: 'Your cart is empty',
} as const;

/**
 * A UK phone number as people type it (07700 900123, +44 7700 900123, 0044…, (020) 7946 0018,
 * mobiles and landlines); it is stored in E.164 (docs/decisions/0208-phones-in-e164.md).
 */
export function isUkPhone(text: string): boolean {
  return normaliseUkPhone(text) !== null;
}

/** A full UK postcode ("E1 6AN"), normalised; null for an outward code alone or anything else. */
export function fullPostcode(text: string): string | null {
  return normalisePostcode(text)?.postcode ?? null;
}

export type CheckoutFields = {
  orderType: OrderType;
  customerName: string;
  customerPhone: string;
  deliveryAddress?: string | null;
  deliveryPostcode?: string | null;
};

/** The first thing wrong with the checkout form, in the customer's words, or null when it is complete. */
export function checkoutProblem(f: CheckoutFields): string | null {
  if (!f.customerName.trim() || !f.customerPhone.trim()) return CHECKOUT_MESSAGES.nameAndPhone;
  if (!isUkPhone(f.customerPhone)) return CHECKOUT_MESSAGES.phone;
  if (f.orderType === 'DELIVERY') {
    if (!f.deliveryAddress?.trim() || !f.deliveryPostcode?.trim()) return CHECKOUT_MESSAGES.addressAndPostcode;
    if (!fullPostcode(f.deliveryPostcode)) return CHECKOUT_MESSAGES.postcode;
  }
  return null;
}

/** The branch as messages name it: "Kervan Ocakbasi (Dalston)", or the brand alone for a main branch. */
export function siteDisplayName(brandName: string, siteName: string): string {
  const s = siteName.trim();
  if (!s || s === 'Main Branch' || s.toLowerCase() === brandName.trim().toLowerCase()) return brandName;
  if (s.toLowerCase().startsWith(brandName.trim().toLowerCase())) return s;
  return `${brandName} (${s})`;
}

/**
 * The minimum food value an order must reach at a branch: the branch's own minimum, and never
 * below the platform's floor, which no partner can change
 * (docs/decisions/0202-order-floor-cash-netting-and-reconciliation.md).
 */
export function effectiveMinimumOrder(branchMinimumMinor: number, platformFloorMinor: number): number {
  return Math.max(branchMinimumMinor, platformFloorMinor);
}

/** Refusal texts the checkout shows as they come from the server. */
export const orderRefusals = {
  minimumOrder: (site: string, minMinor: number) => `Minimum order for ${site} is ${formatPence(minMinor)}`,
  notTakingOrders: (site: string) => `${site} is not taking orders right now`,
  outOfRange: (site: string, postcode: string) => `${site} does not deliver to ${postcode}`,
  /** Said beside checkout's address before the order is placed (docs/product/customer.md#checkout). */
  outOfRangeAdvice: (site: string, postcode: string) =>
    `${site} does not deliver to ${postcode}. Choose Pickup or another address.`,
  /** POST /api/orders's 409 when a price changed after checkout showed the total (docs/decisions/0209-checkout-reprices-before-placing.md). */
  priceChanged: (totalMinor: number) =>
    `Prices have changed since you opened checkout. The new total is ${formatPence(totalMinor)}. Please check and confirm it.`,
  maintenance: 'HalalNosh is not taking orders right now while we carry out maintenance. Please try again shortly.',
} as const;
