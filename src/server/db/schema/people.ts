import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AdminRole, DriverStatus, UserType, VehicleType } from '../../../domain/roles';
import { user } from './auth';

/** One profile per account: what kind of user it is and the audience-specific fields. */
export const userProfiles = pgTable(
  'user_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    userType: text('user_type').$type<UserType>().notNull(),
    /** customers: active or pending; drivers: pending, approved, rejected, suspended; null before a driver applies. */
    status: text('status').$type<DriverStatus | 'active'>(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    displayName: text('display_name'),
    phone: text('phone'),
    avatarUrl: text('avatar_url'),
    vehicleType: text('vehicle_type').$type<VehicleType>(),
    drivingLicenceNumber: text('driving_licence_number'),
    isOnline: boolean('is_online').notNull().default(false),
    /** When a driver last went online (null while offline): the session their earnings per hour count over. */
    onlineSince: timestamp('online_since', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    currentPostcode: text('current_postcode'),
    /** Outward-code letters of current_postcode (E1 4AB -> E), the drivers' job area. */
    currentArea: text('current_area'),
    /** The centre of current_postcode, the fallback centre of the driver's job radius (docs/decisions/0158-dispatch-by-distance.md). */
    homeLat: doublePrecision('home_lat'),
    homeLng: doublePrecision('home_lng'),
    /** How far from their centre the driver takes jobs, 1 to 10 miles. */
    jobRadiusMiles: integer('job_radius_miles').notNull().default(3),
    /** The last position the driver shared for the jobs board; the centre while fresh. */
    boardLat: doublePrecision('board_lat'),
    boardLng: doublePrecision('board_lng'),
    boardLocatedAt: timestamp('board_located_at', { withTimezone: true }),
    adminRole: text('admin_role').$type<AdminRole>(),
    /** The platform terms version this driver or partner last accepted, and when (docs/decisions/0154-terms-acceptance.md). */
    termsVersion: text('terms_version'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_profiles_type_status_idx').on(t.userType, t.status),
    index('user_profiles_driver_area_idx')
      .on(t.currentArea)
      .where(sql`${t.userType} = 'driver'`),
  ],
);

export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: text('customer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    label: text('label'),
    addressLine1: text('address_line_1').notNull(),
    addressLine2: text('address_line_2'),
    city: text('city').notNull(),
    postcode: text('postcode').notNull(),
    deliveryInstructions: text('delivery_instructions'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customer_addresses_customer_idx').on(t.customerId),
    uniqueIndex('customer_addresses_one_default')
      .on(t.customerId)
      .where(sql`${t.isDefault}`),
  ],
);
