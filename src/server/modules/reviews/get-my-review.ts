import { and, eq } from 'drizzle-orm';
import type { ReviewItem } from '../../../domain/contracts/reviews/review';
import type { DbOrTx } from '../../db/client';
import { reviews } from '../../db/schema/index';
import { isUuid, selectReviewRows, toReviewItem } from './review-rows';

/** One user's review of one branch, through the reviews_user_site unique index. */
export function myReviewQuery(db: DbOrTx, siteId: string, userId: string) {
  return selectReviewRows(db)
    .where(and(eq(reviews.userId, userId), eq(reviews.siteId, siteId)))
    .limit(1);
}

/** The caller's own review of a branch (one per user and branch), or null. */
export async function getMyReview(db: DbOrTx, siteId: string, userId: string): Promise<ReviewItem | null> {
  if (!isUuid(siteId)) return null;
  const [row] = await myReviewQuery(db, siteId, userId);
  return row ? toReviewItem(row, userId) : null;
}
