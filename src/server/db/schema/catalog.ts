import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OptionGroup } from '../../../domain/menu-options';
import type { OpeningHours } from '../../../domain/opening-hours';
import type { ReviewStatus } from '../../../domain/restaurant-review';
import type { BrandRole } from '../../../domain/roles';
import { user } from './auth';

export const TENANT_ID = 'halalnosh';

export const cities = pgTable('cities', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  region: text('region').notNull(),
  population: integer('population').notNull(),
  description: text('description').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  postcodeArea: text('postcode_area').notNull(),
  landmarks: jsonb('landmarks').$type<string[]>().notNull().default([]),
  sortOrder: integer('sort_order').notNull().default(0),
  /**
   * How the city's delivery jobs reach drivers: the jobs board (docs/decisions/0158-dispatch-by-distance.md)
   * or the dispatcher's timed offers (docs/decisions/0273-dispatcher-offers-in-the-product.md). Set by ops.
   */
  dispatchMode: text('dispatch_mode').$type<'board' | 'dispatcher'>().notNull().default('board'),
});

export const citySuggestions = pgTable('city_suggestions', {
  id: uuid('id').primaryKey().defaultRandom(),
  city: text('city').notNull(),
  email: text('email'),
  userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set when an admin marks the city opened; its suggesters were e-mailed then (docs/decisions/0146-city-opened-and-operations-alerts.md). */
  openedAt: timestamp('opened_at', { withTimezone: true }),
});

export const brands = pgTable('brands', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: text('tenant_id').notNull().default(TENANT_ID),
  name: text('name').notNull(),
  description: text('description'),
  website: text('website'),
  email: text('email'),
  phone: text('phone'),
  logoUrl: text('logo_url'),
  /** Set while HalalNosh has suspended the whole brand (docs/decisions/0153-restaurant-review.md). */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  suspensionReason: text('suspension_reason'),
  createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who works for a brand: owner and admin see every site; a site_manager only the sites in site_staff. */
export const brandMemberships = pgTable(
  'brand_memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').$type<BrandRole>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('brand_memberships_brand_user').on(t.brandId, t.userId),
    index('brand_memberships_user_idx').on(t.userId),
  ],
);

export const sites = pgTable(
  'sites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description'),
    address: text('address').notNull(),
    city: text('city').notNull(),
    citySlug: text('city_slug'),
    postcode: text('postcode'),
    phone: text('phone'),
    email: text('email'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    cuisines: jsonb('cuisines').$type<string[]>().notNull().default([]),
    imageUrl: text('image_url'),
    deliveryFeeMinor: integer('delivery_fee_minor').notNull().default(0),
    deliveryRadiusKm: doublePrecision('delivery_radius_km').notNull().default(5),
    minOrderMinor: integer('min_order_minor').notNull().default(0),
    /** Typical delivery window shown on cards, in minutes. */
    etaMinMinutes: integer('eta_min_minutes').notNull().default(30),
    etaMaxMinutes: integer('eta_max_minutes').notNull().default(45),
    /**
     * Set while a halal verifier's suspension stands (the reason and who are in
     * halal_status_history). The halal status itself is never stored: it is derived from this and
     * the certificates (domain/halal-status.ts, docs/decisions/0100-halal-status-derived.md).
     */
    halalSuspendedAt: timestamp('halal_suspended_at', { withTimezone: true }),
    /**
     * A summary of the location's certificates, kept by a trigger on halal_certificates (migration
     * 0029, docs/decisions/0188-halal-certificate-facts.md) so that a card reads its halal status from
     * the site row: the latest expiry of an approved certificate, whether any certificate is pending,
     * approved or expired, and when one was last approved. The status is still derived on read.
     */
    halalApprovedUntil: date('halal_approved_until', { mode: 'string' }),
    halalCertified: boolean('halal_certified').notNull().default(false),
    halalLastVerifiedAt: timestamp('halal_last_verified_at', { withTimezone: true }),
    isOpen: boolean('is_open').notNull().default(true),
    /** archived: deleted by its partner but kept for its order history (docs/decisions/0031-locations.md). */
    status: text('status').$type<'active' | 'inactive' | 'archived'>().notNull().default('active'),
    /**
     * Where HalalNosh's review of the location stands; only approved locations are listed to
     * customers. Rows made before the review existed are approved; createSite starts a new one as a
     * draft (docs/decisions/0153-restaurant-review.md).
     */
    reviewStatus: text('review_status').$type<ReviewStatus>().notNull().default('approved'),
    /** The reviewer's last message to the partner (changes requested, suspension reason). */
    reviewMessage: text('review_message'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Copy of brands.suspended_at, so the listing rule reads the site row alone. */
    brandSuspendedAt: timestamp('brand_suspended_at', { withTimezone: true }),
    openingHours: jsonb('opening_hours').$type<OpeningHours>().notNull(),
    busyExtraMinutes: integer('busy_extra_minutes').notNull().default(0),
    /** Minutes a PENDING order waits for an answer before the sweeper rejects it (2 to 30). */
    responseTimeoutMinutes: integer('response_timeout_minutes').notNull().default(8),
    /** Minutes after acceptance a delivery order may wait for a driver before "no driver found" (docs/decisions/0134-no-driver-found.md). */
    driverSearchMinutes: integer('driver_search_minutes').notNull().default(10),
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    ratingAvg: numeric('rating_avg', { precision: 2, scale: 1, mode: 'number' }),
    reviewCount: integer('review_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sites_brand_idx').on(t.brandId),
    index('sites_city_slug_idx').on(t.citySlug, t.status),
    // sites_city_rank_idx, the same keys covering what a city's ranking reads, is created by
    // migration 0029 alone: Drizzle's index builder cannot write INCLUDE.
    index('sites_status_idx').on(t.status),
    index('sites_review_status_idx').on(t.reviewStatus, t.submittedAt),
    // Postcode search narrows to a bounding box around the customer before measuring distances.
    index('sites_lat_lng_idx').on(t.lat, t.lng),
    // The largest delivery radius bounds the postcode search's box (find-branches.ts inBox).
    index('sites_delivery_radius_idx').on(t.deliveryRadiusKm),
    check('sites_response_timeout_range', sql`${t.responseTimeoutMinutes} between 2 and 30`),
    check('sites_driver_search_range', sql`${t.driverSearchMinutes} between 1 and 60`),
  ],
);

export const siteStaff = pgTable(
  'site_staff',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.userId] }), index('site_staff_user_idx').on(t.userId)],
);

/** A brand's base menu; each site shows it through its own overrides. */
export const menus = pgTable('menus', {
  id: uuid('id').primaryKey().defaultRandom(),
  brandId: uuid('brand_id')
    .notNull()
    .unique()
    .references(() => brands.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const menuSections = pgTable(
  'menu_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    menuId: uuid('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    title: text('title'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('menu_sections_menu_idx').on(t.menuId, t.sortOrder)],
);

export const menuItems = pgTable(
  'menu_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    menuId: uuid('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => menuSections.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    priceMinor: integer('price_minor').notNull(),
    imageUrl: text('image_url'),
    isAvailable: boolean('is_available').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    category: text('category').notNull().default('mains'),
    isVegetarian: boolean('is_vegetarian').notNull().default(false),
    isVegan: boolean('is_vegan').notNull().default(false),
    isSpicy: boolean('is_spicy').notNull().default(false),
    allergens: jsonb('allergens').$type<string[]>().notNull().default([]),
    /** Option groups (size, spice level, extras) with their options and prices (docs/decisions/0160-item-options.md). */
    optionGroups: jsonb('option_groups').$type<OptionGroup[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('menu_items_menu_idx').on(t.menuId, t.sortOrder),
    index('menu_items_section_idx').on(t.sectionId, t.sortOrder),
    check('menu_items_price_nonneg', sql`${t.priceMinor} >= 0`),
  ],
);

/** A site's changes to its brand's base item: null means "as the base menu". */
export const siteItemOverrides = pgTable(
  'site_item_overrides',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    isAvailable: boolean('is_available'),
    priceMinor: integer('price_minor'),
    description: text('description'),
    /** Options of the item this location does not offer; null means every option (docs/decisions/0160-item-options.md). */
    unavailableOptionIds: jsonb('unavailable_option_ids').$type<string[]>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.itemId] }), index('site_item_overrides_item_idx').on(t.itemId)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    isVerified: boolean('is_verified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('reviews_user_site').on(t.userId, t.siteId),
    index('reviews_site_created_idx').on(t.siteId, t.createdAt),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);
