import { count, eq } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { GROUP_ORDER_MESSAGES } from '../../../domain/group-order';
import type { GroupView } from '../../../domain/contracts/group-orders/group-orders';
import type { Actor } from '../../../domain/policies';
import type { Db, DbOrTx } from '../../db/client';
import { groupOrderMembers, groupOrders } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { isUniqueViolation } from '../../platform/db-errors';
import { loadOrderSite } from '../orders';
import { type GroupRow, asOfNow, assertAllowed, findMember, hashSecret, newSecret } from './group-access';
import { buildGroupView } from './group-view';
import { groupChanged } from './publish';

/** The group a link opens; 404 for a link never made or replaced by "reset link". */
async function groupByLink(db: DbOrTx, linkToken: string, now: Date, lock = false): Promise<GroupRow> {
  const query = db
    .select()
    .from(groupOrders)
    .where(eq(groupOrders.linkTokenHash, hashSecret(linkToken)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', GROUP_ORDER_MESSAGES.notFound);
  return asOfNow(row, now);
}

/** What a link leads to, before joining: the branch, the host's name and whether there is room. */
export async function viewInvite(
  db: Db,
  input: { linkToken: string; actor: Actor | null; memberToken?: string | null; now: Date },
) {
  const group = await groupByLink(db, input.linkToken, input.now);
  const site = await loadOrderSite(db, group.siteId);
  const [host] = await db
    .select({ name: groupOrderMembers.name })
    .from(groupOrderMembers)
    .where(eq(groupOrderMembers.userId, group.hostUserId));
  const [{ n }] = await db
    .select({ n: count() })
    .from(groupOrderMembers)
    .where(eq(groupOrderMembers.groupOrderId, group.id));
  const member = await findMember(db, group.id, input.actor, input.memberToken);
  return {
    invite: {
      groupId: group.id,
      status: group.status,
      siteName: site.displayName,
      hostName: host?.name ?? '',
      memberCount: Number(n),
      maxMembers: group.maxMembers,
      expiresAt: group.expiresAt.toISOString(),
      isMember: member !== null,
    },
  };
}

/**
 * Joins by the link (docs/product/group-orders.md#joining): a signed-in customer under their
 * account's name, anyone else by a name they give, handed a member token once. Someone already in
 * the group is answered with the basket again (200), never a second row.
 */
export async function joinGroup(
  deps: {
    db: Db;
    bus: LiveBus;
    /** Counts one join attempt against the group's limit; false past it (docs/decisions/0270-group-order-expiry-and-join-limits.md). */
    joinLimit?: (groupId: string) => Promise<boolean>;
  },
  input: { linkToken: string; actor: Actor | null; memberToken?: string | null; name?: string; now: Date },
): Promise<{ created: boolean; group: GroupView; memberToken?: string }> {
  const asAccount = input.actor?.userType === 'customer' ? input.actor : null;
  const name = asAccount ? asAccount.name || 'Guest' : (input.name ?? '').trim();
  if (deps.joinLimit) {
    // Counted before the group's row lock: a flood of joins on one link is refused without queueing on it.
    const group = await groupByLink(deps.db, input.linkToken, input.now);
    if (!(await deps.joinLimit(group.id))) throw new AppError('RATE_LIMITED', GROUP_ORDER_MESSAGES.tooManyJoining);
  }
  const result = await deps.db
    .transaction(async (tx) => {
      const group = await groupByLink(tx, input.linkToken, input.now, true);
      const existing = await findMember(tx, group.id, input.actor, input.memberToken);
      if (existing) return { created: false, group, member: existing, token: undefined };
      if (!asAccount && !name)
        throw new AppError('VALIDATION_ERROR', GROUP_ORDER_MESSAGES.nameNeeded, { field: 'name' });
      assertAllowed('join', group, { isHost: false } as never);
      const [{ n }] = await tx
        .select({ n: count() })
        .from(groupOrderMembers)
        .where(eq(groupOrderMembers.groupOrderId, group.id));
      if (Number(n) >= group.maxMembers) throw new AppError('CONFLICT', GROUP_ORDER_MESSAGES.full(group.maxMembers));
      const token = asAccount ? undefined : newSecret();
      const [member] = await tx
        .insert(groupOrderMembers)
        .values({
          groupOrderId: group.id,
          userId: asAccount?.userId ?? null,
          name,
          memberTokenHash: token ? hashSecret(token) : null,
          isHost: false,
          joinedAt: input.now,
        })
        .returning();
      return { created: true, group, member, token };
    })
    .catch(async (err: unknown) => {
      // The same account joining twice at once: the second finds the first's row.
      if (!isUniqueViolation(err)) throw err;
      const group = await groupByLink(deps.db, input.linkToken, input.now);
      const member = await findMember(deps.db, group.id, input.actor, input.memberToken);
      if (!member) throw err;
      return { created: false, group, member, token: undefined };
    });
  if (result.created) await groupChanged(deps.bus, result.group, 'members');
  return {
    created: result.created,
    group: await buildGroupView(deps.db, result.group, result.member),
    ...(result.token ? { memberToken: result.token } : {}),
  };
}
