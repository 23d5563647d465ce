import { and, count, eq, notInArray } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { FINAL_STATUSES } from '../../../domain/order-flow';
import { topicName } from '../../../domain/topics';
import type { Actor } from '../../../domain/policies';
import type { Db } from '../../db/client';
import { orders, sites } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { recordAudit } from '../audit';
import { requireSite } from './access';

export const ACTIVE_ORDERS_REFUSAL = 'This location has active orders. Complete or reject them before deleting it.';

/**
 * Deletes a location (owner or admin), refused with 409 while it has active orders. The site row
 * is locked first, which also holds back any order being placed there until this is decided. A
 * location with past orders is archived instead (hidden everywhere, its order history kept).
 */
export async function deleteSite(
  deps: { db: Db; bus: LiveBus },
  actor: Actor,
  siteId: string,
): Promise<{ deleted: true; archived: boolean }> {
  const site = await requireSite(deps.db, actor.userId, siteId, 'manage');
  const archived = await deps.db.transaction(async (tx) => {
    await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId)).for('update');
    const [active] = await tx
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.siteId, siteId), notInArray(orders.status, [...FINAL_STATUSES])));
    if (Number(active.n) > 0) throw new AppError('CONFLICT', ACTIVE_ORDERS_REFUSAL);
    const [past] = await tx.select({ n: count() }).from(orders).where(eq(orders.siteId, siteId));
    await recordAudit(tx, {
      actionType: 'site_deleted',
      entityType: 'site',
      entityId: siteId,
      actor: { userId: actor.userId, name: actor.name || actor.email },
      details: { brandId: site.brandId, name: site.name, slug: site.slug, archived: Number(past.n) > 0 },
    });
    if (Number(past.n) > 0) {
      await tx
        .update(sites)
        .set({ status: 'archived', isOpen: false, updatedAt: new Date() })
        .where(eq(sites.id, siteId));
      return true;
    }
    await tx.delete(sites).where(eq(sites.id, siteId));
    return false;
  });
  await deps.bus.publish(topicName.site(siteId), 'site.deleted', { siteId });
  return { deleted: true, archived };
}
