import { sql } from 'drizzle-orm';
import { boolean, check, date, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { HalalStatus } from '../../../domain/halal';
import type {
  CertificateScope,
  CertificateStatus,
  CertifyingBody,
  HalalScope,
  SlaughterMethod,
} from '../../../domain/halal-facts';
import { user } from './auth';
import { uploads } from './backoffice';
import { menuItems, sites } from './catalog';

/** A location's halal certificate as its partner submitted it, and HalalNosh's decision on it (docs/decisions/0070-halal-trust.md). */
export const halalCertificates = pgTable(
  'halal_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    certifyingBody: text('certifying_body').$type<CertifyingBody>().notNull(),
    /** The body's name when certifying_body is "other". */
    certifyingBodyOther: text('certifying_body_other'),
    certificateNumber: text('certificate_number').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    /** The last day it is valid (London calendar). */
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id),
    scope: text('scope').$type<CertificateScope>().notNull(),
    itemIds: jsonb('item_ids').$type<string[]>().notNull().default([]),
    status: text('status').$type<CertificateStatus>().notNull().default('pending'),
    submittedBy: text('submitted_by').references(() => user.id, { onDelete: 'set null' }),
    reviewedBy: text('reviewed_by').references(() => user.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('halal_certificates_site_idx').on(t.siteId, t.status),
    // The expiry sweeper's scan: approved certificates by expiry date.
    index('halal_certificates_status_expiry_idx').on(t.status, t.expiresOn),
    // Deleting an upload checks this foreign key; the unused-uploads sweeper asks it too.
    index('halal_certificates_upload_idx').on(t.uploadId),
    check('halal_certificates_dates', sql`${t.issuedOn} <= ${t.expiresOn}`),
  ],
);

/** What a location declares about itself; shown to customers as the partner's declaration. */
export const siteHalalFacts = pgTable('site_halal_facts', {
  siteId: uuid('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  alcoholServed: boolean('alcohol_served').notNull().default(false),
  porkOnPremises: boolean('pork_on_premises').notNull().default(false),
  slaughterMethod: text('slaughter_method').$type<SlaughterMethod>().notNull().default('not_stated'),
  halalScope: text('halal_scope').$type<HalalScope>().notNull().default('whole_menu'),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The per-item halal flag of a location whose halal scope is "some items". Kept per location
 * (items belong to the brand's base menu, the declaration to each kitchen); a row means halal.
 */
export const siteHalalItems = pgTable(
  'site_halal_items',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    isHalal: boolean('is_halal').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.itemId] })],
);

/** Every halal status change of a location: the public history shows its dates and statuses. */
export const halalStatusHistory = pgTable(
  'halal_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<HalalStatus>(),
    toStatus: text('to_status').$type<HalalStatus>().notNull(),
    reason: text('reason').notNull(),
    /** Null for the system (the expiry sweeper). */
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('halal_status_history_site_idx').on(t.siteId, t.at)],
);
