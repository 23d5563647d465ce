import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { sites } from './catalog';

/** A customer's saved restaurants (docs/product/customer.md#favourites): one row per customer and branch. */
export const customerFavourites = pgTable(
  'customer_favourites',
  {
    customerId: text('customer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.siteId] }), index('customer_favourites_site_idx').on(t.siteId)],
);
