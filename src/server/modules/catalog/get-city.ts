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

/** A city page: the directory entry and its first 8 restaurants in search order. */
export async function getCity(db: Db, slug: string, now = new Date()): Promise<GetCityResponse> {
  const [city] = await db.select().from(cities).where(eq(cities.slug, slug.trim().toLowerCase())).limit(1);
  if (!city) throw new AppError('NOT_FOUND', 'City not found');
  const rows = await cityBranchesQuery(db, city.slug, londonDate(now));
  const restaurants = rows
    .map((row) => toCard(row, now))
    .sort(compareCityResults)
    .slice(0, CITY_PAGE_RESTAURANTS);
  return { city: toCityEntry(city, rows.length), restaurants };
}
