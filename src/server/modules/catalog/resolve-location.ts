import { eq, or, sql } from 'drizzle-orm';
import type { SearchLocation } from '../../../domain/contracts/catalog/search-restaurants';
import { normalisePostcode } from '../../../domain/geo';
import type { Db } from '../../db/client';
import { cities } from '../../db/schema/index';
import type { Geocoder } from '../geo';

/** The default city (docs/product/customer.md#search). */
export const DEFAULT_CITY_SLUG = 'london';

export type ResolvedLocation =
  | { kind: 'city'; citySlug: string; label: string; lat: number; lng: number }
  | { kind: 'postcode'; label: string; lat: number; lng: number }
  | { kind: 'unknown'; label: string; looksLikePostcode: boolean };

export type City = typeof cities.$inferSelect;

/** Finds a directory city by its slug or its name, ignoring case. */
export async function findCity(db: Db, text: string): Promise<City | null> {
  const wanted = text.trim().toLowerCase();
  const [city] = await db
    .select()
    .from(cities)
    .where(or(eq(cities.slug, wanted), sql`lower(${cities.name}) = ${wanted}`))
    .limit(1);
  return city ?? null;
}

/**
 * Reads the search box (docs/product/customer.md#search): a city name or slug first, then a UK
 * postcode or outward code through the geocoder; empty means London.
 */
export async function resolveLocation(
  db: Db,
  geocoder: Geocoder,
  text: string | undefined,
  /** The city lookup, when one is kept in the process (branch-snapshot.ts); else the database is asked. */
  lookup: (text: string) => Promise<City | null> = (t) => findCity(db, t),
): Promise<ResolvedLocation> {
  const typed = (text ?? '').trim() || DEFAULT_CITY_SLUG;
  const city = await lookup(typed);
  if (city) return { kind: 'city', citySlug: city.slug, label: city.name, lat: city.lat, lng: city.lng };
  const postcode = normalisePostcode(typed);
  if (!postcode) return { kind: 'unknown', label: typed, looksLikePostcode: false };
  const point = await geocoder.geocode(typed);
  const label = postcode.postcode ?? postcode.outward;
  if (!point) return { kind: 'unknown', label, looksLikePostcode: true };
  return { kind: 'postcode', label, lat: point.lat, lng: point.lng };
}

/** The location as the search answer echoes it. */
export function describeLocation(location: ResolvedLocation): SearchLocation {
  switch (location.kind) {
    case 'city':
      return {
        kind: 'city',
        label: location.label,
        known: true,
        citySlug: location.citySlug,
        lat: location.lat,
        lng: location.lng,
      };
    case 'postcode':
      return { kind: 'postcode', label: location.label, known: true, lat: location.lat, lng: location.lng };
    case 'unknown':
      return { kind: location.looksLikePostcode ? 'postcode' : 'city', label: location.label, known: false };
    default: {
      const never: never = location;
      throw new Error(`Unknown location ${JSON.stringify(never)}`);
    }
  }
}
