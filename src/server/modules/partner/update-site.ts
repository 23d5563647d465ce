import { eq } from 'drizzle-orm';
import {
  MAX_PAUSE_HOURS,
  applyDailyHours,
  radiusCap,
  radiusOverCap,
  roundRadius,
} from '../../../domain/branch-settings';
import type { SiteDetail, UpdateSiteBody } from '../../../domain/contracts/partner/sites';
import { AppError } from '../../../domain/errors';
import { topicName } from '../../../domain/topics';
import type { Db } from '../../db/client';
import { sites } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import type { Geocoder } from '../geo';
import { requireSite } from './access';
import { citySlugFor, coordinatesFor, normalisedPostcode } from './place-site';
import { toSiteDetail } from './site-detail';
import { getSettings } from '../settings';
import { type Actor, opensBranch } from '../../../domain/policies';
import { requireCurrentTerms } from '../account';
import { storedPhone } from '../../../domain/phone';

/**
 * Edit Location and Branch Settings (any staff of the location, a site manager included): only
 * the fields sent change. The slug stays as it was, so links customers saved keep working.
 * Opening a closed or paused branch takes new orders, so it needs the current terms; closing,
 * pausing and other edits never do (docs/decisions/0206-new-terms-hold-back-new-work-only.md).
 */
export async function updateSite(
  deps: { db: Db; geocoder: Geocoder; bus: LiveBus },
  actor: Actor,
  siteId: string,
  input: UpdateSiteBody,
  now = new Date(),
): Promise<SiteDetail> {
  const userId = actor.userId;
  const site = await requireSite(deps.db, userId, siteId);
  if (opensBranch(site, input, now)) await requireCurrentTerms(deps.db, actor);
  const changes: Partial<typeof sites.$inferInsert> = {};
  for (const key of [
    'name',
    'address',
    'city',
    'description',
    'phone',
    'email',
    'deliveryFeeMinor',
    'minOrderMinor',
    'isOpen',
    'busyExtraMinutes',
    'responseTimeoutMinutes',
    'driverSearchMinutes',
    'openingHours',
  ] as const) {
    if (input[key] !== undefined) (changes as Record<string, unknown>)[key] = input[key];
  }
  if (input.deliveryRadiusKm !== undefined) {
    const overCap = radiusOverCap(input.deliveryRadiusKm, radiusCap((await getSettings(deps.db)).max_delivery_radius));
    if (overCap) throw new AppError('VALIDATION_ERROR', overCap);
    changes.deliveryRadiusKm = roundRadius(input.deliveryRadiusKm);
  }
  if (changes.phone !== undefined) changes.phone = storedPhone(changes.phone);
  if (input.postcode !== undefined) changes.postcode = normalisedPostcode(input.postcode);

  if (input.lat !== undefined || input.lng !== undefined) {
    Object.assign(
      changes,
      await coordinatesFor(deps.geocoder, { lat: input.lat ?? null, lng: input.lng ?? null }, null),
    );
  } else if (changes.postcode && changes.postcode !== site.postcode) {
    const moved = await coordinatesFor(deps.geocoder, {}, changes.postcode);
    if (moved.lat !== null) Object.assign(changes, moved);
  }
  if (input.city !== undefined && input.city !== site.city) changes.citySlug = await citySlugFor(deps.db, input.city);
  if (input.openingTime !== undefined && input.closingTime !== undefined) {
    changes.openingHours = applyDailyHours(
      changes.openingHours ?? site.openingHours,
      input.openingTime,
      input.closingTime,
    );
  }
  if (input.pausedUntil !== undefined) {
    if (input.pausedUntil === null) changes.pausedUntil = null;
    else {
      const until = new Date(input.pausedUntil);
      if (until.getTime() <= now.getTime())
        throw new AppError('VALIDATION_ERROR', 'Choose a time in the future to pause until');
      if (until.getTime() > now.getTime() + MAX_PAUSE_HOURS * 3_600_000) {
        throw new AppError(
          'VALIDATION_ERROR',
          `A pause lasts at most ${MAX_PAUSE_HOURS} hours; use the open/closed switch for longer`,
        );
      }
      changes.pausedUntil = until;
    }
  }

  await deps.db
    .update(sites)
    .set({ ...changes, updatedAt: now })
    .where(eq(sites.id, siteId));
  await deps.bus.publish(topicName.site(siteId), 'site.updated', { siteId });
  return toSiteDetail(await requireSite(deps.db, userId, siteId));
}
