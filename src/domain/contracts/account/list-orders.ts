import { z } from 'zod';
import { ORDER_STATUSES, ORDER_TYPES } from '../../order-flow';

/** GET /api/account/orders?limit=20&offset=0: the caller's orders, newest first. */
export const listAccountOrdersQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const accountOrderSummary = z.object({
  id: z.uuid(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** The account list's words (order-status-labels.ts accountListLabel). */
  statusLabel: z.string(),
  orderType: z.enum(ORDER_TYPES),
  siteName: z.string(),
  siteSlug: z.string(),
  createdAt: z.string(),
  totalMinor: z.int(),
  /**
   * An order for later's slot (docs/product/customer.md#order-for-later): its start and end, and the
   * words every screen uses, "Scheduled: Sat 30 Nov, 18:30–19:00" (London time); null for as soon as possible.
   */
  scheduled: z.object({ start: z.string(), end: z.string(), text: z.string() }).nullable(),
});

export const listAccountOrdersResponse = z.object({
  orders: z.array(accountOrderSummary),
  limit: z.int(),
  offset: z.int(),
  hasMore: z.boolean(),
});
