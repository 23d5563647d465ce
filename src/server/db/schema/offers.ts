import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { OfferKind } from '../../../domain/offers';
import type { Weekday } from '../../../domain/opening-hours';
import { user } from './auth';
import { brands, sites } from './catalog';

/**
 * Restaurant offers (docs/product/offers.md; docs/decisions/0250-restaurant-offers-pricing.md): made by a
 * brand's owner or admin for the whole brand (site_id null) or one location, funded by the
 * restaurant. Never deleted: ending one sets ended_at, so orders keep naming the offer they had.
 */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<OfferKind>().notNull(),
    percent: integer('percent'),
    capMinor: integer('cap_minor'),
    amountMinor: integer('amount_minor'),
    minSpendMinor: integer('min_spend_minor').notNull().default(0),
    itemIds: jsonb('item_ids').$type<string[]>().notNull().default([]),
    /** London dates, inclusive; ends_on null: until ended. */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    /** Weekday keys; empty: every day. */
    days: jsonb('days').$type<Weekday[]>().notNull().default([]),
    /** HH:MM daily window [from, until); both null: all day. */
    fromTime: text('from_time'),
    untilTime: text('until_time'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('offers_brand_idx').on(t.brandId),
    index('offers_site_idx').on(t.siteId),
    check(
      'offers_amounts_nonneg',
      sql`coalesce(${t.percent}, 0) between 0 and 100 and coalesce(${t.capMinor}, 0) >= 0 and coalesce(${t.amountMinor}, 0) >= 0 and ${t.minSpendMinor} >= 0`,
    ),
  ],
);
