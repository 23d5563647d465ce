import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { timeOrderedId } from '../time-ordered-id';

/**
 * A row's status. A row being sent stays `pending` under a lease (leased_until, lease_token): a
 * claim changes no indexed column, so PostgreSQL updates it in place
 * (docs/decisions/0185-outbox-claims-in-place.md). `sending` is never stored: it is what people are
 * shown for a pending row whose lease holds (outboxStatusOf).
 */
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';

/** What an outbox row sends: rendered when the event happens, so the worker needs no business data. */
export type OutboxPayload = { title: string; text: string; html?: string; url?: string };

/**
 * The transactional outbox (docs/decisions/0140-notification-outbox.md): one row per event,
 * recipient and channel, written in the transaction of the change that causes it; the worker
 * (platform/notify/outbox.ts) claims rows with FOR UPDATE SKIP LOCKED under a lease.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: timeOrderedId(),
    /** The notification kind (domain/notifications.ts). */
    eventKind: text('event_kind').notNull(),
    /** The change it reports: `order:<id>:<status>`, `job:<id>`, `ticket-message:<id>`… */
    eventId: text('event_id').notNull(),
    recipientUserId: text('recipient_user_id').references(() => user.id, { onDelete: 'set null' }),
    /** A visitor's (or the account's) address and phone at the time of the event. */
    recipientEmail: text('recipient_email'),
    recipientPhone: text('recipient_phone'),
    channel: text('channel').$type<'email' | 'push' | 'sms'>().notNull(),
    /**
     * event id + recipient + channel: the same event never reaches the same person on the same
     * channel twice. It starts with the event id, so its index also finds an order's rows by prefix.
     */
    dedupeKey: text('dedupe_key').notNull(),
    payload: jsonb('payload').$type<OutboxPayload>().notNull(),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While a worker sends the row: until when its claim owns the row, and the claim. */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    leaseToken: text('lease_token'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Unique, and in text order: `order:<id>:%` finds an order's rows (its event ids' prefix).
    uniqueIndex('notification_outbox_dedupe_key_unique').using('btree', t.dedupeKey.op('text_pattern_ops')),
    // Each channel's lane of the worker claims its own due rows (platform/notify/outbox-worker.ts).
    // Only the queue's rows: a row leaves it when its answer is recorded.
    index('notification_outbox_lane_idx')
      .on(t.channel, t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    // The back office's failed sends, newest first; the queue's own rows are in the lanes' index.
    // Only failed rows enter it: an index on every status would take an entry for each version a
    // claim and an answer leave behind (docs/decisions/0183-order-placement-cpu.md).
    index('notification_outbox_failed_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'failed'`),
  ],
);

/**
 * Notification switches per person, channel and kind (docs/decisions/0141-notification-preferences.md);
 * a missing row is "on". Customers, drivers and partners alike.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'email' | 'push' | 'sms'>().notNull(),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.channel, t.kind] })],
);
