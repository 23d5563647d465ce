import { and, eq, inArray } from 'drizzle-orm';
import type { BrandReviewBody } from '../../../../domain/contracts/admin/restaurants-endpoints';
import { AppError } from '../../../../domain/errors';
import type { Actor } from '../../../../domain/policies';
import type { Db } from '../../../db/client';
import { brandMemberships, brands, sites } from '../../../db/schema/index';
import { recordAudit } from '../../audit';
import { COMPANY, notifyRestaurantReview } from '../../notifications';

/**
 * Suspends or reinstates a whole brand: its locations leave or rejoin the listings together (their
 * own review states are kept), with the audit row and an e-mail to the brand's owners and admins
 * in the same transaction (docs/product/admin.md#restaurants).
 */
export async function reviewBrand(db: Db, actor: Actor, brandId: string, body: BrandReviewBody): Promise<void> {
  await db.transaction(async (tx) => {
    const [brand] = await tx
      .select({ id: brands.id, name: brands.name, suspendedAt: brands.suspendedAt })
      .from(brands)
      .where(eq(brands.id, brandId))
      .for('update');
    if (!brand) throw new AppError('NOT_FOUND', 'Brand not found');
    const suspend = body.action === 'suspend';
    if (suspend === (brand.suspendedAt !== null)) {
      throw new AppError('CONFLICT', suspend ? 'This brand is already suspended.' : 'This brand is not suspended.');
    }
    const now = new Date();
    const message = body.message?.trim() || null;
    await tx
      .update(brands)
      .set({ suspendedAt: suspend ? now : null, suspensionReason: suspend ? message : null, updatedAt: now })
      .where(eq(brands.id, brand.id));
    await tx
      .update(sites)
      .set({ brandSuspendedAt: suspend ? now : null })
      .where(eq(sites.brandId, brand.id));
    await recordAudit(tx, {
      actionType: `brand_${body.action}`,
      entityType: 'brand',
      entityId: brand.id,
      actor: { userId: actor.userId, name: actor.name || actor.email },
      details: { brandName: brand.name, message },
    });
    const managers = await tx
      .select({ userId: brandMemberships.userId })
      .from(brandMemberships)
      .where(and(eq(brandMemberships.brandId, brand.id), inArray(brandMemberships.role, ['owner', 'admin'])));
    await notifyRestaurantReview(tx, {
      eventId: `brand-review:${brand.id}:${body.action}:${now.getTime()}`,
      userIds: managers.map((m) => m.userId),
      ...(suspend
        ? {
            title: `${brand.name} has been suspended`,
            sentence: `${COMPANY} has suspended ${brand.name}; customers cannot see any of its locations. Reason: ${message}`,
          }
        : {
            title: `${brand.name} is back on ${COMPANY}`,
            sentence: `${brand.name} has been reinstated. Its approved locations are listed to customers again.`,
          }),
    });
  });
}
