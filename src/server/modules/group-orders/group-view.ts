import { asc, eq } from 'drizzle-orm';
import type { GroupView } from '../../../domain/contracts/group-orders/group-orders';
import { splitGroupOrder } from '../../../domain/group-order';
import { orderTotalFor, serviceFeeFor } from '../../../domain/ledger';
import type { ChosenOption } from '../../../domain/menu-options';
import { settingsFrom } from '../../../domain/settings';
import { AppError } from '../../../domain/errors';
import type { DbOrTx } from '../../db/client';
import { groupOrderLines, groupOrderMembers, orders } from '../../db/schema/index';
import { readSettings } from '../../platform/tenant-settings';
import { type OrderSite, branchItems, loadOrderSite, priceLines } from '../orders';
import type { GroupRow, MemberRow } from './group-access';

type LineRow = typeof groupOrderLines.$inferSelect;
export type PricedGroupLine = {
  line: LineRow;
  name: string;
  unitPriceMinor: number;
  lineTotalMinor: number;
  options: ChosenOption[];
  problem: string | null;
};

/**
 * Each line priced now by the rules checkout uses (priceLines: the branch's menu, its overrides,
 * the options' rules); a line that could not be ordered as it is carries the reason instead.
 */
export async function priceGroupLines(db: DbOrTx, site: OrderSite, lines: LineRow[]): Promise<PricedGroupLine[]> {
  const items = await branchItems(db, site, [...new Set(lines.map((l) => l.menuItemId))]);
  const byId = new Map(items.map((i) => [i.id, i]));
  const out: PricedGroupLine[] = [];
  for (const line of lines) {
    try {
      const priced = await priceLines(
        db,
        site,
        [{ menuItemId: line.menuItemId, quantity: line.quantity, optionIds: line.optionIds }],
        items,
      );
      const [p] = priced.lines;
      out.push({
        line,
        name: p.name,
        unitPriceMinor: p.unitPriceMinor,
        lineTotalMinor: p.lineTotalMinor,
        options: p.options,
        problem: null,
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const name = byId.get(line.menuItemId)?.name ?? 'An item no longer on the menu';
      out.push({ line, name, unitPriceMinor: 0, lineTotalMinor: 0, options: [], problem: err.message });
    }
  }
  return out;
}

/** The shared basket as its members see it (docs/product/group-orders.md). */
export async function buildGroupView(db: DbOrTx, group: GroupRow, you: MemberRow): Promise<GroupView> {
  const site = await loadOrderSite(db, group.siteId);
  const members = await db
    .select()
    .from(groupOrderMembers)
    .where(eq(groupOrderMembers.groupOrderId, group.id))
    .orderBy(asc(groupOrderMembers.joinedAt), asc(groupOrderMembers.id));
  const lineRows = await db
    .select()
    .from(groupOrderLines)
    .where(eq(groupOrderLines.groupOrderId, group.id))
    .orderBy(asc(groupOrderLines.createdAt), asc(groupOrderLines.id));
  const priced = await priceGroupLines(db, site, lineRows);
  const names = new Map(members.map((m) => [m.id, m.name]));

  let order: GroupView['order'] = null;
  let totals: { subtotalMinor: number; deliveryFeeMinor: number; serviceFeeMinor: number; totalMinor: number };
  let split: GroupView['split'];
  const [placed] = group.orderId
    ? await db
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          status: orders.status,
          subtotalMinor: orders.subtotalMinor,
          deliveryFeeMinor: orders.deliveryFeeMinor,
          serviceFeeMinor: orders.serviceFeeMinor,
          totalMinor: orders.totalMinor,
        })
        .from(orders)
        .where(eq(orders.id, group.orderId))
    : [];
  if (placed) {
    order = { id: placed.id, orderNumber: placed.orderNumber, status: placed.status };
    totals = placed;
    split = group.split ?? [];
  } else {
    const subtotalMinor = priced.filter((p) => !p.problem).reduce((a, p) => a + p.lineTotalMinor, 0);
    const settings = settingsFrom(await readSettings(db, ['service_fee_percent']));
    const deliveryFeeMinor = subtotalMinor > 0 ? site.deliveryFeeMinor : 0;
    const serviceFeeMinor = serviceFeeFor(subtotalMinor, settings.service_fee_percent);
    totals = {
      subtotalMinor,
      deliveryFeeMinor,
      serviceFeeMinor,
      totalMinor: orderTotalFor({ subtotalMinor, deliveryFeeMinor, serviceFeeMinor }),
    };
    split = shareOf(members, priced, totals);
  }
  const host = members.find((m) => m.isHost);
  return {
    id: group.id,
    status: group.status,
    expiresAt: group.expiresAt.toISOString(),
    site: { id: site.id, name: site.displayName, slug: site.slug },
    hostName: host?.name ?? '',
    you: { memberId: you.id, name: you.name, isHost: you.isHost },
    limits: { maxMembers: group.maxMembers, maxLines: group.maxLines },
    members: members.map((m) => ({ id: m.id, name: m.name, isHost: m.isHost, isYou: m.id === you.id })),
    lines: priced.map((p) => ({
      id: p.line.id,
      memberId: p.line.memberId,
      memberName: names.get(p.line.memberId) ?? '',
      mine: p.line.memberId === you.id,
      menuItemId: p.line.menuItemId,
      name: p.name,
      quantity: p.line.quantity,
      optionIds: p.line.optionIds,
      options: p.options,
      unitPriceMinor: p.unitPriceMinor,
      lineTotalMinor: p.lineTotalMinor,
      problem: p.problem,
    })),
    subtotalMinor: totals.subtotalMinor,
    deliveryFeeMinor: totals.deliveryFeeMinor,
    serviceFeeMinor: totals.serviceFeeMinor,
    totalMinor: totals.totalMinor,
    split,
    order,
  };
}

/** Each member's share, with their name, of these totals (domain/group-order.ts). */
export function shareOf(
  members: { id: string; name: string }[],
  priced: PricedGroupLine[],
  totals: { subtotalMinor: number; deliveryFeeMinor: number; totalMinor: number },
): GroupView['split'] {
  const names = new Map(members.map((m) => [m.id, m.name]));
  return splitGroupOrder(
    members.map((m) => m.id),
    priced.filter((p) => !p.problem).map((p) => ({ memberId: p.line.memberId, lineTotalMinor: p.lineTotalMinor })),
    totals,
  ).map((s) => ({ ...s, name: names.get(s.memberId) ?? '' }));
}
