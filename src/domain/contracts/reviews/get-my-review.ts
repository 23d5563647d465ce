import { z } from 'zod';
import { reviewItem } from './review';

/** GET /api/restaurants/:siteId/reviews/mine (customers): the caller's review, or null. */
export const getMyReviewResponse = z.object({ review: reviewItem.nullable() });
export type GetMyReviewResponse = z.infer<typeof getMyReviewResponse>;
