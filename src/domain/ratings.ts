/** Star ratings run from 1 to 5 (docs/product/customer.md#reviews). */
export const MIN_RATING = 1;
export const MAX_RATING = 5;
export const RATING_REQUIRED_MESSAGE = 'You must provide a rating from 1 to 5 stars.';
export const MAX_REVIEW_COMMENT_LENGTH = 2000;

/**
 * The average of `count` ratings adding up to `sum`, to one decimal with halves rounded up
 * (17 / 4 = 4.25 -> 4.3), as PostgreSQL's round() does; null when there are none.
 */
export function averageRating(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((sum * 10) / count) / 10;
}

/** A review comment as stored: trimmed, null when nothing is left (docs/product/customer.md#reviews). */
export function normaliseReviewComment(comment: string | null | undefined): string | null {
  const trimmed = (comment ?? '').trim();
  return trimmed ? trimmed : null;
}

/** The reviewer name shown on a review: the display name, or "Anonymous". */
export function reviewerName(displayName: string | null | undefined): string {
  const name = (displayName ?? '').trim();
  return name || 'Anonymous';
}

/**
 * Payment is cash at the door, so a tip is cash the customer hands the driver there; the app never
 * takes one after delivery (docs/decisions/0201-tips-in-cash-at-the-door.md).
 */
export const CASH_TIP_MESSAGE = 'Tips are given in cash at the door';
