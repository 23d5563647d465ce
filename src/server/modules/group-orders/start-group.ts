import { AppError } from '../../../domain/errors';
import { GROUP_ORDER_LIMITS } from '../../../domain/group-order';
import type { GroupView } from '../../../domain/contracts/group-orders/group-orders';
import type { Actor } from '../../../domain/policies';
import { isListed } from '../../../domain/restaurant-review';
import type { Db } from '../../db/client';
import { groupOrderMembers, groupOrders } from '../../db/schema/index';
import { loadOrderSite } from '../orders';
import { hashSecret, newSecret } from './group-access';
import { buildGroupView } from './group-view';

/**
 * A signed-in customer starts a group order at a branch (docs/product/group-orders.md#starting):
 * the group and its host's member row in one transaction; the link's secret is answered once and
 * only its hash kept.
 */
export async function startGroup(
  deps: { db: Db },
  input: { actor: Actor; siteId: string; now: Date },
): Promise<{ group: GroupView; linkToken: string }> {
  const site = await loadOrderSite(deps.db, input.siteId);
  if (!isListed(site)) throw new AppError('NOT_FOUND', 'Restaurant not found');
  const linkToken = newSecret();
  const { group, host } = await deps.db.transaction(async (tx) => {
    const [group] = await tx
      .insert(groupOrders)
      .values({
        hostUserId: input.actor.userId,
        siteId: site.id,
        linkTokenHash: hashSecret(linkToken),
        status: 'open',
        maxMembers: GROUP_ORDER_LIMITS.maxMembers,
        maxLines: GROUP_ORDER_LIMITS.maxLines,
        expiresAt: new Date(input.now.getTime() + GROUP_ORDER_LIMITS.ttlMinutes * 60_000),
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    const [host] = await tx
      .insert(groupOrderMembers)
      .values({
        groupOrderId: group.id,
        userId: input.actor.userId,
        name: input.actor.name || 'Host',
        isHost: true,
        joinedAt: input.now,
      })
      .returning();
    return { group, host };
  });
  return { group: await buildGroupView(deps.db, group, host), linkToken };
}
