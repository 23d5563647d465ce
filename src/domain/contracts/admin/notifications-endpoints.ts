import { z } from 'zod';
import { adminArea } from '../../policies';
import { api } from '../endpoint';

export const adminNotificationsQuery = z.strictObject({
  status: z.enum(['failed', 'pending']).optional(),
});
const outboxItem = z.object({
  id: z.string(),
  kind: z.string(),
  kindLabel: z.string(),
  channel: z.enum(['email', 'push', 'sms']),
  /** The address, phone or account it was meant for. */
  recipient: z.string(),
  title: z.string(),
  status: z.enum(['pending', 'sending', 'sent', 'failed', 'skipped']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  createdAt: z.string(),
});
export type AdminOutboxItem = z.infer<typeof outboxItem>;
export const adminNotificationsResponse = z.object({
  items: z.array(outboxItem),
  counts: z.object({ pending: z.number().int(), failed: z.number().int() }),
});
export const adminNotificationParams = z.strictObject({ id: z.uuid({ error: 'Invalid notification id' }) });
export const retryNotificationResponse = z.object({ item: outboxItem });

/** The back office's Notifications page (docs/product/admin.md#notifications). */
export const adminNotificationEndpoints = {
  getAdminNotifications: api('GET /api/admin/notifications', adminArea('notifications'))
    .summary('List failed and pending notification sends')
    .takes({ query: adminNotificationsQuery })
    .answers({ 200: adminNotificationsResponse }),
  postAdminNotificationRetry: api('POST /api/admin/notifications/:id/retry', adminArea('notifications'))
    .summary('Send one failed or pending notification again now')
    .takes({ params: adminNotificationParams })
    .answers({ 200: retryNotificationResponse }),
};
