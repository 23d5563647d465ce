import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AdminRole, BrandRole } from '../../../domain/roles';
import type { TicketChannel, TicketPriority, TicketStatus } from '../../../domain/tickets';
import { user } from './auth';
import { brands, TENANT_ID } from './catalog';
import { timeOrderedId } from '../time-ordered-id';

/** Platform settings, one JSON-encoded value per key (docs/product/admin.md#settings). */
export const tenantSettings = pgTable(
  'tenant_settings',
  {
    tenantId: text('tenant_id').notNull().default(TENANT_ID),
    settingKey: text('setting_key').notNull(),
    settingValue: text('setting_value').notNull(),
    updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.settingKey] })],
);

export const teamMembers = pgTable(
  'team_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull().unique(),
    role: text('role').$type<AdminRole>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('team_members_user_idx').on(t.userId)],
);

/** Team invitations (admin back office) and partner staff invitations share one table. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    fullName: text('full_name'),
    invitationType: text('invitation_type').$type<'team_membership' | 'partner_staff'>().notNull(),
    teamRole: text('team_role').$type<AdminRole>(),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    partnerRole: text('partner_role').$type<Exclude<BrandRole, 'owner'>>(),
    siteIds: jsonb('site_ids').$type<string[]>().notNull().default([]),
    status: text('status').$type<'pending' | 'accepted' | 'revoked' | 'expired'>().notNull().default('pending'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitations_team_pending_email')
      .on(t.email)
      .where(sql`${t.invitationType} = 'team_membership' and ${t.status} = 'pending'`),
    uniqueIndex('invitations_staff_pending_email')
      .on(t.brandId, t.email)
      .where(sql`${t.invitationType} = 'partner_staff' and ${t.status} = 'pending'`),
    index('invitations_brand_idx').on(t.brandId),
  ],
);

export const ticketNumberSeq = pgSequence('ticket_number_seq', { startWith: 1001 });

export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketNumber: text('ticket_number').notNull().unique(),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    status: text('status').$type<TicketStatus>().notNull().default('new'),
    priority: text('priority').$type<TicketPriority>().notNull().default('normal'),
    channel: text('channel').$type<TicketChannel>().notNull(),
    customerEmail: text('customer_email'),
    orderId: uuid('order_id'),
    siteId: uuid('site_id'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    assigneeId: text('assignee_id').references(() => user.id, { onDelete: 'set null' }),
    /** Set for tickets raised automatically, so each cause raises one ticket only. */
    dedupeKey: text('dedupe_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tickets_status_idx').on(t.status, t.createdAt), index('tickets_order_idx').on(t.orderId)],
);

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    senderType: text('sender_type').$type<'staff' | 'customer' | 'driver' | 'restaurant' | 'system'>().notNull(),
    senderId: text('sender_id'),
    senderName: text('sender_name').notNull(),
    message: text('message').notNull(),
    isInternal: boolean('is_internal').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actionType: text('action_type').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    performedBy: text('performed_by'),
    performedByName: text('performed_by_name'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_entity_idx').on(t.entityType, t.entityId)],
);

/** Every stored file: content-checked on upload, private ones served only through an authorised route. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'set null' }),
    purpose: text('purpose')
      .$type<'menu_image' | 'brand_logo' | 'driver_document' | 'proof_of_delivery' | 'halal_certificate'>()
      .notNull(),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    isPrivate: boolean('is_private').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerId)],
);

/** Mail sent through SMTP, or kept here as the dev outbox when no SMTP is configured. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: timeOrderedId(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    // 'smtp' and 'outbox' are e-mail; 'push' and 'sms' are dev-outbox deliveries of those channels (platform/notify/dev-outbox.ts).
    transport: text('transport').$type<'smtp' | 'outbox' | 'push' | 'sms'>().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    /** The notification outbox row's dedupe key: a re-sent notification is recorded (and sent) once. */
    dedupeKey: text('dedupe_key').unique(),
    /** The page a push or SMS opens (dev outbox). */
    url: text('url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);
