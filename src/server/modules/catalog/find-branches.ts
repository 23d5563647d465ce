import { and, between, eq } from 'drizzle-orm';
import { type GeoPoint, distanceKm } from '../../../domain/geo';
import type { DbOrTx } from '../../db/client';
import { sites } from '../../db/schema/index';
import { type CardRow, type RankRow, selectCardRows, selectRankRows } from './card-rows';

/**
 * The largest delivery radius a branch may set (spec 2: 0.5 to 20 km). The postcode search
 * only measures branches inside a box this far around the customer.
 */
export const MAX_DELIVERY_RADIUS_KM = 20;

const inCity = (citySlug: string) => and(eq(sites.citySlug, citySlug), eq(sites.status, 'active'));

/** A city's active branches, through sites_city_slug_idx. */
export function cityBranchesQuery(db: DbOrTx, citySlug: string) {
  return selectCardRows(db).where(inCity(citySlug));
}

/** A city's active branches, rank columns only (the search's first read). */
export function cityRankQuery(db: DbOrTx, citySlug: string) {
  return selectRankRows(db).where(inCity(citySlug));
}

function inBox(point: GeoPoint) {
  const dLat = MAX_DELIVERY_RADIUS_KM / 111.32;
  const dLng = MAX_DELIVERY_RADIUS_KM / (111.32 * Math.cos((point.lat * Math.PI) / 180));
  return and(between(sites.lat, point.lat - dLat, point.lat + dLat), between(sites.lng, point.lng - dLng, point.lng + dLng), eq(sites.status, 'active'));
}

/** Active branches inside the box of MAX_DELIVERY_RADIUS_KM around a point, through sites_lat_lng_idx. */
export function nearbyBranchesQuery(db: DbOrTx, point: GeoPoint) {
  return selectCardRows(db).where(inBox(point));
}

/** The same box, rank columns only (the search's first read). */
export function nearbyRankQuery(db: DbOrTx, point: GeoPoint) {
  return selectRankRows(db).where(inBox(point));
}

/** The branches whose own delivery radius reaches the point, each with its distance, nearest first. */
export async function branchesDeliveringTo(db: DbOrTx, point: GeoPoint): Promise<{ row: CardRow; km: number }[]> {
  const rows = await nearbyBranchesQuery(db, point);
  return rows
    .filter((row) => row.lat !== null && row.lng !== null)
    .map((row) => ({ row, km: distanceKm(point, { lat: row.lat!, lng: row.lng! }) }))
    .filter((x) => x.km <= x.row.deliveryRadiusKm)
    .sort((a, b) => a.km - b.km || a.row.slug.localeCompare(b.row.slug));
}

/** Rank rows of the branches whose own delivery radius reaches the point, with distance, nearest first. */
export async function rankDeliveringTo(db: DbOrTx, point: GeoPoint): Promise<{ row: RankRow; km: number }[]> {
  const rows = await nearbyRankQuery(db, point);
  return rows
    .filter((row) => row.lat !== null && row.lng !== null)
    .map((row) => ({ row, km: distanceKm(point, { lat: row.lat!, lng: row.lng! }) }))
    .filter((x) => x.km <= x.row.deliveryRadiusKm)
    .sort((a, b) => a.km - b.km || a.row.slug.localeCompare(b.row.slug));
}
