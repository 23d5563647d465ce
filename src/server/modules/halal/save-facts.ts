import { eq } from 'drizzle-orm';
import type { SaveHalalFactsBody } from '../../../domain/contracts/halal/partner-halal';
import type { Actor } from '../../../domain/policies';
import { topicName } from '../../../domain/topics';
import type { Db } from '../../db/client';
import { siteHalalFacts, siteHalalItems } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { recordAudit } from '../audit';
import { requireSiteStaff } from './partner-site';
import { requireSiteItems } from './site-items';

/**
 * The partner's declaration (alcohol, pork, slaughter method, whole menu or some items) and the
 * per-item halal flags, replaced together with their audit row in one transaction.
 */
export async function saveHalalFacts(
  deps: { db: Db; bus: LiveBus },
  actor: Actor,
  siteId: string,
  body: SaveHalalFactsBody,
): Promise<void> {
  await requireSiteStaff(deps.db, actor.userId, siteId);
  const itemIds =
    body.halalScope === 'some_items' ? await requireSiteItems(deps.db, siteId, body.halalItemIds, 'halalItemIds') : [];
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(siteHalalFacts).where(eq(siteHalalFacts.siteId, siteId)).for('update');
    const values = {
      alcoholServed: body.alcoholServed,
      porkOnPremises: body.porkOnPremises,
      slaughterMethod: body.slaughterMethod,
      halalScope: body.halalScope,
      updatedBy: actor.userId,
      updatedAt: new Date(),
    };
    await tx
      .insert(siteHalalFacts)
      .values({ siteId, ...values })
      .onConflictDoUpdate({ target: siteHalalFacts.siteId, set: values });
    await tx.delete(siteHalalItems).where(eq(siteHalalItems.siteId, siteId));
    if (itemIds.length) await tx.insert(siteHalalItems).values(itemIds.map((itemId) => ({ siteId, itemId })));
    await recordAudit(tx, {
      actionType: 'halal_facts_changed',
      entityType: 'site',
      entityId: siteId,
      actor: { userId: actor.userId, name: actor.name },
      details: {
        before: before
          ? {
              alcoholServed: before.alcoholServed,
              porkOnPremises: before.porkOnPremises,
              slaughterMethod: before.slaughterMethod,
              halalScope: before.halalScope,
            }
          : null,
        after: {
          alcoholServed: body.alcoholServed,
          porkOnPremises: body.porkOnPremises,
          slaughterMethod: body.slaughterMethod,
          halalScope: body.halalScope,
        },
        halalItemCount: itemIds.length,
      },
    });
  });
  await deps.bus.publish(topicName.site(siteId), 'halal.facts', { siteId });
}
