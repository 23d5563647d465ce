import { z } from 'zod';
import { placeOrderBody } from './place-order';

/**
 * POST /api/orders/quote (public): the cart priced by the server as an order would be priced now,
 * asked when checkout opens and after a refused order, so the customer sees and confirms any price
 * that changed while the cart sat (docs/decisions/0209-checkout-reprices-before-placing.md).
 */
export const quoteOrderBody = placeOrderBody
  .pick({ siteId: true, orderType: true, items: true, voucherCode: true })
  .extend({
    /** Lets the quote check a voucher's per-person limits for a visitor (optional; placing checks again). */
    customerPhone: z.string().trim().max(30).optional(),
  });
export type QuoteOrderBody = z.infer<typeof quoteOrderBody>;

export const quotedLine = z.object({
  /** The cart line's id: the menu item's id, with its sorted option ids when it has options (lineId). */
  lineId: z.string(),
  menuItemId: z.uuid(),
  name: z.string(),
  unitPriceMinor: z.int(),
  quantity: z.int(),
  lineTotalMinor: z.int(),
  /** The chosen options at today's prices (unitPriceMinor includes them). */
  options: z.array(z.object({ group: z.string(), name: z.string(), priceMinor: z.int() })),
});
export type QuotedLine = z.infer<typeof quotedLine>;

/**
 * The restaurant offer the order gets, chosen and priced by the server (docs/decisions/0250-restaurant-offers-pricing.md):
 * its label, what it takes off the food and off the delivery fee. The client never sends a discount.
 */
export const quotedOffer = z.object({
  id: z.uuid(),
  label: z.string(),
  discountMinor: z.int(),
  deliveryDiscountMinor: z.int(),
});
export type QuotedOffer = z.infer<typeof quotedOffer>;

export const orderQuote = z.object({
  lines: z.array(quotedLine),
  /** The food before any discount. */
  subtotalMinor: z.int(),
  /** The branch's delivery fee before any free-delivery offer. */
  deliveryFeeMinor: z.int(),
  serviceFeeMinor: z.int(),
  /** The voucher the quote applied (normalised code) and what it takes off; null and 0 without one. */
  voucherCode: z.string().nullable(),
  voucherDiscountMinor: z.int(),
  /** Why the code sent does not apply, in the customer's words; null when it applies or none was sent. */
  voucherRefusal: z.string().nullable(),
  /** Null when no offer applies. */
  offer: quotedOffer.nullable(),
  /** What the customer pays: food and fees less the offer's saving and the voucher. */
  totalMinor: z.int(),
});
export type OrderQuote = z.infer<typeof orderQuote>;

export const quoteOrderResponse = z.object({ quote: orderQuote });

/**
 * The `details` of POST /api/orders's 409 when `expectedTotalMinor` is not what the order costs
 * now: the fresh quote, so checkout can show what changed without asking again. No order is made.
 */
export type PriceChangedDetails = { quote: OrderQuote };
