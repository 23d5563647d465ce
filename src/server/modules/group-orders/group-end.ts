import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { groupOrderMembers, groupOrders } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { type GroupEnd, notifyGroupEnded } from '../notifications';
import { loadOrderSite } from '../orders';
import type { GroupRow } from './group-access';
import { groupChanged } from './publish';

/**
 * Tells the group's members that have a channel (an account) how the basket ended, in the
 * transaction that ends it (docs/decisions/0271-group-order-messages.md). The host is told only of
 * an expiry: they cancelled or placed it themselves, and placing sends them the order's receipt.
 */
export async function tellMembersGroupEnded(
  tx: DbOrTx,
  group: Pick<GroupRow, 'id' | 'siteId' | 'split'>,
  end: GroupEnd,
): Promise<number> {
  const members = await tx
    .select({ id: groupOrderMembers.id, userId: groupOrderMembers.userId, isHost: groupOrderMembers.isHost })
    .from(groupOrderMembers)
    .where(and(eq(groupOrderMembers.groupOrderId, group.id), isNotNull(groupOrderMembers.userId)))
    .orderBy(asc(groupOrderMembers.joinedAt));
  const shares = new Map((group.split ?? []).map((s) => [s.memberId, s.totalMinor]));
  const recipients = members
    .filter((m) => end.kind === 'expired' || !m.isHost)
    .map((m) => ({ userId: m.userId!, shareMinor: end.kind === 'ordered' ? shares.get(m.id) : undefined }));
  if (!recipients.length) return 0;
  const site = await loadOrderSite(tx, group.siteId);
  return notifyGroupEnded(tx, { groupId: group.id, siteName: site.displayName, end, recipients });
}

/** The host's name as the group shows it, for the messages. */
export async function hostNameOf(tx: DbOrTx, groupId: string): Promise<string> {
  const [host] = await tx
    .select({ name: groupOrderMembers.name })
    .from(groupOrderMembers)
    .where(and(eq(groupOrderMembers.groupOrderId, groupId), eq(groupOrderMembers.isHost, true)));
  return host?.name ?? 'The host';
}

/** Baskets claimed per pass; a backlog drains over the following passes. */
const BATCH = 100;

/**
 * One pass of the expiry sweeper (docs/decisions/0270-group-order-expiry-and-join-limits.md): every
 * open or locked basket past its end time becomes expired, its members with an account are told
 * through the outbox in the same transaction, and everyone on the group page hears it live after
 * the commit. Baskets are claimed with FOR UPDATE SKIP LOCKED, so a basket the host is checking out
 * at this moment waits for the next pass (and is then placed, not expired), and two processes
 * sweeping at once end each basket once.
 */
export async function expireDueGroups(deps: { db: DbOrTx; bus: LiveBus }, now: Date): Promise<{ expired: number }> {
  const ended = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(groupOrders)
      .where(and(inArray(groupOrders.status, ['open', 'locked']), lte(groupOrders.expiresAt, now)))
      .orderBy(asc(groupOrders.expiresAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    for (const group of due) {
      await tx
        .update(groupOrders)
        .set({ status: 'expired', endedReason: 'expired', updatedAt: now })
        .where(eq(groupOrders.id, group.id));
      await tellMembersGroupEnded(tx, group, { kind: 'expired' });
    }
    return due;
  });
  for (const group of ended) await groupChanged(deps.bus, { id: group.id, status: 'expired' }, 'status');
  return { expired: ended.length };
}
