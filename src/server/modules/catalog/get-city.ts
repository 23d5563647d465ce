import { eq } from 'drizzle-orm';
import { CITY_PAGE_RESTAURANTS, type GetCityResponse } from '../../../domain/contracts/catalog/get-city';
import { AppError } from '../../../domain/errors';
import { londonDate } from '../../../domain/halal-facts';
import { compareCityResults } from '../../../domain/search-order';
import type { Db } from '../../db/client';
import { cities } from '../../db/schema/index';
import { toCard } from './card-rows';
import { cityBranchesQuery } from './find-branches';
import { toCityEntry } from './list-cities';
import type { Geocoder } from '../geo';
import { geocodeDeliverTo, reachOf } from './delivers-here';

/**
 * A city page: the directory entry and its first 8 restaurants in search order, each saying whether
 * it delivers to the customer's known postcode when one is sent (docs/product/customer.md#delivers-here).
 */
export async function getCity(
  db: Db,
  slug: string,
  options: { geocoder?: Geocoder; deliverTo?: string } = {},
  now = new Date(),
): Promise<GetCityResponse> {
  const [city] = await db.select().from(cities).where(eq(cities.slug, slug.trim().toLowerCase())).limit(1);
  if (!city) throw new AppError('NOT_FOUND', 'City not found');
  const point = options.geocoder ? await geocodeDeliverTo(options.geocoder, options.deliverTo) : null;
  const rows = await cityBranchesQuery(db, city.slug, londonDate(now));
  const restaurants = rows
    .map((row) => {
      const reach = reachOf(point, row);
      return toCard(row, now, reach.km, reach.deliversHere);
    })
    .sort(compareCityResults)
    .slice(0, CITY_PAGE_RESTAURANTS);
  return { city: toCityEntry(city, rows.length), restaurants };
}
