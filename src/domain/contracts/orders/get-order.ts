import { z } from 'zod';
import { orderView } from './order-view';

/** GET /api/orders/:orderNumber (public; header x-order-token for a visitor). Anyone else: 404 "Order not found". */
export const getOrderResponse = z.object({ order: orderView });
