import { SETTING_DEFAULTS } from '../../../domain/settings';
import type { DbOrTx } from '../../db/client';
import type { notificationOutbox } from '../../db/schema/index';
import { readSettings } from '../../platform/tenant-settings';
import { enqueueNotifications } from './enqueue';
import { statusMessage } from './templates';

/** Something operations must look at (docs/decisions/0146-city-opened-and-operations-alerts.md). */
export type OpsAlert = {
  /** The event it reports; the same event never alerts twice. */
  eventId: string;
  title: string;
  sentence: string;
  /** The back-office page to open. */
  path: string;
  linkLabel: string;
};

/** The platform's "Notification email" setting (docs/product/admin.md#settings), else its default. */
export async function operationsEmail(tx: DbOrTx): Promise<string> {
  const s = await readSettings(tx, ['notification_email']);
  const value = s.notification_email;
  return typeof value === 'string' && value.trim() ? value.trim() : SETTING_DEFAULTS.notification_email;
}

/**
 * One e-mail to the operations address, written in the caller's transaction: late orders, no driver
 * found, halal concerns and notifications that finally failed (docs/product/admin.md#operations-alerts).
 */
export async function notifyOperations(tx: DbOrTx, alert: OpsAlert): Promise<number> {
  return enqueueNotifications(tx, [
    {
      kind: 'opsAlert',
      eventId: `ops:${alert.eventId}`,
      channel: 'email',
      email: await operationsEmail(tx),
      payload: statusMessage(alert.title, alert.sentence, alert.path, alert.linkLabel),
    },
  ]);
}

type OutboxRow = Pick<
  typeof notificationOutbox.$inferSelect,
  'id' | 'eventKind' | 'channel' | 'attempts' | 'lastError' | 'payload'
>;

/**
 * The outbox worker's hook for a row that has finally failed: operations hear of it once per final
 * failure. An alert that itself fails raises none, so a broken mail server cannot loop.
 */
export async function alertFailedNotification(tx: DbOrTx, row: OutboxRow): Promise<void> {
  if (row.eventKind === 'opsAlert') return;
  const channel = row.channel === 'sms' ? 'text' : row.channel === 'push' ? 'push notification' : 'e-mail';
  await notifyOperations(tx, {
    eventId: `outbox:${row.id}:failed:${row.attempts}`,
    title: `A notification failed: ${row.payload.title}`,
    sentence: `The ${channel} "${row.payload.title}" could not be sent after ${row.attempts} attempt${row.attempts === 1 ? '' : 's'}${row.lastError ? ` (${row.lastError})` : ''}.`,
    path: '/admin/notifications?status=failed',
    linkLabel: 'Open Notifications',
  });
}
