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
});

export const listAccountOrdersResponse = z.object({
  orders: z.array(accountOrderSummary),
  limit: z.int(),
  offset: z.int(),
  hasMore: z.boolean(),
});
