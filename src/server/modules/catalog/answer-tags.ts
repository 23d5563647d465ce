import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { MAX_DELIVERY_RADIUS_KM } from './find-branches';

/**
 * Every branch whose own delivery radius reaches a point, whatever its state (listed or not, open or
 * not): the branches a postcode search there can list (docs/decisions/0246-narrow-cache-invalidation.md).
 * A superset of the search's own reach (find-branches.ts: listed, within the box of the largest
 * radius, haversine within the radius plus 1 m): here plus 10 m. A change to one of these branches'
 * cards drops the postcode's searches by its `c:` key (its rating or open flag by `o:`, only where
 * the page shows it or it could move across the page: docs/decisions/0289-answers-that-show-the-branch.md);
 * a branch that starts to reach the point does so by a 'place' change (position, radius, listing),
 * which drops them by the cell keys.
 */
export async function branchesReaching(db: Db, point: { lat: number; lng: number }): Promise<string[]> {
  const dLat = MAX_DELIVERY_RADIUS_KM / 111.32 + 0.001;
  const dLng = MAX_DELIVERY_RADIUS_KM / (111.32 * Math.max(Math.cos((point.lat * Math.PI) / 180), 0.01)) + 0.001;
  const result = await db.execute<{ id: string }>(
    sql`select s.id::text as id from sites s
      where s.lat between ${point.lat - dLat}::float8 and ${point.lat + dLat}::float8
        and s.lng between ${point.lng - dLng}::float8 and ${point.lng + dLng}::float8
        and 2 * 6371 * asin(least(1, sqrt(power(sin(radians(s.lat - ${point.lat}::float8) / 2), 2)
          + cos(radians(${point.lat}::float8)) * cos(radians(s.lat))
          * power(sin(radians(s.lng - ${point.lng}::float8) / 2), 2)))) <= s.delivery_radius_km + 0.01`,
  );
  return result.rows.map((r) => r.id);
}
