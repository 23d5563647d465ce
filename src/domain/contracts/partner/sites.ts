import { z } from 'zod';
import {
  MAX_BUSY_EXTRA_MINUTES,
  MAX_RADIUS_KM,
  MIN_RADIUS_KM,
  RESPONSE_TIMEOUT,
  DRIVER_SEARCH,
  TIME_OF_DAY,
} from '../../branch-settings';
import { HALAL_STATUSES } from '../../halal';
import { WEEKDAYS } from '../../opening-hours';
import { BRAND_ROLES } from '../../roles';
import { optionalEmail, optionalPhone, optionalText, requiredText } from './fields';

export const siteParams = z.strictObject({ siteId: z.uuid('siteId must be a UUID') });
export const brandSitesParams = z.strictObject({ brandId: z.uuid('brandId must be a UUID') });

const time = z.string().regex(TIME_OF_DAY, 'Times are HH:MM, 00:00 to 23:59');
export const dayHours = z.object({ open: time, close: time, closed: z.boolean() });
/** Per weekday: open and close (Europe/London; a close before the open runs past midnight), or closed. */
export const openingHours = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, dayHours])) as Record<(typeof WEEKDAYS)[number], typeof dayHours>,
);
/** The same, as a partner sends it: an unknown day or field is refused (answers keep the loose form). */
const dayHoursInput = z.strictObject({ open: time, close: time, closed: z.boolean() });
const openingHoursInput = z.strictObject(
  Object.fromEntries(WEEKDAYS.map((d) => [d, dayHoursInput])) as Record<
    (typeof WEEKDAYS)[number],
    typeof dayHoursInput
  >,
);

const latitude = z.number().min(-90, 'Latitude is between -90 and 90').max(90, 'Latitude is between -90 and 90');
const longitude = z
  .number()
  .min(-180, 'Longitude is between -180 and 180')
  .max(180, 'Longitude is between -180 and 180');
const feeMinor = z
  .int('Delivery fee is in whole pence')
  .min(0, 'Delivery fee cannot be negative')
  .max(10_000, 'Delivery fee is at most £100.00');
const radiusKm = z
  .number()
  .min(MIN_RADIUS_KM, `Delivery radius is ${MIN_RADIUS_KM} to ${MAX_RADIUS_KM} km`)
  .max(MAX_RADIUS_KM, `Delivery radius is ${MIN_RADIUS_KM} to ${MAX_RADIUS_KM} km`);
const postcode = z
  .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(10).nullable())
  .optional();

/** The location fields a partner fills in on Add Location and Edit Location. */
const locationFields = {
  name: requiredText(100, 'Name is required'),
  address: requiredText(200, 'Address is required'),
  city: requiredText(80, 'City is required'),
  postcode,
  description: optionalText(2000, 'Description'),
  phone: optionalPhone,
  email: optionalEmail,
  lat: latitude.nullable().optional(),
  lng: longitude.nullable().optional(),
  /** Pence; the form takes pounds (min 0, step 0.01). */
  deliveryFeeMinor: feeMinor.optional(),
  /** Kilometres, 0.5 to 20, step 0.1; default 5.0. */
  deliveryRadiusKm: radiusKm.optional(),
};

/** POST /api/partner/brands/:brandId/sites (owner or admin). Coordinates come from the postcode when not given. */
export const createSiteBody = z.strictObject({ ...locationFields, openingHours: openingHoursInput.optional() });
export type CreateSiteBody = z.infer<typeof createSiteBody>;

/**
 * PATCH /api/partner/sites/:siteId (any staff of the location): Edit Location and Branch Settings.
 * Only the fields sent change. openingTime and closingTime together set every day that is not closed.
 */
export const updateSiteBody = z
  .strictObject({
    ...locationFields,
    openingHours: openingHoursInput,
    isOpen: z.boolean(),
    minOrderMinor: z.int('Minimum order is in whole pence').min(0, 'Minimum order cannot be negative').max(100_000),
    busyExtraMinutes: z
      .int()
      .min(0)
      .max(MAX_BUSY_EXTRA_MINUTES, `Busy mode adds at most ${MAX_BUSY_EXTRA_MINUTES} minutes`),
    responseTimeoutMinutes: z
      .int('Response time is in whole minutes')
      .min(RESPONSE_TIMEOUT.min, `Orders wait at least ${RESPONSE_TIMEOUT.min} minutes for an answer`)
      .max(RESPONSE_TIMEOUT.max, `Orders wait at most ${RESPONSE_TIMEOUT.max} minutes for an answer`),
    driverSearchMinutes: z
      .int('The driver search is in whole minutes')
      .min(DRIVER_SEARCH.min, `Look for a driver for at least ${DRIVER_SEARCH.min} minute`)
      .max(DRIVER_SEARCH.max, `Look for a driver for at most ${DRIVER_SEARCH.max} minutes`),
    /** ISO time in the next 24 hours, or null to take orders again. */
    pausedUntil: z.iso.datetime({ offset: true, error: 'pausedUntil must be an ISO date-time' }).nullable(),
    openingTime: time,
    closingTime: time,
  })
  .partial()
  .refine((b) => (b.openingTime === undefined) === (b.closingTime === undefined), {
    message: 'Send the opening and the closing time together',
    path: ['closingTime'],
  });
export type UpdateSiteBody = z.infer<typeof updateSiteBody>;

/** A location as its staff see it in the console. */
export const siteDetail = z.object({
  id: z.uuid(),
  brandId: z.uuid(),
  brandName: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  postcode: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  deliveryFeeMinor: z.int(),
  deliveryRadiusKm: z.number(),
  minOrderMinor: z.int(),
  halalStatus: z.enum(HALAL_STATUSES),
  lastVerifiedAt: z.string().nullable(),
  isOpen: z.boolean(),
  status: z.enum(['active', 'inactive', 'archived']),
  openingHours,
  busyExtraMinutes: z.int(),
  responseTimeoutMinutes: z.int(),
  driverSearchMinutes: z.int(),
  pausedUntil: z.string().nullable(),
  createdAt: z.string(),
  /** The caller's role in the brand: what the page lets them change. */
  role: z.enum(BRAND_ROLES),
});
export type SiteDetail = z.infer<typeof siteDetail>;

export const siteResponse = z.object({ site: siteDetail });
export type SiteResponse = z.infer<typeof siteResponse>;

/** DELETE answers how the location went: removed, or archived because it has past orders. */
export const deleteSiteResponse = z.object({ deleted: z.literal(true), archived: z.boolean() });
