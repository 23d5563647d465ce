import { formatPence } from '../../../domain/money';
import type { DbOrTx } from '../../db/client';
import { type NotificationRow, enqueueNotifications } from './enqueue';
import { statusMessage } from './templates';

/** A group member the outbox can reach: an account (a visitor who gave only a name has no channel). */
export type GroupRecipient = { userId: string; shareMinor?: number };

export type GroupEnd =
  | { kind: 'ordered'; orderNumber: string; hostName: string }
  | { kind: 'cancelled'; hostName: string }
  | { kind: 'expired' };

/**
 * What a group order's end says to a member (docs/product/group-orders.md#messages): the host placed
 * it (with the order number and the member's share), cancelled it, or it expired unplaced.
 */
export function groupEndMessage(end: GroupEnd, siteName: string, groupId: string, shareMinor?: number) {
  const path = `/group/${groupId}`;
  switch (end.kind) {
    case 'ordered':
      return statusMessage(
        `Your group order from ${siteName} has been placed`,
        `${end.hostName} placed the group order from ${siteName} as order ${end.orderNumber}. ` +
          (shareMinor !== undefined
            ? `Your share is ${formatPence(shareMinor)}, to pay ${end.hostName}: the order is paid in cash at the door.`
            : 'The order is paid in cash at the door.'),
        path,
        'See the group order',
      );
    case 'cancelled':
      return statusMessage(
        `Group order from ${siteName} cancelled`,
        `${end.hostName} cancelled the group order from ${siteName}. Nothing was ordered.`,
        path,
        'See the group order',
      );
    case 'expired':
      return statusMessage(
        `Group order from ${siteName} expired`,
        `The group order from ${siteName} expired before it was placed. Nothing was ordered.`,
        path,
        'See the group order',
      );
  }
}

/**
 * Tells the group's members with an account, by e-mail, in the transaction that ends the basket; the
 * event id is the group's end, so each person hears of it once however often the end is written
 * (docs/decisions/0271-group-order-messages.md).
 */
export function notifyGroupEnded(
  tx: DbOrTx,
  g: { groupId: string; siteName: string; end: GroupEnd; recipients: readonly GroupRecipient[] },
): Promise<number> {
  const rows: NotificationRow[] = g.recipients.map((r) => ({
    kind: 'groupOrder',
    eventId: `group:${g.groupId}:${g.end.kind}`,
    channel: 'email',
    userId: r.userId,
    payload: groupEndMessage(g.end, g.siteName, g.groupId, r.shareMinor),
  }));
  return enqueueNotifications(tx, rows);
}
