import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  GROUP_ORDER_MESSAGES,
  effectiveStatus,
  groupActionProblem,
  type GroupAction,
} from '../../../domain/group-order';
import { AppError } from '../../../domain/errors';
import type { Actor } from '../../../domain/policies';
import type { DbOrTx } from '../../db/client';
import { groupOrderMembers, groupOrders } from '../../db/schema/index';

export type GroupRow = typeof groupOrders.$inferSelect;
export type MemberRow = typeof groupOrderMembers.$inferSelect;

/** A new link or member secret: 256 bits from the CSPRNG, base64url (docs/decisions/0256-group-order-links-and-member-tokens.md). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this is stored: a secret's SHA-256, so the table alone opens no basket. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * An open or locked basket past its end time reads as expired at once (docs/product/group-orders.md#limits),
 * so nothing can be added to it or placed from it; the expiry sweeper (group-end.ts) writes the end
 * and tells the members, once (docs/decisions/0270-group-order-expiry-and-join-limits.md).
 */
export function asOfNow(group: GroupRow, now: Date): GroupRow {
  if (group.status === 'expired' || effectiveStatus(group.status, group.expiresAt, now) !== 'expired') return group;
  return { ...group, status: 'expired', endedReason: 'expired' };
}

/** The caller's member row in a group: by their account, else by the member token they hold. */
export async function findMember(
  db: DbOrTx,
  groupId: string,
  actor: Actor | null,
  memberToken: string | null | undefined,
): Promise<MemberRow | null> {
  if (actor) {
    const [byUser] = await db
      .select()
      .from(groupOrderMembers)
      .where(and(eq(groupOrderMembers.groupOrderId, groupId), eq(groupOrderMembers.userId, actor.userId)));
    if (byUser) return byUser;
  }
  if (memberToken) {
    const [byToken] = await db
      .select()
      .from(groupOrderMembers)
      .where(
        and(
          eq(groupOrderMembers.groupOrderId, groupId),
          eq(groupOrderMembers.memberTokenHash, hashSecret(memberToken)),
        ),
      );
    if (byToken) return byToken;
  }
  return null;
}

/**
 * The group and the caller's place in it. A group the caller is not in (or no session and no member
 * token at all): 404, as for one that does not exist. `lock` takes the group's row lock (inside a
 * transaction), so changes to one basket run one at a time.
 */
export async function loadGroupForMember(
  db: DbOrTx,
  input: { groupId: string; actor: Actor | null; memberToken?: string | null; now: Date; lock?: boolean },
): Promise<{ group: GroupRow; member: MemberRow }> {
  // The routes are public (a visitor member has no session), so a caller with neither a session nor
  // a member token is answered as a non-member: 404, never 401 (docs/decisions/0256-group-order-links-and-member-tokens.md).
  if (!input.actor && !input.memberToken) throw new AppError('NOT_FOUND', 'Group order not found');
  const query = db.select().from(groupOrders).where(eq(groupOrders.id, input.groupId));
  const [row] = input.lock ? await query.for('update') : await query;
  const member = row ? await findMember(db, row.id, input.actor, input.memberToken) : null;
  if (!row || !member) throw new AppError('NOT_FOUND', 'Group order not found');
  return { group: asOfNow(row, input.now), member };
}

/** Refuses an action the group's state or the caller's part does not allow (403 host only, 409 otherwise). */
export function assertAllowed(action: GroupAction, group: GroupRow, member: MemberRow): void {
  const problem = groupActionProblem(action, group.status, member.isHost);
  if (!problem) return;
  if (problem === 'hostOnly') throw new AppError('FORBIDDEN', GROUP_ORDER_MESSAGES.hostOnly);
  if (problem === 'locked') throw new AppError('CONFLICT', GROUP_ORDER_MESSAGES.locked);
  if (problem === 'notLocked') throw new AppError('CONFLICT', GROUP_ORDER_MESSAGES.lockFirst);
  const status = group.status as 'ordered' | 'cancelled' | 'expired';
  throw new AppError('CONFLICT', GROUP_ORDER_MESSAGES.ended[status]);
}

/** Whether the caller is in the group (live topics: `group:{id}`). */
export async function isGroupMember(
  db: DbOrTx,
  groupId: string,
  actor: Actor | null,
  memberToken: string | null,
): Promise<boolean> {
  if (!actor && !memberToken) return false;
  return (await findMember(db, groupId, actor, memberToken)) !== null;
}

/** Whether the caller is in the group whose placed order this is: members follow its status live. */
export async function isMemberOfOrdersGroup(
  db: DbOrTx,
  orderId: string,
  actor: Actor | null,
  memberToken: string | null,
): Promise<boolean> {
  if (!actor && !memberToken) return false;
  const [group] = await db.select({ id: groupOrders.id }).from(groupOrders).where(eq(groupOrders.orderId, orderId));
  return group ? isGroupMember(db, group.id, actor, memberToken) : false;
}
