import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SaveReviewResponse } from '../../../domain/contracts/reviews/save-review';
import { AppError } from '../../../domain/errors';
import type { OrderStatus } from '../../../domain/order-flow';
import { averageRating } from '../../../domain/ratings';
import type { Db, DbOrTx } from '../../db/client';
import { orders, reviews, sites } from '../../db/schema/index';
import { getMyReview } from './get-my-review';
import { isUuid } from './review-rows';

/** The order outcomes that make a review "Verified": the food reached this customer. */
export const COMPLETED_ORDER_STATUSES: readonly OrderStatus[] = ['DELIVERED', 'COLLECTED'];

/** Whether the customer received an order from this branch (orders_customer_created_idx). */
export function completedOrderQuery(db: DbOrTx, userId: string, siteId: string) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, userId),
        eq(orders.siteId, siteId),
        inArray(orders.status, [...COMPLETED_ORDER_STATUSES]),
      ),
    )
    .limit(1);
}

/** Every rating of a branch, summed and counted (reviews_site_created_idx). */
export function siteRatingTotalsQuery(db: DbOrTx, siteId: string) {
  return db
    .select({ sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`, count: sql<number>`count(*)::int` })
    .from(reviews)
    .where(eq(reviews.siteId, siteId));
}

/**
 * Creates or replaces the caller's one review of a branch and, in the same transaction, the
 * branch's average and count. The site row is locked first, so two reviews saved at once both
 * end up in the totals.
 */
export async function saveReview(
  db: Db,
  input: { siteId: string; userId: string; rating: number; comment: string | null },
): Promise<SaveReviewResponse> {
  const { siteId, userId, rating, comment } = input;
  if (!isUuid(siteId)) throw new AppError('NOT_FOUND', 'Restaurant not found');
  return db.transaction(async (tx) => {
    const [site] = await tx
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.id, siteId), eq(sites.status, 'active')))
      .for('update');
    if (!site) throw new AppError('NOT_FOUND', 'Restaurant not found');
    const isVerified = (await completedOrderQuery(tx, userId, siteId)).length > 0;
    await tx
      .insert(reviews)
      .values({ siteId, userId, rating, comment, isVerified })
      .onConflictDoUpdate({
        target: [reviews.userId, reviews.siteId],
        set: { rating, comment, isVerified, updatedAt: sql`now()` },
      });
    const [totals] = await siteRatingTotalsQuery(tx, siteId);
    const average = averageRating(Number(totals.sum), Number(totals.count));
    await tx
      .update(sites)
      .set({ ratingAvg: average, reviewCount: Number(totals.count) })
      .where(eq(sites.id, siteId));
    const review = await getMyReview(tx, siteId, userId);
    return { review: review!, average, count: Number(totals.count) };
  });
}
