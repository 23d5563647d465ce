import { z } from 'zod';

/** One review as the reviews block shows it; `mine` marks the caller's own. */
export const reviewItem = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  /** The reviewer has a delivered or collected order from this branch. */
  isVerified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Display name, or "Anonymous". */
  reviewerName: z.string(),
  avatarUrl: z.string().nullable(),
  mine: z.boolean(),
});
export type ReviewItem = z.infer<typeof reviewItem>;

/**
 * Routes under /api/restaurants/:siteId/reviews. The id is taken as text: reviews are read only
 * for a valid UUID, and any other id lists none (docs/product/customer.md#reviews).
 */
export const siteReviewsParams = z.strictObject({ siteId: z.string().min(1).max(100) });
