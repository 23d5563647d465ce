import { z } from 'zod';
import { reviewItem } from './review';

/** GET /api/restaurants/:siteId/reviews (public): newest first. */
export const listReviewsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

/** `average` (one decimal, null when none) and `count` cover every review, not just this page. */
export const listReviewsResponse = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  reviews: z.array(reviewItem),
});
export type ListReviewsResponse = z.infer<typeof listReviewsResponse>;
