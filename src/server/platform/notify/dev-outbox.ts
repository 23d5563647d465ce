import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/index';
import type { DeliveryChannel } from './channels';

export type DevDelivery = {
  channel: DeliveryChannel;
  /** E-mail address, phone number, or for push the user id (or subscription endpoint) it was meant for. */
  to: string;
  /** E-mail subject or push title; an SMS may pass its first words. */
  title: string;
  text: string;
  html?: string;
  /** The page the notification opens. */
  url?: string;
  /** The outbox row's dedupe key (OutgoingMessage.dedupeKey): a second delivery of the same key is not recorded again. */
  dedupeKey?: string;
};

export type DevDeliveryRow = Omit<DevDelivery, 'dedupeKey'> & { id: string; createdAt: Date };

/**
 * The dev outbox for all three channels (docs/decisions/0142-dev-outbox-all-channels.md): with no
 * SMTP, push or SMS provider configured, a sender records what it would have sent here instead,
 * and /dev/mail shows it newest first outside production. Stored in `mail_outbox`, whose
 * `transport` says the channel ('outbox' for e-mail, 'push', 'sms'). Recording is the delivery,
 * so the dedupe key makes it exactly once. Answers false when the key was already recorded.
 */
export async function recordDevDelivery(db: Db, delivery: DevDelivery): Promise<boolean> {
  const rows = await db
    .insert(mailOutbox)
    .values({
      to: delivery.to,
      subject: delivery.title,
      text: delivery.text,
      html: delivery.html ?? null,
      url: delivery.url ?? null,
      dedupeKey: delivery.dedupeKey ?? null,
      transport: delivery.channel === 'email' ? 'outbox' : delivery.channel,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/** The latest deliveries of every channel, newest first (what /dev/mail lists). */
export async function listDevDeliveries(db: Db, limit = 50): Promise<DevDeliveryRow[]> {
  const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
  return rows.map((m) => ({
    id: m.id,
    channel: m.transport === 'push' || m.transport === 'sms' ? m.transport : 'email',
    to: m.to,
    title: m.subject,
    text: m.text,
    ...(m.html ? { html: m.html } : {}),
    ...(m.url ? { url: m.url } : {}),
    createdAt: m.createdAt,
  }));
}
