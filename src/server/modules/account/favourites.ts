import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { listFavouritesResponse } from '../../../domain/contracts/account/favourites';
import { AppError } from '../../../domain/errors';
import { londonDate } from '../../../domain/halal-facts';
import type { Db } from '../../db/client';
import { customerFavourites, sites } from '../../db/schema/index';
import { cardRowsByIds, geocodeDeliverTo, reachOf, toCard } from '../catalog';
import type { Geocoder } from '../geo';

type Favourites = z.infer<typeof listFavouritesResponse>;

/**
 * The customer's favourites, newest first (docs/product/customer.md#favourites): every saved id
 * (for the hearts) and a card for each branch that is still listed (a branch taken off the
 * platform keeps its heart but shows no card).
 */
export async function listFavourites(
  db: Db,
  customerId: string,
  options: { geocoder?: Geocoder; deliverTo?: string } = {},
  now = new Date(),
): Promise<Favourites> {
  const rows = await db
    .select({ siteId: customerFavourites.siteId, listed: sql<boolean>`${sites.status} = 'active'` })
    .from(customerFavourites)
    .innerJoin(sites, eq(sites.id, customerFavourites.siteId))
    .where(eq(customerFavourites.customerId, customerId))
    .orderBy(desc(customerFavourites.createdAt), desc(customerFavourites.siteId));
  const siteIds = rows.map((r) => r.siteId);
  const listed = rows.filter((r) => r.listed).map((r) => r.siteId);
  if (!listed.length) return { siteIds, restaurants: [] };
  // Each card says whether it delivers to the customer's known postcode (docs/product/customer.md#delivers-here).
  const point = options.geocoder ? await geocodeDeliverTo(options.geocoder, options.deliverTo) : null;
  const cards = (await cardRowsByIds(db, listed, londonDate(now))).map((row) => {
    const reach = reachOf(point, row);
    return toCard(row, now, reach.km, reach.deliversHere);
  });
  const byId = new Map(cards.map((c) => [c.id, c]));
  return { siteIds, restaurants: siteIds.flatMap((id) => byId.get(id) ?? []) };
}

/** Saves a listed branch to the customer's favourites; saving it again changes nothing. */
export async function addFavourite(db: Db, customerId: string, siteId: string): Promise<void> {
  const [site] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.id, siteId), eq(sites.status, 'active')));
  if (!site) throw new AppError('NOT_FOUND', 'Restaurant not found');
  await db.insert(customerFavourites).values({ customerId, siteId }).onConflictDoNothing();
}

/** Removes one of the customer's own favourites; anything else (someone else's, never saved) is not found. */
export async function removeFavourite(db: Db, customerId: string, siteId: string): Promise<void> {
  const removed = await db
    .delete(customerFavourites)
    .where(and(eq(customerFavourites.customerId, customerId), eq(customerFavourites.siteId, siteId)))
    .returning({ siteId: customerFavourites.siteId });
  if (!removed.length) throw new AppError('NOT_FOUND', 'Favourite not found');
}
