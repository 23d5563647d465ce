import { isListed } from '../../../domain/restaurant-review';
import type { OrderQuote, QuoteOrderBody } from '../../../domain/contracts/orders/quote-order';
import type { OrderType } from '../../../domain/order-flow';
import { AppError } from '../../../domain/errors';
import { orderTotalFor, serviceFeeFor } from '../../../domain/ledger';
import { type AppliedOffer, type Offer, type OfferBasket, applyOffer } from '../../../domain/offers';
import { settingsFrom } from '../../../domain/settings';
import type { DbOrTx } from '../../db/client';
import { readSettings } from '../../platform/tenant-settings';
import { branchOffers } from '../offers';
import { type PricedLine, loadOrderSite, priceLines } from './price-order';
import { normaliseUkPhone } from '../../../domain/phone';
import type { Actor } from '../../../domain/policies';
import { type VoucherOutcome, type VoucherPerson, checkVoucher } from '../vouchers';

type Priced = { lines: PricedLine[]; subtotalMinor: number; lineIds: string[] };

/** The priced basket as restaurant offers read it: each line's options apart from its menu price. */
export function offerBasketOf(priced: Priced, orderType: OrderType, branchDeliveryFeeMinor: number): OfferBasket {
  return {
    lines: priced.lines.map((l) => ({
      menuItemId: l.menuItemId,
      unitPriceMinor: l.unitPriceMinor,
      optionsMinor: l.options.reduce((sum, o) => sum + o.priceMinor, 0),
      quantity: l.quantity,
    })),
    subtotalMinor: priced.subtotalMinor,
    orderType,
    deliveryFeeMinor: orderType === 'DELIVERY' ? branchDeliveryFeeMinor : 0,
  };
}

/**
 * The restaurant-offer step of order pricing (docs/decisions/0250-restaurant-offers-pricing.md): after
 * the food is priced and before any platform voucher, the best live offer of the branch, its food
 * saving capped to the platform floor. One offer per order at most.
 */
export function offerStep(
  offers: readonly Offer[],
  priced: Priced,
  orderType: OrderType,
  branchDeliveryFeeMinor: number,
  orderFloorMinor: number,
  now: Date,
): AppliedOffer | null {
  if (!offers.length) return null;
  return applyOffer(offers, offerBasketOf(priced, orderType, branchDeliveryFeeMinor), now, orderFloorMinor);
}

/**
 * What an order of these priced lines costs, as placing it would charge: food, the branch's own
 * delivery fee (pickup is free) and the service fee, less the restaurant offer it gets. One
 * reckoning for the quote and for the place-order check against the total the customer confirmed.
 * The service fee is on the food before the offer (docs/decisions/0250-restaurant-offers-pricing.md).
 */
export function quoteOf(
  priced: Priced,
  orderType: OrderType,
  branchDeliveryFeeMinor: number,
  serviceFeePercent: number,
  offer: AppliedOffer | null = null,
  /** The platform voucher step's outcome (applyVoucherStep), when a code was sent. */
  voucher: VoucherOutcome | null = null,
): OrderQuote {
  const deliveryFeeMinor = orderType === 'DELIVERY' ? branchDeliveryFeeMinor : 0;
  const serviceFeeMinor = serviceFeeFor(priced.subtotalMinor, serviceFeePercent);
  const discountMinor = offer?.foodDiscountMinor ?? 0;
  const deliveryDiscountMinor = offer?.deliveryDiscountMinor ?? 0;
  const voucherDiscountMinor = voucher?.kind === 'applied' ? voucher.discountMinor : 0;
  return {
    lines: priced.lines.map((l, i) => ({
      lineId: priced.lineIds[i],
      menuItemId: l.menuItemId,
      name: l.name,
      unitPriceMinor: l.unitPriceMinor,
      quantity: l.quantity,
      lineTotalMinor: l.lineTotalMinor,
      options: l.options.map((o) => ({ group: o.group, name: o.name, priceMinor: o.priceMinor })),
    })),
    subtotalMinor: priced.subtotalMinor,
    deliveryFeeMinor,
    serviceFeeMinor,
    offer: offer ? { id: offer.offer.id, label: offer.label, discountMinor, deliveryDiscountMinor } : null,
    voucherCode: voucher?.kind === 'applied' ? voucher.code : null,
    voucherDiscountMinor,
    voucherRefusal: voucher?.kind === 'refused' ? voucher.reason : null,
    totalMinor:
      orderTotalFor({
        subtotalMinor: priced.subtotalMinor,
        deliveryFeeMinor,
        serviceFeeMinor,
        voucherDiscountMinor,
      }) -
      discountMinor -
      deliveryDiscountMinor,
  };
}

/**
 * The platform voucher step of pricing (docs/decisions/0253-platform-vouchers.md): after the food
 * subtotal and any restaurant offer, before the delivery fee. Valued on the food after the offer
 * (`foodAfterOfferMinor`; the offer step passes its own), capped at the platform floor. Null when no
 * code was sent. With `lock`, inside placing's transaction: the voucher's row is locked and its
 * limits counted under it.
 */
export function applyVoucherStep(
  db: DbOrTx,
  input: {
    voucherCode: string | null | undefined;
    person: VoucherPerson;
    site: { brandId: string; citySlug: string | null };
    foodAfterOfferMinor: number;
    floorMinor: number;
    now: Date;
    lock?: boolean;
  },
): Promise<VoucherOutcome | null> {
  const code = input.voucherCode?.trim();
  if (!code) return Promise.resolve(null);
  return checkVoucher(db, { ...input, code });
}

/**
 * Prices a cart now, from the menu, without placing it (docs/decisions/0209-checkout-reprices-before-placing.md):
 * checkout shows it and sends its total back as the total the customer confirmed. An item no longer
 * orderable is the same 409 placing the order would answer.
 */
export async function quoteOrder(
  db: DbOrTx,
  body: QuoteOrderBody,
  actor: Actor | null = null,
  now = new Date(),
): Promise<OrderQuote> {
  const site = await loadOrderSite(db, body.siteId);
  if (!isListed(site)) throw new AppError('NOT_FOUND', 'Restaurant not found');
  const priced = await priceLines(db, site, body.items);
  const settings = settingsFrom(await readSettings(db, ['service_fee_percent', 'order_floor_minor']));
  const offer = offerStep(
    await branchOffers(db, site, now),
    priced,
    body.orderType,
    site.deliveryFeeMinor,
    settings.order_floor_minor,
    now,
  );
  const foodAfterOfferMinor = priced.subtotalMinor - (offer?.foodDiscountMinor ?? 0);
  const voucher = await applyVoucherStep(db, {
    voucherCode: body.voucherCode,
    person: {
      customerId: actor?.userType === 'customer' ? actor.userId : null,
      phone: body.customerPhone ? normaliseUkPhone(body.customerPhone) : null,
    },
    site,
    foodAfterOfferMinor,
    floorMinor: settings.order_floor_minor,
    now,
  });
  return quoteOf(priced, body.orderType, site.deliveryFeeMinor, settings.service_fee_percent, offer, voucher);
}
