import { z } from 'zod';

/** POST /api/orders/:orderNumber/rating (the customer, or the visitor with the order token). */
export const rateOrderBody = z.strictObject({
  rating: z.int().min(1, 'Please choose 1 to 5 stars').max(5, 'Please choose 1 to 5 stars'),
  tipMinor: z.int().min(0, 'A tip cannot be negative').max(5000, 'A tip can be at most £50.00').default(0),
  comment: z.string().trim().max(1000).nullish(),
});
export const rateOrderResponse = z.object({
  rating: z.object({ rating: z.int(), tipMinor: z.int(), comment: z.string().nullable(), createdAt: z.string() }),
});
