import { and, asc, count, isNotNull } from 'drizzle-orm';
import type { CityEntryWithCount } from '../../../domain/contracts/catalog/list-cities';
import type { Db } from '../../db/client';
import { cities, sites } from '../../db/schema/index';
import { listedSite } from './find-branches';

type CityRow = typeof cities.$inferSelect;

/** A directory row with its count of active restaurants, in the answer's shape. */
export function toCityEntry(city: CityRow, restaurantCount: number): CityEntryWithCount {
  return {
    name: city.name,
    slug: city.slug,
    region: city.region,
    population: city.population,
    description: city.description,
    lat: city.lat,
    lng: city.lng,
    postcodeArea: city.postcodeArea,
    landmarks: city.landmarks,
    restaurantCount,
  };
}

/** Active restaurants per city slug, counted from sites_city_slug_idx. */
export async function activeRestaurantCounts(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ citySlug: sites.citySlug, n: count() })
    .from(sites)
    .where(and(listedSite(), isNotNull(sites.citySlug)))
    .groupBy(sites.citySlug);
  return new Map(rows.map((r) => [r.citySlug!, Number(r.n)]));
}

/** The UK city directory in its fixed order, London first. */
export async function listCities(db: Db): Promise<CityEntryWithCount[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(cities).orderBy(asc(cities.sortOrder), asc(cities.name)),
    activeRestaurantCounts(db),
  ]);
  return rows.map((c) => toCityEntry(c, counts.get(c.slug) ?? 0));
}
