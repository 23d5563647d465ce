import { eq } from 'drizzle-orm';
import type { RestaurantDetail, SiteReviewBody } from '../../../../domain/contracts/admin/restaurants-endpoints';
import { AppError } from '../../../../domain/errors';
import type { Actor } from '../../../../domain/policies';
import { type ReviewAction, reviewMove, reviewRefusal } from '../../../../domain/restaurant-review';
import type { Db } from '../../../db/client';
import { brands, sites } from '../../../db/schema/index';
import { recordAudit } from '../../audit';
import { COMPANY, notifyRestaurantReview } from '../../notifications';
import { getRestaurantReview } from './get-restaurant-review';

/**
 * The e-mail each decision sends the partner (docs/product/partner.md#becoming-a-partner), naming the
 * company of the settings (docs/decisions/0171-company-details-in-messages.md).
 */
function decisionMail(action: ReviewAction, place: string, message: string | null) {
  switch (action) {
    case 'approve':
      return {
        title: `${place} is live on ${COMPANY}`,
        sentence: `Good news: ${place} has been approved. Customers can now find it and order.`,
      };
    case 'request_changes':
      return {
        title: `Changes needed for ${place}`,
        sentence: `${COMPANY} reviewed ${place} and asks for changes: ${message}`,
      };
    case 'suspend':
      return {
        title: `${place} has been suspended`,
        sentence: `${COMPANY} has suspended ${place}; customers cannot see it. Reason: ${message}`,
      };
    default:
      return {
        title: `${place} is back on ${COMPANY}`,
        sentence: `${place} has been reinstated. Customers can find it and order again.`,
      };
  }
}

/**
 * A reviewer approves a location, sends it back with a message, suspends or reinstates it: one
 * transaction with the audit row and the partner's e-mail (docs/product/admin.md#restaurants).
 */
export async function reviewSite(
  db: Db,
  actor: Actor,
  siteId: string,
  body: SiteReviewBody,
): Promise<RestaurantDetail> {
  await db.transaction(async (tx) => {
    const [site] = await tx
      .select({ id: sites.id, name: sites.name, status: sites.reviewStatus, brandName: brands.name })
      .from(sites)
      .innerJoin(brands, eq(brands.id, sites.brandId))
      .where(eq(sites.id, siteId))
      .for('update', { of: sites });
    if (!site) throw new AppError('NOT_FOUND', 'Location not found');
    const next = reviewMove(site.status, body.action);
    if (!next) throw new AppError('CONFLICT', reviewRefusal(site.status, body.action));
    const message = body.message?.trim() || null;
    const now = new Date();
    await tx
      .update(sites)
      .set({
        reviewStatus: next,
        // The message the partner sees stays while it still applies: cleared by an approval or reinstatement.
        reviewMessage: body.action === 'approve' || body.action === 'reinstate' ? null : message,
        reviewedAt: now,
        updatedAt: now,
      })
      .where(eq(sites.id, site.id));
    await recordAudit(tx, {
      actionType: `restaurant_${body.action}`,
      entityType: 'site',
      entityId: site.id,
      actor: { userId: actor.userId, name: actor.name || actor.email },
      details: { brandName: site.brandName, siteName: site.name, from: site.status, to: next, message },
    });
    const place = `${site.brandName} (${site.name})`;
    await notifyRestaurantReview(tx, {
      eventId: `site-review:${site.id}:${body.action}:${now.getTime()}`,
      siteId: site.id,
      ...decisionMail(body.action, place, message),
    });
  });
  return getRestaurantReview(db, siteId);
}
