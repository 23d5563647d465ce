import { eq } from 'drizzle-orm';
import type { GroupView } from '../../../domain/contracts/group-orders/group-orders';
import type { Actor } from '../../../domain/policies';
import type { Db } from '../../db/client';
import { groupOrders } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { assertAllowed, hashSecret, loadGroupForMember, newSecret } from './group-access';
import { changeGroup } from './basket-lines';
import { tellMembersGroupEnded } from './group-end';
import { groupChanged } from './publish';

type Deps = { db: Db; bus: LiveBus };
type Caller = { groupId: string; actor: Actor | null; memberToken?: string | null; now: Date };

/** The host locks the basket (members' changes stop) or opens it again (docs/product/group-orders.md#checking-out). */
export function setLocked(deps: Deps, caller: Caller, locked: boolean): Promise<GroupView> {
  return changeGroup(deps, caller, 'status', async (tx, group, member) => {
    assertAllowed(locked ? 'lock' : 'unlock', group, member);
    const status = locked ? ('locked' as const) : ('open' as const);
    if (group.status === status) return group;
    await tx.update(groupOrders).set({ status, updatedAt: caller.now }).where(eq(groupOrders.id, group.id));
    return { ...group, status };
  });
}

/** The host cancels: the basket ends, nothing is ordered. */
export function cancelGroup(deps: Deps, caller: Caller): Promise<GroupView> {
  return changeGroup(deps, caller, 'status', async (tx, group, member) => {
    assertAllowed('cancel', group, member);
    await tx
      .update(groupOrders)
      .set({ status: 'cancelled', endedReason: 'host', updatedAt: caller.now })
      .where(eq(groupOrders.id, group.id));
    await tellMembersGroupEnded(tx, group, { kind: 'cancelled', hostName: member.name });
    return { ...group, status: 'cancelled' as const, endedReason: 'host' };
  });
}

/** The host replaces the link: the old one opens nothing any more; people already in stay in. */
export async function resetLink(deps: Deps, caller: Caller): Promise<{ linkToken: string }> {
  const linkToken = newSecret();
  const group = await deps.db.transaction(async (tx) => {
    const { group, member } = await loadGroupForMember(tx, { ...caller, lock: true });
    assertAllowed('resetLink', group, member);
    await tx
      .update(groupOrders)
      .set({ linkTokenHash: hashSecret(linkToken), updatedAt: caller.now })
      .where(eq(groupOrders.id, group.id));
    return group;
  });
  await groupChanged(deps.bus, group, 'link');
  return { linkToken };
}
