import { z } from 'zod';
import { chosenOptionView } from '../orders/order-view';
import { JOB_STATUSES, ORDER_STATUSES, ORDER_TYPES } from '../../order-flow';
import { scheduledView } from '../orders/schedule';

export const siteOrdersParams = z.strictObject({ siteId: z.uuid('siteId must be a UUID') });
export const orderParams = z.strictObject({ orderId: z.uuid('orderId must be a UUID') });

/** One order as the orders console and the kitchen display show it. Money in pence, times ISO. */
export const partnerOrder = z.object({
  id: z.uuid(),
  orderNumber: z.string(),
  siteId: z.uuid(),
  status: z.enum(ORDER_STATUSES),
  orderType: z.enum(ORDER_TYPES),
  customerName: z.string(),
  customerPhone: z.string(),
  /** Null for pickup. */
  delivery: z
    .object({ address: z.string().nullable(), postcode: z.string().nullable(), instructions: z.string().nullable() })
    .nullable(),
  /** menuItemId: the base menu item, for "Mark unavailable" (null when the item has since been deleted). */
  items: z.array(
    z.object({
      menuItemId: z.uuid().nullable(),
      name: z.string(),
      quantity: z.int(),
      unitPriceMinor: z.int(),
      lineTotalMinor: z.int(),
      options: z.array(chosenOptionView),
    }),
  ),
  subtotalMinor: z.int(),
  deliveryFeeMinor: z.int(),
  totalMinor: z.int(),
  createdAt: z.string(),
  prepTimeMinutes: z.int().nullable(),
  rejectionReason: z.string().nullable(),
  /** Set on a cancelled order: who cancelled it and why (docs/product/partner.md#cancel-an-order). */
  cancellation: z
    .object({ by: z.enum(['customer', 'partner', 'ops', 'system']), reason: z.string().nullable() })
    .nullable(),
  /** Each change, oldest first; note holds the prep time or the rejection reason. */
  statusHistory: z.array(z.object({ status: z.enum(ORDER_STATUSES), at: z.string(), note: z.string().nullable() })),
  /** The delivery job's status, once accepting has dispatched one. */
  jobStatus: z.enum(JOB_STATUSES).nullable(),
  driver: z.object({ name: z.string(), phone: z.string().nullable(), vehicleType: z.string().nullable() }).nullable(),
  /** The partner's buttons, from order-flow.ts. */
  availableActions: z.array(z.string()),
  /** An order for later: its slot; waiting while it sits in the scheduled lane (docs/product/partner.md#scheduled-orders). */
  scheduled: scheduledView.nullable(),
});
export type PartnerOrder = z.infer<typeof partnerOrder>;

/**
 * GET /api/partner/sites/:siteId/orders (staff of the location): the orders still in progress,
 * oldest first, and the 10 most recently finished (delivered, collected or rejected).
 */
export const siteOrdersResponse = z.object({
  active: z.array(partnerOrder),
  recent: z.array(partnerOrder),
  /** Orders for later still waiting for their slot, soonest slot first (docs/product/partner.md#scheduled-orders). */
  scheduled: z.array(partnerOrder),
});
export type SiteOrdersResponse = z.infer<typeof siteOrdersResponse>;

/** POST /api/partner/orders/:orderId/hand-over: the 4-digit code the driver shows (READY -> OUT_FOR_DELIVERY). */
export const handOverBody = z.strictObject({ pickupCode: z.string().regex(/^\d{4}$/, 'Invalid code: 4 digits') });
export const handOverResponse = z.object({ order: partnerOrder });
