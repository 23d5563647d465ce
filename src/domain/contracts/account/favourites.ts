import { z } from 'zod';
import { restaurantCard } from '../catalog/restaurant-card';
import { deliverToPostcode } from '../catalog/search-restaurants';

/** A favourite restaurant branch (docs/product/customer.md#favourites), by the branch's id. */
export const favouriteParams = z.strictObject({ siteId: z.uuid('siteId must be a UUID') });

/** ?deliverTo=: the customer's known postcode, so each card says whether it delivers there (docs/product/customer.md#delivers-here). */
export const listFavouritesQuery = z.strictObject({ deliverTo: deliverToPostcode });

/** The customer's favourites, newest first: the branch ids (for the hearts) and their cards (for the tab). */
export const listFavouritesResponse = z.object({
  siteIds: z.array(z.string()),
  restaurants: z.array(restaurantCard),
});
export const favouriteResponse = z.object({ siteId: z.string(), favourite: z.boolean() });
