import { z } from 'zod';
import {
  MAX_RATING,
  MAX_REVIEW_COMMENT_LENGTH,
  MIN_RATING,
  RATING_REQUIRED_MESSAGE,
  normaliseReviewComment,
} from '../../ratings';
import { reviewItem } from './review';

/**
 * PUT /api/restaurants/:siteId/reviews/mine (customers): writes the caller's one review of this
 * branch, creating it or replacing the earlier one. 404 "Restaurant not found".
 */
export const saveReviewBody = z.strictObject({
  rating: z
    .number({ error: RATING_REQUIRED_MESSAGE })
    .int(RATING_REQUIRED_MESSAGE)
    .min(MIN_RATING, RATING_REQUIRED_MESSAGE)
    .max(MAX_RATING, RATING_REQUIRED_MESSAGE),
  /** Optional; trimmed, and stored as null when nothing is left. */
  comment: z
    .string()
    .trim()
    .max(MAX_REVIEW_COMMENT_LENGTH, `Please keep your review under ${MAX_REVIEW_COMMENT_LENGTH} characters.`)
    .nullish()
    .transform(normaliseReviewComment),
});
export type SaveReviewBody = z.input<typeof saveReviewBody>;

/** The saved review with the branch's new average and count. */
export const saveReviewResponse = z.object({
  review: reviewItem,
  average: z.number().nullable(),
  count: z.number().int(),
});
export type SaveReviewResponse = z.infer<typeof saveReviewResponse>;
