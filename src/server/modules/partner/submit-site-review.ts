import { eq } from 'drizzle-orm';
import type { OnboardingSite } from '../../../domain/contracts/partner/onboarding-endpoints';
import { AppError } from '../../../domain/errors';
import type { Actor } from '../../../domain/policies';
import { READINESS_CHECKS, READINESS_TODO, reviewMove } from '../../../domain/restaurant-review';
import type { Db } from '../../db/client';
import { sites } from '../../db/schema/index';
import { recordAudit } from '../audit';
import { requireSite } from './access';
import { onboardingSiteOf } from './get-onboarding';

/**
 * The owner or an admin of the brand submits a draft location, or one HalalNosh sent back, for
 * review; only a location that passes the readiness rule (address on the map, opening hours,
 * delivery radius and fee, a menu item) can be, refused with the first check still to do
 * (docs/product/partner.md#becoming-a-partner).
 */
export async function submitSiteReview(db: Db, actor: Actor, siteId: string): Promise<OnboardingSite> {
  return db.transaction(async (tx) => {
    const site = await requireSite(tx, actor.userId, siteId, 'manage');
    await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, site.id)).for('update');
    const current = await onboardingSiteOf(tx, site.id);
    if (!current) throw new AppError('NOT_FOUND', 'Location not found');
    const next = reviewMove(current.reviewStatus, 'submit');
    if (!next) throw new AppError('CONFLICT', 'This location has already been submitted for review.');
    const missing = READINESS_CHECKS.find((check) => !current.readiness[check]);
    if (missing) throw new AppError('VALIDATION_ERROR', READINESS_TODO[missing]);
    const now = new Date();
    await tx.update(sites).set({ reviewStatus: next, submittedAt: now, updatedAt: now }).where(eq(sites.id, site.id));
    await recordAudit(tx, {
      actionType: 'restaurant_submitted',
      entityType: 'site',
      entityId: site.id,
      actor: { userId: actor.userId, name: actor.name || actor.email },
      details: { brandName: site.brandName, siteName: site.name },
    });
    return (await onboardingSiteOf(tx, site.id))!;
  });
}
