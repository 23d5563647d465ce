import type { OrderNotification } from '../../../../domain/contracts/admin/order-console';
import type { DbOrTx } from '../../../db/client';

/**
 * HOOK (notification outbox): the messages sent about this order, for the console's
 * "Notifications" card (docs/product/admin.md#order-console). The notification outbox
 * (`notification_outbox`) is being built separately; until it lands nothing records which message
 * belongs to which order, so this answers an empty list. When it lands: select its rows for
 * `orderId`, newest last, mapped to OrderNotification (channel, recipient, subject, status, sent or
 * queued time). Nothing else on the console needs to change.
 */
export async function listOrderNotifications(db: DbOrTx, orderId: string): Promise<OrderNotification[]> {
  void db;
  void orderId;
  return [];
}
