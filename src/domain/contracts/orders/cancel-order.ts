import { z } from 'zod';
import { orderView } from './order-view';

/**
 * POST /api/orders/:orderNumber/cancel (the order's customer, signed in or holding its order
 * token): cancels an order the restaurant has not answered yet, or one no driver was found for
 * (docs/product/orders.md#no-driver-found). The reason is optional.
 */
export const cancelOrderBody = z.strictObject({
  reason: z.string().trim().max(500, 'Please keep the reason under 500 characters').optional(),
});
export const cancelOrderResponse = z.object({ order: orderView });

/**
 * POST /api/orders/:orderNumber/cancel-request (same access): after acceptance the customer asks
 * support to cancel; it opens a ticket tied to the order.
 */
export const cancelRequestBody = z.strictObject({
  reason: z.string().trim().max(2000, 'Please keep the reason under 2000 characters').optional(),
});
export const cancelRequestResponse = z.object({ ticketNumber: z.string() });

export const CANCEL_MESSAGES = {
  onlyCustomer: 'Only the customer can cancel this order',
  cancelled: 'Your order has been cancelled',
  requested: 'We have asked our support team to cancel your order. We will be in touch shortly.',
} as const;
