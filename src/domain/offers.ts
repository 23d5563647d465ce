import { londonDate } from './halal-facts';
import { WEEKDAYS, type Weekday, londonClock, minutesOf } from './opening-hours';
import { formatPence } from './money';

/**
 * Restaurant offers (docs/product/offers.md; docs/decisions/0250-restaurant-offers-pricing.md): what a
 * brand or one of its locations gives its customers, when it runs on the London clock, which one
 * an order gets and what it saves, in whole pence. Pure: the server prices orders with it, the
 * catalog labels cards with it, and the tests hold it as tables.
 */

export const OFFER_KINDS = ['percent_off', 'amount_off', 'free_delivery', 'free_item', 'buy_one_get_one'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/** The console's names of the kinds (docs/product/offers.md#kinds). */
export const OFFER_KIND_LABELS: Record<OfferKind, string> = {
  percent_off: 'Percentage off the food',
  amount_off: 'Amount off over a minimum spend',
  free_delivery: 'Free delivery over a minimum spend',
  free_item: 'A free item',
  buy_one_get_one: 'Buy one, get one free',
};

/** Limits the console and the server hold every offer to. */
export const OFFER_LIMITS = {
  percentMin: 1,
  percentMax: 75,
  amountMaxMinor: 50_00,
  capMaxMinor: 100_00,
  minSpendMaxMinor: 200_00,
  itemsMax: 20,
} as const;

/** When an offer runs: London dates (inclusive), weekdays, and an optional daily window [from, until). */
export type OfferSchedule = {
  /** YYYY-MM-DD, the first London day it runs. */
  startsOn: string;
  /** YYYY-MM-DD, the last London day it runs; null: until ended. */
  endsOn: string | null;
  /** The weekdays it runs on; every day when empty. */
  days: Weekday[];
  /** HH:MM; with `until`, the daily window. Null: all day. */
  from: string | null;
  until: string | null;
};

export type Offer = OfferSchedule & {
  id: string;
  brandId: string;
  /** Null: every location of the brand. */
  siteId: string | null;
  kind: OfferKind;
  /** percent_off: the percentage of the food. */
  percent: number | null;
  /** percent_off: the most it takes off, in pence; null: no cap. */
  capMinor: number | null;
  /** amount_off: the pence taken off. */
  amountMinor: number | null;
  /** The food value (before any discount) an order must reach; 0: none. */
  minSpendMinor: number;
  /** free_item and buy_one_get_one: the menu items it applies to. */
  itemIds: string[];
  /** free_item: the names of those items, for the label. */
  itemNames?: string[];
  /** Set when the partner ended it early: it never applies again. */
  endedAt: Date | null;
};

/** Whether an offer runs at `at`, judged on the Europe/London clock. */
export function isOfferLive(offer: OfferSchedule & { endedAt: Date | null }, at: Date): boolean {
  if (offer.endedAt && offer.endedAt.getTime() <= at.getTime()) return false;
  const today = londonDate(at);
  if (today < offer.startsOn) return false;
  if (offer.endsOn && today > offer.endsOn) return false;
  const clock = londonClock(at);
  if (offer.days.length && !offer.days.includes(clock.today)) return false;
  if (offer.from && offer.until) {
    const from = minutesOf(offer.from);
    const until = minutesOf(offer.until);
    if (from < until ? clock.now < from || clock.now >= until : clock.now < from && clock.now >= until) return false;
  }
  return true;
}

/** One line of a priced basket, as the offer sees it. */
export type OfferLine = {
  menuItemId: string;
  /** The unit price with its options. */
  unitPriceMinor: number;
  /** The options' part of the unit price (a free item is free at its menu price; options are still paid). */
  optionsMinor: number;
  quantity: number;
};

export type OfferBasket = {
  lines: OfferLine[];
  /** The food value before any discount. */
  subtotalMinor: number;
  orderType: 'DELIVERY' | 'PICKUP';
  /** The branch's delivery fee (0 for pickup). */
  deliveryFeeMinor: number;
};

export type OfferSaving = { foodDiscountMinor: number; deliveryDiscountMinor: number };

const NO_SAVING: OfferSaving = { foodDiscountMinor: 0, deliveryDiscountMinor: 0 };

/** The units of the offer's items in the basket, each at its menu price (options left out), dearest first. */
function unitsOf(offer: Offer, basket: OfferBasket): number[] {
  const units: number[] = [];
  for (const l of basket.lines) {
    if (!offer.itemIds.includes(l.menuItemId)) continue;
    const base = Math.max(0, l.unitPriceMinor - l.optionsMinor);
    for (let i = 0; i < l.quantity; i++) units.push(base);
  }
  return units.sort((a, b) => b - a);
}

/**
 * What one offer would save on a basket, before the platform floor: nothing when the basket does
 * not qualify. A percentage rounds down to the whole penny, so the saving never exceeds the
 * percentage shown; a cap and the food value bound every food saving.
 */
export function offerSaving(offer: Offer, basket: OfferBasket): OfferSaving {
  if (basket.subtotalMinor <= 0 || basket.subtotalMinor < offer.minSpendMinor) return NO_SAVING;
  let food = 0;
  switch (offer.kind) {
    case 'percent_off': {
      food = Math.floor((basket.subtotalMinor * (offer.percent ?? 0)) / 100);
      if (offer.capMinor !== null) food = Math.min(food, offer.capMinor);
      break;
    }
    case 'amount_off':
      food = offer.amountMinor ?? 0;
      break;
    case 'free_delivery':
      if (basket.orderType !== 'DELIVERY' || basket.deliveryFeeMinor <= 0) return NO_SAVING;
      return { foodDiscountMinor: 0, deliveryDiscountMinor: basket.deliveryFeeMinor };
    case 'free_item': {
      // One unit free: the cheapest of the chosen items in the basket.
      const units = unitsOf(offer, basket);
      food = units.length ? units[units.length - 1] : 0;
      break;
    }
    case 'buy_one_get_one': {
      // Of the chosen items, every second unit is free, the cheaper of each pair.
      const units = unitsOf(offer, basket);
      for (let i = 1; i < units.length; i += 2) food += units[i];
      break;
    }
    default: {
      const never: never = offer.kind;
      throw new Error(`Unknown offer kind ${String(never)}`);
    }
  }
  return { foodDiscountMinor: Math.max(0, Math.min(food, basket.subtotalMinor)), deliveryDiscountMinor: 0 };
}

/**
 * The most a food discount may take off so that the food the customer pays stays at or above the
 * platform floor (docs/decisions/0202-order-floor-cash-netting-and-reconciliation.md): an order never
 * falls below it, whatever offers and vouchers say. `alreadyMinor` is what earlier discounts took.
 */
export function capDiscountToFloor(
  foodMinor: number,
  discountMinor: number,
  floorMinor: number,
  alreadyMinor = 0,
): number {
  const room = Math.max(0, foodMinor - alreadyMinor - Math.max(0, floorMinor));
  return Math.max(0, Math.min(discountMinor, room));
}

export type AppliedOffer = {
  offer: Offer;
  label: string;
  foodDiscountMinor: number;
  deliveryDiscountMinor: number;
};

/** The whole saving of an applied offer, food and delivery. */
export const savingOf = (a: { foodDiscountMinor: number; deliveryDiscountMinor: number }) =>
  a.foodDiscountMinor + a.deliveryDiscountMinor;

/**
 * The pricing step of restaurant offers (docs/decisions/0250-restaurant-offers-pricing.md): of the
 * offers live at `at` for this branch, the one that saves the customer most, its food saving capped
 * to the platform floor. At most one offer per order. Ties go to the branch's own offer over the
 * brand's, then to the offer made first (the smaller id). Null when none saves anything.
 */
export function applyOffer(
  offers: readonly Offer[],
  basket: OfferBasket,
  at: Date,
  platformFloorMinor: number,
): AppliedOffer | null {
  let best: AppliedOffer | null = null;
  for (const offer of offers) {
    if (!isOfferLive(offer, at)) continue;
    const raw = offerSaving(offer, basket);
    const saving = {
      foodDiscountMinor: capDiscountToFloor(basket.subtotalMinor, raw.foodDiscountMinor, platformFloorMinor),
      deliveryDiscountMinor: raw.deliveryDiscountMinor,
    };
    if (savingOf(saving) <= 0) continue;
    const candidate = { offer, label: offerLabel(offer), ...saving };
    if (!best || better(candidate, best)) best = candidate;
  }
  return best;
}

function better(a: AppliedOffer, b: AppliedOffer): boolean {
  if (savingOf(a) !== savingOf(b)) return savingOf(a) > savingOf(b);
  if ((a.offer.siteId !== null) !== (b.offer.siteId !== null)) return a.offer.siteId !== null;
  return a.offer.id < b.offer.id;
}

/** Pounds as an offer names them: whole pounds without pence ("£5"), otherwise "£4.50". */
export function offerMoney(minor: number): string {
  return minor % 100 === 0 ? `£${minor / 100}` : formatPence(minor);
}

/**
 * The offer in the customer's words, as the card, the restaurant page, checkout and the receipt show
 * it (docs/product/offers.md#where-customers-see-them): "20% off, up to £5", "£5 off when you spend £20", "Free
 * delivery when you spend £15", "Free Garlic Naan", "Buy one, get one free on selected dishes".
 */
export function offerLabel(offer: Offer): string {
  const spend = offer.minSpendMinor > 0 ? ` when you spend ${offerMoney(offer.minSpendMinor)}` : '';
  switch (offer.kind) {
    case 'percent_off':
      return `${offer.percent ?? 0}% off${offer.capMinor !== null ? `, up to ${offerMoney(offer.capMinor)}` : ''}${spend}`;
    case 'amount_off':
      return `${offerMoney(offer.amountMinor ?? 0)} off${spend}`;
    case 'free_delivery':
      return `Free delivery${spend}`;
    case 'free_item': {
      const names = offer.itemNames ?? [];
      return `${names.length === 1 ? `Free ${names[0]}` : 'A free item from selected dishes'}${spend}`;
    }
    case 'buy_one_get_one': {
      const names = offer.itemNames ?? [];
      return `Buy one, get one free on ${names.length === 1 ? names[0] : 'selected dishes'}${spend}`;
    }
    default: {
      const never: never = offer.kind;
      throw new Error(`Unknown offer kind ${String(never)}`);
    }
  }
}

/**
 * The offer a card and the restaurant page show (docs/product/offers.md#where-customers-see-them):
 * of the offers live at `at`, the branch's own first, then the most generous by its headline
 * figure. Null when none runs.
 */
export function headlineOffer(offers: readonly Offer[], at: Date): Offer | null {
  const live = offers.filter((o) => isOfferLive(o, at));
  if (!live.length) return null;
  const weight = (o: Offer) =>
    o.kind === 'percent_off' ? (o.percent ?? 0) * 100 : o.kind === 'amount_off' ? (o.amountMinor ?? 0) : 1;
  return [...live].sort(
    (a, b) => Number(b.siteId !== null) - Number(a.siteId !== null) || weight(b) - weight(a) || (a.id < b.id ? -1 : 1),
  )[0];
}

/** A problem with an offer's fields, in the console's words and naming the field, or null. */
export function offerProblem(o: {
  kind: OfferKind;
  percent?: number | null;
  capMinor?: number | null;
  amountMinor?: number | null;
  minSpendMinor?: number;
  itemIds?: readonly string[];
  startsOn: string;
  endsOn?: string | null;
  from?: string | null;
  until?: string | null;
}): { field: string; message: string } | null {
  if (o.kind === 'percent_off' && !o.percent)
    return { field: 'percent', message: 'Enter the percentage taken off the food' };
  if (o.kind === 'amount_off' && !o.amountMinor) return { field: 'amountMinor', message: 'Enter the amount taken off' };
  if (o.kind === 'amount_off' && (o.minSpendMinor ?? 0) <= (o.amountMinor ?? 0))
    return { field: 'minSpendMinor', message: 'The minimum spend must be more than the amount taken off' };
  if ((o.kind === 'free_item' || o.kind === 'buy_one_get_one') && !o.itemIds?.length)
    return { field: 'itemIds', message: 'Choose at least one dish' };
  if (o.endsOn && o.endsOn < o.startsOn)
    return { field: 'endsOn', message: 'The end date must be on or after the start date' };
  if (Boolean(o.from) !== Boolean(o.until))
    return { field: o.from ? 'until' : 'from', message: 'Give both times of the daily window, or neither' };
  if (o.from && o.until && o.from === o.until)
    return { field: 'until', message: 'The daily window must end at a different time than it starts' };
  return null;
}

/** Where an offer stands in the partner console's lists (docs/product/partner.md#offers). */
export type OfferStatus = 'active' | 'scheduled' | 'ended';

/** The console's names of the lists. */
export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  ended: 'Ended',
};

/**
 * Active: running at `at`. Ended: ended by the partner, or past its last day. Scheduled: neither,
 * so it runs later (a start date ahead, or another day or hour of its days and hours).
 */
export function offerStatus(offer: OfferSchedule & { endedAt: Date | null }, at: Date): OfferStatus {
  if (offer.endedAt && offer.endedAt.getTime() <= at.getTime()) return 'ended';
  if (offer.endsOn && londonDate(at) > offer.endsOn) return 'ended';
  return isOfferLive(offer, at) ? 'active' : 'scheduled';
}

export { WEEKDAYS as OFFER_WEEKDAYS };
