import { isPreferenceKind, notificationKindLabel } from '../../../domain/notifications';
import type { notificationOutbox } from '../../db/schema/index';
import type { OutgoingMessage } from '../../platform/notify/channels';
import { APP } from './templates';
import { unsubscribeToken } from './unsubscribe';

type OutboxRow = typeof notificationOutbox.$inferSelect;

/**
 * What the worker does to a stored row before it sends: the `{{app}}` links become absolute
 * (PUBLIC_URL), and an e-mail to an account about a switchable kind gets its unsubscribe link
 * (docs/product/orders.md#notifications).
 */
export function messagePreparer(config: { publicUrl: string; authSecret: string }) {
  const base = config.publicUrl.replace(/\/$/, '');
  return (row: OutboxRow, message: OutgoingMessage): OutgoingMessage => {
    const abs = (s: string) => s.split(APP).join(base);
    let text = abs(message.text);
    let html = message.html ? abs(message.html) : undefined;
    if (row.channel === 'email' && row.recipientUserId && isPreferenceKind(row.eventKind)) {
      const link = `${base}/unsubscribe?token=${unsubscribeToken(config.authSecret, {
        userId: row.recipientUserId,
        channel: 'email',
        kind: row.eventKind,
      })}`;
      const label = `Stop "${notificationKindLabel(row.eventKind)}" e-mails`;
      text = `${text}\n\n${label}: ${link}`;
      if (html) {
        html = html.replace(
          '</body>',
          `<p style="font-size:12px"><a href="${link}" style="color:#6b7280">${label.replace(/"/g, '&quot;')}</a></p></body>`,
        );
      }
    }
    return {
      ...message,
      text,
      ...(html ? { html } : {}),
      ...(message.url
        ? { url: message.url.startsWith('/') && row.channel === 'email' ? `${base}${message.url}` : message.url }
        : {}),
    };
  };
}
