import { asc, like } from 'drizzle-orm';
import type { OrderNotification } from '../../../../domain/contracts/admin/order-console';
import type { DbOrTx } from '../../../db/client';
import { notificationOutbox } from '../../../db/schema/index';

/**
 * The messages about this order in the notification outbox, oldest first, for the console's
 * "Notifications" card (docs/product/admin.md#order-console): every order event's rows carry an
 * event id starting `order:<id>:` (docs/decisions/0140-notification-outbox.md), read through its
 * prefix index. Shows what was sent, what waits, what failed and what preferences skipped.
 */
export async function listOrderNotifications(db: DbOrTx, orderId: string): Promise<OrderNotification[]> {
  const rows = await db
    .select()
    .from(notificationOutbox)
    .where(like(notificationOutbox.eventId, `order:${orderId}:%`))
    .orderBy(asc(notificationOutbox.createdAt))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    recipient: r.recipientEmail ?? r.recipientPhone ?? (r.recipientUserId ? 'Account' : 'Unknown'),
    subject: r.payload.title,
    status: r.status,
    at: (r.sentAt ?? r.createdAt).toISOString(),
  }));
}
