import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { GroupOrderStatus, MemberShare } from '../../../domain/group-order';

type GroupShare = MemberShare & { name: string };
import { user } from './auth';
import { menuItems, sites } from './catalog';
import { orders } from './orders';
import { timeOrderedId } from '../time-ordered-id';

/**
 * A group order: one shared basket at one branch, hosted by a signed-in customer and joined by a
 * secret link (docs/product/group-orders.md, docs/decisions/0256-group-order-links-and-member-tokens.md).
 * Only the SHA-256 of the link's secret is kept; "reset link" replaces it.
 */
export const groupOrders = pgTable(
  'group_orders',
  {
    id: timeOrderedId(),
    hostUserId: text('host_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    linkTokenHash: text('link_token_hash').notNull(),
    status: text('status').$type<GroupOrderStatus>().notNull().default('open'),
    maxMembers: smallint('max_members').notNull(),
    maxLines: smallint('max_lines').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Each person's share as shown when the order was placed (docs/decisions/0257-group-order-split.md). */
    split: jsonb('split').$type<GroupShare[]>(),
    /** Why it ended without an order: 'host' or 'expired'. */
    endedReason: text('ended_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('group_orders_link_token_hash').on(t.linkTokenHash),
    index('group_orders_host').on(t.hostUserId),
    index('group_orders_open_expiry')
      .on(t.expiresAt)
      .where(sql`${t.status} in ('open', 'locked')`),
    check('group_orders_status', sql`${t.status} in ('open', 'locked', 'ordered', 'cancelled', 'expired')`),
  ],
);

/** A person in a group: an account (user id) or a named visitor holding a member token (only its hash kept). */
export const groupOrderMembers = pgTable(
  'group_order_members',
  {
    id: timeOrderedId(),
    groupOrderId: uuid('group_order_id')
      .notNull()
      .references(() => groupOrders.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    memberTokenHash: text('member_token_hash'),
    isHost: boolean('is_host').notNull().default(false),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('group_order_members_group').on(t.groupOrderId),
    uniqueIndex('group_order_members_user').on(t.groupOrderId, t.userId),
    uniqueIndex('group_order_members_token').on(t.memberTokenHash),
    check('group_order_members_who', sql`${t.userId} is not null or ${t.memberTokenHash} is not null`),
  ],
);

/** One member's line: an item of the branch's menu with its chosen options; priced when read, never stored. */
export const groupOrderLines = pgTable(
  'group_order_lines',
  {
    id: timeOrderedId(),
    groupOrderId: uuid('group_order_id')
      .notNull()
      .references(() => groupOrders.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => groupOrderMembers.id, { onDelete: 'cascade' }),
    menuItemId: uuid('menu_item_id')
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    optionIds: jsonb('option_ids').$type<string[]>().notNull().default([]),
    quantity: smallint('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('group_order_lines_group').on(t.groupOrderId),
    check('group_order_lines_quantity', sql`${t.quantity} between 1 and 50`),
  ],
);
