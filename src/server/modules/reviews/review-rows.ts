import { and, eq } from 'drizzle-orm';
import type { ReviewItem } from '../../../domain/contracts/reviews/review';
import { reviewerName } from '../../../domain/ratings';
import type { DbOrTx } from '../../db/client';
import { reviews, userProfiles } from '../../db/schema/index';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a route's site id can name a site at all (docs/product/customer.md#reviews: otherwise no reviews). */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}

/** Reviews with the reviewer's customer profile (display name and avatar only). */
export function selectReviewRows(db: DbOrTx) {
  return db
    .select({
      id: reviews.id,
      userId: reviews.userId,
      rating: reviews.rating,
      comment: reviews.comment,
      isVerified: reviews.isVerified,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
      displayName: userProfiles.displayName,
      avatarUrl: userProfiles.avatarUrl,
    })
    .from(reviews)
    .leftJoin(userProfiles, and(eq(userProfiles.userId, reviews.userId), eq(userProfiles.userType, 'customer')));
}

export type ReviewRow = Awaited<ReturnType<ReturnType<typeof selectReviewRows>['execute']>>[number];

/** A row as the reviews block shows it; the reviewer's account id never leaves the server. */
export function toReviewItem(row: ReviewRow, viewerId: string | null): ReviewItem {
  return {
    id: row.id,
    rating: row.rating,
    comment: row.comment,
    isVerified: row.isVerified,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    reviewerName: reviewerName(row.displayName),
    avatarUrl: row.avatarUrl,
    mine: viewerId !== null && row.userId === viewerId,
  };
}
