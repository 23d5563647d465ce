import { randomInt } from 'node:crypto';
import { DEFAULT_RADIUS_KM, radiusCap, radiusOverCap, roundRadius } from '../../../domain/branch-settings';
import type { CreateSiteBody, SiteDetail } from '../../../domain/contracts/partner/sites';
import { AppError } from '../../../domain/errors';
import { defaultOpeningHours } from '../../../domain/opening-hours';
import { slugWithSuffix, slugify } from '../../../domain/slug';
import type { Db } from '../../db/client';
import { eq } from 'drizzle-orm';
import { brands, sites } from '../../db/schema/index';
import type { Geocoder } from '../geo';
import { requireBrand, requireSite } from './access';
import { isUniqueViolation } from '../../platform/db-errors';
import { citySlugFor, coordinatesFor, normalisedPostcode } from './place-site';
import { toSiteDetail } from './site-detail';
import { getSettings } from '../settings';
import { storedPhone } from '../../../domain/phone';

const SLUG_ATTEMPTS = 6;

/**
 * Adds a location to a brand (owner or admin). The slug is the name's (docs/product/partner.md#locations); a
 * duplicate (23505) is retried with a random 4-character suffix. New locations open with the
 * product's defaults, except the halal status: a partner cannot vouch for itself, so it starts
 * self-declared until HalalNosh verifies it (docs/decisions/0031-locations.md).
 */
export async function createSite(
  deps: { db: Db; geocoder: Geocoder },
  userId: string,
  brandId: string,
  input: CreateSiteBody,
): Promise<SiteDetail> {
  await requireBrand(deps.db, userId, brandId, 'manage');
  const [brand] = await deps.db.select({ suspendedAt: brands.suspendedAt }).from(brands).where(eq(brands.id, brandId));
  // The platform settings act here: the default delivery fee seeds the location, and the radius is
  // bounded by the max delivery radius (docs/decisions/0151-settings-that-act.md).
  const settings = await getSettings(deps.db);
  const cap = radiusCap(settings.max_delivery_radius);
  const overCap = input.deliveryRadiusKm === undefined ? null : radiusOverCap(input.deliveryRadiusKm, cap);
  if (overCap) throw new AppError('VALIDATION_ERROR', overCap);
  const postcode = normalisedPostcode(input.postcode);
  const { lat, lng } = await coordinatesFor(deps.geocoder, input, postcode);
  const citySlug = await citySlugFor(deps.db, input.city);
  const base = slugify(input.name);
  const values = {
    brandId,
    name: input.name,
    description: input.description ?? null,
    address: input.address,
    city: input.city,
    citySlug,
    postcode,
    phone: storedPhone(input.phone),
    email: input.email ?? null,
    lat,
    lng,
    deliveryFeeMinor: input.deliveryFeeMinor ?? settings.default_delivery_fee,
    deliveryRadiusKm: roundRadius(input.deliveryRadiusKm ?? Math.min(DEFAULT_RADIUS_KM, cap)),
    openingHours: input.openingHours ?? defaultOpeningHours(),
    isOpen: true,
    status: 'active' as const,
    // Customers see a new location once HalalNosh approves it (docs/decisions/0153-restaurant-review.md).
    reviewStatus: 'draft' as const,
    brandSuspendedAt: brand?.suspendedAt ?? null,
  };

  for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
    const slug = attempt === 0 ? base : slugWithSuffix(base, () => randomInt(0, 1_000_000) / 1_000_000);
    try {
      const [row] = await deps.db
        .insert(sites)
        .values({ ...values, slug })
        .returning({ id: sites.id });
      return toSiteDetail(await requireSite(deps.db, userId, row.id));
    } catch (err) {
      if (!isUniqueViolation(err, 'sites_slug_unique')) throw err;
    }
  }
  throw new AppError('CONFLICT', 'Failed to create restaurant location. Please try again.');
}
