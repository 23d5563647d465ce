import type { NotificationSettings } from '../../../domain/contracts/account/notifications';
import { NOTIFICATION_EVENTS } from '../../../domain/notifications';
import type { Db } from '../../db/client';
import { getPreferenceGrid, savePreferenceGrid } from '../notifications';

/**
 * The customer's preferences; a switch never saved is on. The outbox honours them when it
 * enqueues (docs/decisions/0141-notification-preferences.md).
 */
export async function getNotificationSettings(db: Db, customerId: string): Promise<NotificationSettings> {
  return getPreferenceGrid(db, customerId, NOTIFICATION_EVENTS);
}

/** Saves all three channels at once (one upsert), so the stored state is always what the screen showed. */
export async function saveNotificationSettings(
  db: Db,
  customerId: string,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  return savePreferenceGrid(db, customerId, NOTIFICATION_EVENTS, settings);
}
