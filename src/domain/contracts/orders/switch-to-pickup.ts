import { z } from 'zod';
import { orderView } from './order-view';

/**
 * POST /api/orders/:orderNumber/switch-to-pickup (the order's customer, signed in or holding its
 * order token): in the no-driver state the customer collects the order instead
 * (docs/product/orders.md#no-driver-found). The server removes the delivery fee and recomputes the
 * total; nothing about the price comes from the browser, so the body is empty.
 */
export const switchToPickupBody = z.strictObject({});
export const switchToPickupResponse = z.object({ order: orderView });

export const NO_DRIVER_MESSAGES = {
  onlyCustomer: 'Only the customer can change this order',
  switched: 'Your order is now for pickup. The delivery fee has been removed.',
} as const;
