import { z } from 'zod';
import { ORDER_TYPES } from '../../order-flow';
import { CHECKOUT_MESSAGES } from '../../checkout';
import { orderView } from './order-view';
import { scheduledForBody } from './schedule';

/**
 * POST /api/orders (public). Prices never come from the browser: a price field sent is refused
 * (400 naming it) and the server prices every line from the menu. Required-ness of name, phone, address and
 * postcode is checked by `checkoutProblem` so the messages read exactly as the checkout shows them.
 */
// Loose: the validated headers replace request.headers, and every other header must survive.
export const placeOrderHeaders = z.looseObject({
  'idempotency-key': z
    .string({ error: 'Idempotency-Key header is required' })
    .min(8, 'Idempotency-Key must be 8 to 100 characters')
    .max(100, 'Idempotency-Key must be 8 to 100 characters'),
});

export const placeOrderBody = z.strictObject({
  siteId: z.uuid('siteId must be a UUID'),
  orderType: z.enum(ORDER_TYPES),
  items: z
    .array(
      z.strictObject({
        menuItemId: z.uuid('menuItemId must be a UUID'),
        quantity: z.int().min(1, 'Quantity must be at least 1').max(50, 'Quantity must be at most 50'),
        /** The chosen options' ids (docs/product/customer.md#item-options); the server prices them. */
        optionIds: z.array(z.uuid('optionIds must be UUIDs')).max(60).optional(),
      }),
    )
    .min(1, CHECKOUT_MESSAGES.emptyCart)
    .max(100, 'An order can have at most 100 lines'),
  customerName: z.string().trim().max(100).default(''),
  customerPhone: z.string().trim().max(30).default(''),
  /** A visitor's e-mail for the receipt and status e-mails; a signed-in customer's account e-mail is used instead. */
  customerEmail: z.email({ error: 'Please enter a valid email address' }).max(254).nullish(),
  deliveryAddress: z.string().trim().max(300).nullish(),
  deliveryPostcode: z.string().trim().max(20).nullish(),
  deliveryInstructions: z.string().trim().max(500).nullish(),
  /**
   * A platform voucher code as the customer typed it (docs/product/customer.md#vouchers). The server
   * checks and values it; a code that does not apply is 409 naming `voucherCode` with the reason.
   */
  voucherCode: z.string().trim().max(40, 'voucherCode must be at most 40 characters').nullish(),
  /** An order for later: one of the branch's slots (GET /api/sites/:siteId/slots); absent or null is as soon as possible. */
  scheduledFor: scheduledForBody.nullish(),
  /**
   * The total, in pence, the customer saw and confirmed at checkout. When the order would cost
   * anything else now (a price changed while the cart sat), the answer is 409 with the new quote in
   * `error.details.quote` and no order is made (docs/decisions/0209-checkout-reprices-before-placing.md).
   */
  expectedTotalMinor: z
    .int('expectedTotalMinor must be a whole number of pence')
    .min(0, 'expectedTotalMinor must be a whole number of pence')
    .optional(),
});
export type PlaceOrderBody = z.infer<typeof placeOrderBody>;

/**
 * 201 the first time, 200 for a replay of the same key and body (identical body). A visitor's
 * answer carries `orderToken`: keep it (the browser stores it with the order) and send it as
 * `x-order-token` to see the order or follow `order:{id}` live events.
 */
export const placeOrderResponse = z.object({ order: orderView, orderToken: z.string().optional() });
