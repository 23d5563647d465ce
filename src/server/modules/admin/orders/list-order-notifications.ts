import { asc, like } from 'drizzle-orm';
import { notificationRecipientLabel } from '../../../../domain/notifications';
import type { OrderNotification } from '../../../../domain/contracts/admin/order-console';
import type { DbOrTx } from '../../../db/client';
import { notificationOutbox } from '../../../db/schema/index';
import { outboxStatusOf } from '../../../platform/notify/outbox-worker';

/**
 * The messages about this order in the notification outbox, oldest first, for the console's
 * "Notifications" card (docs/product/admin.md#order-console): every order event's rows carry an
 * event id starting `order:<id>:` (docs/decisions/0140-notification-outbox.md), and so a dedupe key
 * starting the same, read through that key's index (docs/decisions/0185-outbox-claims-in-place.md).
 * Shows what was sent, what waits, what is being sent, what failed and what preferences skipped.
 */
export async function listOrderNotifications(db: DbOrTx, orderId: string): Promise<OrderNotification[]> {
  const rows = await db
    .select()
    .from(notificationOutbox)
    .where(like(notificationOutbox.dedupeKey, `order:${orderId}:%`))
    .orderBy(asc(notificationOutbox.createdAt))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    recipient: notificationRecipientLabel(r),
    subject: r.payload.title,
    status: outboxStatusOf(r),
    at: (r.sentAt ?? r.createdAt).toISOString(),
  }));
}
