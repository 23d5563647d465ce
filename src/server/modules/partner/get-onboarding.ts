import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { OnboardingResponse, OnboardingSite } from '../../../domain/contracts/partner/onboarding-endpoints';
import { type ReadinessFacts, isReadyForReview, reviewReadiness } from '../../../domain/restaurant-review';
import type { DbOrTx } from '../../db/client';
import { brandMemberships, brands, sites } from '../../db/schema/index';

// Qualified by hand: a select from one table renders its columns unqualified, which the subquery would misread.
const itemCount = sql<number>`(select count(*)::int from menu_items mi join menus m on m.id = mi.menu_id where m.brand_id = "sites"."brand_id")`;

const siteColumns = {
  id: sites.id,
  brandId: sites.brandId,
  name: sites.name,
  city: sites.city,
  postcode: sites.postcode,
  reviewStatus: sites.reviewStatus,
  reviewMessage: sites.reviewMessage,
  submittedAt: sites.submittedAt,
  reviewedAt: sites.reviewedAt,
  menuItemCount: itemCount,
  lat: sites.lat,
  lng: sites.lng,
  openingHours: sites.openingHours,
  deliveryRadiusKm: sites.deliveryRadiusKm,
  deliveryFeeMinor: sites.deliveryFeeMinor,
};

type SiteRow = Omit<ReadinessFacts, 'menuItemCount'> & {
  id: string;
  name: string;
  city: string;
  postcode: string | null;
  reviewStatus: OnboardingSite['reviewStatus'];
  reviewMessage: string | null;
  submittedAt: Date | null;
  reviewedAt: Date | null;
  menuItemCount: number;
};

function toOnboardingSite(r: SiteRow): OnboardingSite {
  const readiness = reviewReadiness({ ...r, menuItemCount: Number(r.menuItemCount) });
  return {
    id: r.id,
    name: r.name,
    city: r.city,
    postcode: r.postcode,
    reviewStatus: r.reviewStatus,
    reviewMessage: r.reviewMessage,
    submittedAt: r.submittedAt?.toISOString() ?? null,
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    menuItemCount: Number(r.menuItemCount),
    readiness,
    readyForReview: isReadyForReview(readiness),
  };
}

/** One live location of a brand the caller manages, for the onboarding page; null otherwise. */
export async function onboardingSiteOf(db: DbOrTx, siteId: string): Promise<OnboardingSite | null> {
  const [row] = await db
    .select(siteColumns)
    .from(sites)
    .where(and(eq(sites.id, siteId), ne(sites.status, 'archived')));
  return row ? toOnboardingSite(row) : null;
}

/**
 * The brands the caller owns or administers, each with its live locations and their review
 * (docs/product/partner.md#becoming-a-partner). Site managers see no onboarding: they run a
 * location, they do not put one on HalalNosh.
 */
export async function getOnboarding(db: DbOrTx, userId: string): Promise<OnboardingResponse> {
  const brandRows = await db
    .select({ id: brands.id, name: brands.name, suspendedAt: brands.suspendedAt, reason: brands.suspensionReason })
    .from(brands)
    .innerJoin(brandMemberships, and(eq(brandMemberships.brandId, brands.id), eq(brandMemberships.userId, userId)))
    .where(inArray(brandMemberships.role, ['owner', 'admin']))
    .orderBy(asc(brands.createdAt));
  const siteRows = brandRows.length
    ? await db
        .select(siteColumns)
        .from(sites)
        .where(
          and(
            inArray(
              sites.brandId,
              brandRows.map((b) => b.id),
            ),
            ne(sites.status, 'archived'),
          ),
        )
        .orderBy(asc(sites.createdAt))
    : [];
  return {
    brands: brandRows.map((b) => ({
      id: b.id,
      name: b.name,
      suspended: b.suspendedAt !== null,
      suspensionReason: b.reason,
      sites: siteRows.filter((s) => s.brandId === b.id).map(toOnboardingSite),
    })),
  };
}
