import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { RestaurantRow } from '../../../../domain/contracts/admin/restaurants-endpoints';
import type { ReviewStatus } from '../../../../domain/restaurant-review';
import type { DbOrTx } from '../../../db/client';
import { brands, sites } from '../../../db/schema/index';

export const restaurantRowColumns = {
  siteId: sites.id,
  siteName: sites.name,
  brandId: brands.id,
  brandName: brands.name,
  brandSuspendedAt: brands.suspendedAt,
  city: sites.city,
  reviewStatus: sites.reviewStatus,
  submittedAt: sites.submittedAt,
};

export function toRestaurantRow(r: {
  siteId: string;
  siteName: string;
  brandId: string;
  brandName: string;
  brandSuspendedAt: Date | null;
  city: string;
  reviewStatus: ReviewStatus;
  submittedAt: Date | null;
}): RestaurantRow {
  return {
    siteId: r.siteId,
    siteName: r.siteName,
    brandId: r.brandId,
    brandName: r.brandName,
    brandSuspended: r.brandSuspendedAt !== null,
    city: r.city,
    reviewStatus: r.reviewStatus,
    submittedAt: r.submittedAt?.toISOString() ?? null,
  };
}

/**
 * The Restaurants page's list (docs/product/admin.md#restaurants): by default the review queue,
 * submitted locations oldest first; any other state, or all live locations, newest first.
 */
export async function listRestaurants(db: DbOrTx, status: ReviewStatus | 'all'): Promise<RestaurantRow[]> {
  const rows = await db
    .select(restaurantRowColumns)
    .from(sites)
    .innerJoin(brands, eq(brands.id, sites.brandId))
    .where(and(ne(sites.status, 'archived'), status === 'all' ? undefined : eq(sites.reviewStatus, status)))
    .orderBy(status === 'submitted' ? asc(sites.submittedAt) : desc(sites.createdAt))
    .limit(500);
  return rows.map(toRestaurantRow);
}
