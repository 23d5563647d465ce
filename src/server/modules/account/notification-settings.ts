import { eq, sql } from 'drizzle-orm';
import type { NotificationSettings } from '../../../domain/contracts/account/notifications';
import { NOTIFICATION_CHANNELS, allOn } from '../../../domain/notifications';
import type { Db } from '../../db/client';
import { customerNotificationSettings } from '../../db/schema/index';

/** The customer's preferences; a channel never saved has every event on. */
export async function getNotificationSettings(db: Db, customerId: string): Promise<NotificationSettings> {
  const rows = await db
    .select()
    .from(customerNotificationSettings)
    .where(eq(customerNotificationSettings.customerId, customerId));
  const byChannel = new Map(rows.map((r) => [r.notificationType, r]));
  const out = {} as NotificationSettings;
  for (const channel of NOTIFICATION_CHANNELS) {
    const r = byChannel.get(channel);
    out[channel] = r
      ? {
          orderAccepted: r.orderAccepted,
          driverAssigned: r.driverAssigned,
          driverArrived: r.driverArrived,
          outForDelivery: r.outForDelivery,
          delivered: r.delivered,
          orderLate: r.orderLate,
        }
      : allOn();
  }
  return out;
}

/** Saves all three channels at once (one upsert), so the stored state is always what the screen showed. */
export async function saveNotificationSettings(
  db: Db,
  customerId: string,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  const now = new Date();
  await db
    .insert(customerNotificationSettings)
    .values(
      NOTIFICATION_CHANNELS.map((channel) => ({
        customerId,
        notificationType: channel,
        ...settings[channel],
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [customerNotificationSettings.customerId, customerNotificationSettings.notificationType],
      set: {
        orderAccepted: sql`excluded.order_accepted`,
        driverAssigned: sql`excluded.driver_assigned`,
        driverArrived: sql`excluded.driver_arrived`,
        outForDelivery: sql`excluded.out_for_delivery`,
        delivered: sql`excluded.delivered`,
        orderLate: sql`excluded.order_late`,
        updatedAt: now,
      },
    });
  return getNotificationSettings(db, customerId);
}
