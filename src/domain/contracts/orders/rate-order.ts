import { z } from 'zod';
import { CASH_TIP_MESSAGE } from '../../ratings';

/** POST /api/orders/:orderNumber/rating (the customer, or the visitor with the order token). */
export const rateOrderBody = z.strictObject({
  rating: z.int().min(1, 'Please choose 1 to 5 stars').max(5, 'Please choose 1 to 5 stars'),
  /** Only 0, for pages loaded before tips moved to the door (docs/decisions/0201-tips-in-cash-at-the-door.md). */
  tipMinor: z.int(CASH_TIP_MESSAGE).min(0, CASH_TIP_MESSAGE).max(0, CASH_TIP_MESSAGE).default(0),
  comment: z.string().trim().max(1000).nullish(),
});
export const rateOrderResponse = z.object({
  rating: z.object({ rating: z.int(), tipMinor: z.int(), comment: z.string().nullable(), createdAt: z.string() }),
});
