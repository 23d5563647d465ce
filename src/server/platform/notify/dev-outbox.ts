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
};

export type DevDeliveryRow = DevDelivery & { id: string; createdAt: Date };

/**
 * The dev outbox for all three channels (docs/decisions/0005-email-confirmation-and-outbox.md): outside production,
 * with no SMTP, push or SMS provider configured, a sender records what it would have sent here
 * instead, and /dev/mail shows it newest first. Stored in `mail_outbox`, whose `transport` says
 * the channel ('outbox' for e-mail, 'push', 'sms').
 */
export async function recordDevDelivery(db: Db, delivery: DevDelivery): Promise<void> {
  await db.insert(mailOutbox).values({
    to: delivery.to,
    subject: delivery.title,
    text: delivery.url ? `${delivery.text}\n\n${delivery.url}` : delivery.text,
    html: delivery.html ?? null,
    transport: delivery.channel === 'email' ? 'outbox' : delivery.channel,
  });
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
    html: m.html ?? undefined,
    createdAt: m.createdAt,
  }));
}
