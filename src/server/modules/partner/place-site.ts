import { sql } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { normalisePostcode } from '../../../domain/geo';
import type { DbOrTx } from '../../db/client';
import { cities } from '../../db/schema/index';
import type { Geocoder } from '../geo';

/** A postcode as stored ("e1 6an" -> "E1 6AN"); 400 when it is not a UK postcode or outward code. */
export function normalisedPostcode(text: string | null | undefined): string | null {
  if (!text) return null;
  const n = normalisePostcode(text);
  if (!n) throw new AppError('VALIDATION_ERROR', 'Please enter a valid UK postcode', { field: 'postcode' });
  return n.postcode ?? n.outward;
}

/** The directory city a location's city names ("london" -> "london"), so city searches find it. */
export async function citySlugFor(db: DbOrTx, city: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: cities.slug })
    .from(cities)
    .where(sql`lower(${cities.name}) = lower(${city.trim()}) or ${cities.slug} = lower(${city.trim()})`)
    .limit(1);
  return row?.slug ?? null;
}

/**
 * The coordinates to store: the ones given when both are, else the postcode's (district
 * precision from the bundled table, or the configured geocoding service), else none.
 */
export async function coordinatesFor(
  geocoder: Geocoder,
  given: { lat?: number | null; lng?: number | null },
  postcode: string | null,
): Promise<{ lat: number | null; lng: number | null }> {
  if (given.lat != null && given.lng != null) return { lat: given.lat, lng: given.lng };
  if ((given.lat == null) !== (given.lng == null))
    throw new AppError('VALIDATION_ERROR', 'Give both latitude and longitude, or neither');
  if (!postcode) return { lat: null, lng: null };
  const hit = await geocoder.geocode(postcode);
  return hit ? { lat: hit.lat, lng: hit.lng } : { lat: null, lng: null };
}
