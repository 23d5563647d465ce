import { desc, eq } from 'drizzle-orm';
import type { ListReviewsResponse } from '../../../domain/contracts/reviews/list-reviews';
import type { DbOrTx } from '../../db/client';
import { reviews, sites } from '../../db/schema/index';
import { isUuid, selectReviewRows, toReviewItem } from './review-rows';

/** A page of a branch's reviews, newest first, through reviews_site_created_idx. */
export function siteReviewsQuery(db: DbOrTx, siteId: string, limit: number, offset: number) {
  return selectReviewRows(db)
    .where(eq(reviews.siteId, siteId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .offset(offset);
}

/**
 * The reviews block: the branch's average and count (kept on the site row, written in the same
 * transaction as every review) and a page of reviews. Not a UUID or no such branch: empty.
 */
export async function listReviews(
  db: DbOrTx,
  siteId: string,
  page: { limit: number; offset: number },
  viewerId: string | null,
): Promise<ListReviewsResponse> {
  const empty = { average: null, count: 0, reviews: [] };
  if (!isUuid(siteId)) return empty;
  const [site] = await db
    .select({ ratingAvg: sites.ratingAvg, reviewCount: sites.reviewCount })
    .from(sites)
    .where(eq(sites.id, siteId));
  if (!site) return empty;
  const rows = site.reviewCount > 0 ? await siteReviewsQuery(db, siteId, page.limit, page.offset) : [];
  return {
    average: site.reviewCount > 0 && site.ratingAvg !== null ? Number(site.ratingAvg) : null,
    count: site.reviewCount,
    reviews: rows.map((r) => toReviewItem(r, viewerId)),
  };
}
