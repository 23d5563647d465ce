import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { VoucherKind } from '../../../domain/vouchers';
import { user } from './auth';
import { brands } from './catalog';

/**
 * Platform vouchers (docs/decisions/0253-platform-vouchers.md): codes the platform funds, made by
 * finance, operations or a super admin. What a voucher has paid out is not stored here: it is the
 * sum of its orders' discounts (orders.voucher_discount_minor) over orders not cancelled or
 * rejected, counted under this row's lock (docs/decisions/0254-voucher-limits-under-concurrency.md).
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Ten characters of the voucher alphabet (domain/vouchers.ts), made by the server. */
    code: text('code').notNull(),
    /** What it is for, for the back office and statements ("Welcome to Leeds"). */
    name: text('name').notNull(),
    kind: text('kind').$type<VoucherKind>().notNull(),
    amountMinor: integer('amount_minor'),
    percent: integer('percent'),
    maxDiscountMinor: integer('max_discount_minor'),
    minSpendMinor: integer('min_spend_minor').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    budgetMinor: integer('budget_minor').notNull(),
    perCustomerLimit: integer('per_customer_limit').notNull().default(1),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    citySlug: text('city_slug'),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: text('ended_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vouchers_code_key').on(t.code),
    index('vouchers_created_idx').on(t.createdAt),
    check(
      'vouchers_value',
      sql`(${t.kind} = 'amount' and ${t.amountMinor} > 0 and ${t.percent} is null)
        or (${t.kind} = 'percent' and ${t.percent} between 1 and 100 and ${t.amountMinor} is null)`,
    ),
    check('vouchers_limits', sql`${t.budgetMinor} > 0 and ${t.perCustomerLimit} >= 1 and ${t.minSpendMinor} >= 0`),
  ],
);
