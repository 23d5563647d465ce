import { z } from 'zod';
import { ORDER_STATUSES, ORDER_TYPES } from '../../order-flow';

/** GET /api/partner/dashboard?siteId=: over every location the caller works at, or one of them. */
export const dashboardQuery = z.strictObject({ siteId: z.uuid('siteId must be a UUID').optional() });

export const orderSummary = z.object({
  id: z.uuid(),
  orderNumber: z.string(),
  siteId: z.uuid(),
  siteName: z.string(),
  status: z.enum(ORDER_STATUSES),
  orderType: z.enum(ORDER_TYPES),
  customerName: z.string(),
  totalMinor: z.int(),
  itemCount: z.int(),
  createdAt: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const dashboardResponse = z.object({
  /** The 5 most recent orders. */
  recentOrders: z.array(orderSummary),
  pendingCount: z.int(),
  /** ACCEPTED, DRIVER_ASSIGNED, PREPARING, READY and OUT_FOR_DELIVERY (order-flow.ts). */
  inProgressCount: z.int(),
  /** Orders rejected because nobody answered in time, over the last 7 days (docs/decisions/0126). */
  missedCount: z.int(),
});

/** The window the dashboard counts missed orders over. */
export const MISSED_ORDERS_DAYS = 7;
export type DashboardResponse = z.infer<typeof dashboardResponse>;
