import { and, count, eq } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { GROUP_ORDER_MESSAGES } from '../../../domain/group-order';
import type { GroupView } from '../../../domain/contracts/group-orders/group-orders';
import type { Actor } from '../../../domain/policies';
import type { Db, DbOrTx } from '../../db/client';
import { groupOrderLines } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { loadOrderSite, priceLines } from '../orders';
import { type GroupRow, type MemberRow, assertAllowed, loadGroupForMember } from './group-access';
import { buildGroupView } from './group-view';
import { groupChanged } from './publish';

type Deps = { db: Db; bus: LiveBus };
type Caller = { groupId: string; actor: Actor | null; memberToken?: string | null; now: Date };

/** A line is checked as checkout prices it: on this branch's menu today, available, options by their rules. */
async function checkLine(
  db: DbOrTx,
  group: GroupRow,
  line: { menuItemId: string; quantity: number; optionIds: string[] },
) {
  const site = await loadOrderSite(db, group.siteId);
  await priceLines(db, site, [line]);
}

/** Runs a basket change under the group's row lock, then tells the group and answers the basket. */
async function change(
  deps: Deps,
  caller: Caller,
  what: 'lines' | 'status',
  work: (tx: DbOrTx, group: GroupRow, member: MemberRow) => Promise<GroupRow | void>,
): Promise<GroupView> {
  const { group, member } = await deps.db.transaction(async (tx) => {
    const found = await loadGroupForMember(tx, { ...caller, lock: true });
    const changed = await work(tx, found.group, found.member);
    return { group: changed ?? found.group, member: found.member };
  });
  await groupChanged(deps.bus, group, what);
  return buildGroupView(deps.db, group, member);
}

/** A member adds a line of their own while the basket is open (docs/product/group-orders.md#the-basket). */
export function addLine(
  deps: Deps,
  caller: Caller,
  body: { menuItemId: string; quantity: number; optionIds: string[] },
): Promise<GroupView> {
  return change(deps, caller, 'lines', async (tx, group, member) => {
    assertAllowed('addLine', group, member);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(groupOrderLines)
      .where(eq(groupOrderLines.groupOrderId, group.id));
    if (Number(n) >= group.maxLines) throw new AppError('CONFLICT', GROUP_ORDER_MESSAGES.tooManyLines(group.maxLines));
    await checkLine(tx, group, body);
    await tx.insert(groupOrderLines).values({
      groupOrderId: group.id,
      memberId: member.id,
      menuItemId: body.menuItemId,
      optionIds: body.optionIds,
      quantity: body.quantity,
      createdAt: caller.now,
      updatedAt: caller.now,
    });
  });
}

async function lineOf(tx: DbOrTx, groupId: string, lineId: string) {
  const [line] = await tx
    .select()
    .from(groupOrderLines)
    .where(and(eq(groupOrderLines.id, lineId), eq(groupOrderLines.groupOrderId, groupId)));
  if (!line) throw new AppError('NOT_FOUND', 'That line is not in this basket');
  return line;
}

/** A member changes their own line (quantity, options) while the basket is open; nobody else's. */
export function editLine(
  deps: Deps,
  caller: Caller & { lineId: string },
  body: { quantity: number; optionIds?: string[] },
): Promise<GroupView> {
  return change(deps, caller, 'lines', async (tx, group, member) => {
    const line = await lineOf(tx, group.id, caller.lineId);
    if (line.memberId !== member.id) throw new AppError('FORBIDDEN', GROUP_ORDER_MESSAGES.notYourLine);
    assertAllowed('editOwnLine', group, member);
    const optionIds = body.optionIds ?? line.optionIds;
    await checkLine(tx, group, { menuItemId: line.menuItemId, quantity: body.quantity, optionIds });
    await tx
      .update(groupOrderLines)
      .set({ quantity: body.quantity, optionIds, updatedAt: caller.now })
      .where(eq(groupOrderLines.id, line.id));
  });
}

/** A member removes their own line while the basket is open; the host removes any line, also once locked. */
export function removeLine(deps: Deps, caller: Caller & { lineId: string }): Promise<GroupView> {
  return change(deps, caller, 'lines', async (tx, group, member) => {
    const line = await lineOf(tx, group.id, caller.lineId);
    if (line.memberId === member.id && !member.isHost) assertAllowed('editOwnLine', group, member);
    else if (!member.isHost) throw new AppError('FORBIDDEN', GROUP_ORDER_MESSAGES.notYourLine);
    else assertAllowed('removeAnyLine', group, member);
    await tx.delete(groupOrderLines).where(eq(groupOrderLines.id, line.id));
  });
}

export { change as changeGroup };
