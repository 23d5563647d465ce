import { and, asc, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { GROUP_ORDER_MESSAGES } from '../../../domain/group-order';
import type { GroupCheckoutBody, GroupView } from '../../../domain/contracts/group-orders/group-orders';
import type { OrderView } from '../../../domain/contracts/orders/order-view';
import type { Actor } from '../../../domain/policies';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { groupOrderLines, groupOrderMembers, groupOrders } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import type { Geocoder, RoutePlanner } from '../geo';
import { buildOrderView, loadOrderSite, placeOrder } from '../orders';
import { assertAllowed, loadGroupForMember } from './group-access';
import { buildGroupView, priceGroupLines, shareOf } from './group-view';
import { tellMembersGroupEnded } from './group-end';
import { groupChanged } from './publish';

type Deps = { db: Db; bus: LiveBus; geocoder: Geocoder; config: Config; routes?: RoutePlanner };

/** The order's own idempotency key: one group makes one order, however often checkout is sent. */
export function groupOrderKey(groupId: string): string {
  return `group-order:${groupId}`;
}

/**
 * The host places the locked basket as one order (docs/product/group-orders.md#checking-out),
 * through the normal checkout (placeOrder): priced by the server exactly as any order, one
 * delivery, cash at the door, the host's receipt through the outbox. Each person's share is worked
 * out from the order's own total (docs/decisions/0257-group-order-split.md) and kept with the group.
 */
export async function checkoutGroup(
  deps: Deps,
  input: { groupId: string; actor: Actor | null; memberToken?: string | null; body: GroupCheckoutBody; now: Date },
): Promise<{ created: boolean; group: GroupView; order: OrderView }> {
  const { group, member } = await loadGroupForMember(deps.db, input);
  if (!member.isHost) throw new AppError('FORBIDDEN', GROUP_ORDER_MESSAGES.hostOnly);
  if (group.status === 'ordered' && group.orderId) {
    return {
      created: false,
      group: await buildGroupView(deps.db, group, member),
      order: await buildOrderView(deps.db, group.orderId, 'customer'),
    };
  }
  assertAllowed('checkout', group, member);
  const lines = await deps.db
    .select()
    .from(groupOrderLines)
    .where(eq(groupOrderLines.groupOrderId, group.id))
    .orderBy(asc(groupOrderLines.createdAt), asc(groupOrderLines.id));
  if (!lines.length) throw new AppError('CONFLICT', GROUP_ORDER_MESSAGES.emptyBasket);

  const placed = await placeOrder(deps, {
    body: {
      siteId: group.siteId,
      orderType: 'DELIVERY',
      items: lines.map((l) => ({ menuItemId: l.menuItemId, quantity: l.quantity, optionIds: l.optionIds })),
      customerName: input.body.customerName,
      customerPhone: input.body.customerPhone,
      deliveryAddress: input.body.deliveryAddress,
      deliveryPostcode: input.body.deliveryPostcode,
      deliveryInstructions: input.body.deliveryInstructions,
      expectedTotalMinor: input.body.expectedTotalMinor,
    },
    idempotencyKey: groupOrderKey(group.id),
    actor: input.actor,
    now: input.now,
  });
  const order = placed.order;

  const site = await loadOrderSite(deps.db, group.siteId);
  const members = await deps.db
    .select()
    .from(groupOrderMembers)
    .where(eq(groupOrderMembers.groupOrderId, group.id))
    .orderBy(asc(groupOrderMembers.joinedAt), asc(groupOrderMembers.id));
  const split = shareOf(members, await priceGroupLines(deps.db, site, lines), order);
  const ordered = { ...group, status: 'ordered' as const, orderId: order.id, split, updatedAt: input.now };
  await deps.db.transaction(async (tx) => {
    // The order exists, so the group is ordered whatever a sweeper wrote meanwhile; the members
    // hear of it once, with their share, in the same transaction (docs/decisions/0271-group-order-messages.md).
    const [marked] = await tx
      .update(groupOrders)
      .set({ status: 'ordered', orderId: order.id, split, endedReason: null, updatedAt: input.now })
      .where(and(eq(groupOrders.id, group.id), isNull(groupOrders.orderId)))
      .returning({ id: groupOrders.id });
    if (marked)
      await tellMembersGroupEnded(tx, ordered, {
        kind: 'ordered',
        orderNumber: order.orderNumber,
        hostName: member.name,
      });
  });
  await groupChanged(deps.bus, ordered, 'status');
  return { created: placed.created, group: await buildGroupView(deps.db, ordered, member), order };
}
