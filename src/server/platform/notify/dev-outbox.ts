import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { mailOutbox } from '../../db/schema/index';
import { batched } from './batched';
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

/** The row a delivery becomes in `mail_outbox`. */
function rowOf(delivery: DevDelivery) {
  return {
    to: delivery.to,
    subject: delivery.title,
    text: delivery.text,
    html: delivery.html ?? null,
    url: delivery.url ?? null,
    dedupe_key: delivery.dedupeKey ?? null,
    transport: delivery.channel === 'email' ? 'outbox' : delivery.channel,
  };
}

/** The batch insert, prepared once per database (on PGlite too: docs/decisions/0183-order-placement-cpu.md). */
const insertDeliveries = preparedStatement<{ dedupe_key: string | null }>(
  'dev_outbox_record',
  () => sql`
    insert into mail_outbox ("to", subject, text, html, url, dedupe_key, transport, created_at)
    select r."to", r.subject, r.text, r.html, r.url, r.dedupe_key, r.transport, clock_timestamp()
    from jsonb_to_recordset(${sql.placeholder('deliveries')}::jsonb)
      as r("to" text, subject text, text text, html text, url text, dedupe_key text, transport text)
    on conflict (dedupe_key) do nothing
    returning dedupe_key`,
  { prepareOnPglite: true },
);

/**
 * Writes deliveries in one statement, and answers for each whether it was new: a key already
 * recorded (or twice in the batch: the first counts) is not written again. Each row is stamped
 * when written (clock_timestamp), so /dev/mail keeps the order of a batch, newest first.
 */
async function recordMany(db: Db, deliveries: DevDelivery[]): Promise<boolean[]> {
  const rows = await insertDeliveries(db, { deliveries: JSON.stringify(deliveries.map(rowOf)) });
  const written = new Set(rows.map((r) => r.dedupe_key));
  return deliveries.map((d) => (d.dedupeKey ? written.delete(d.dedupeKey) : true));
}

const recorders = new WeakMap<Db, (delivery: DevDelivery) => Promise<boolean>>();

/**
 * The dev outbox for all three channels (docs/decisions/0142-dev-outbox-all-channels.md): with no
 * SMTP, push or SMS provider configured, a sender records what it would have sent here instead,
 * and /dev/mail shows it newest first outside production. Stored in `mail_outbox`, whose
 * `transport` says the channel ('outbox' for e-mail, 'push', 'sms'). Recording is the delivery,
 * so the dedupe key makes it exactly once. Answers false when the key was already recorded.
 * Deliveries made while one write is in flight go together in the next (one statement for many
 * sends of a busy worker).
 */
export function recordDevDelivery(db: Db, delivery: DevDelivery): Promise<boolean> {
  let record = recorders.get(db);
  if (!record) recorders.set(db, (record = batched((batch: DevDelivery[]) => recordMany(db, batch))));
  return record(delivery);
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
