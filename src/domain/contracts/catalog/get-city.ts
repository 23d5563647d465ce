import { z } from 'zod';
import { cityEntry } from './list-cities';
import { restaurantCard } from './restaurant-card';
import { deliverToPostcode } from './search-restaurants';

/** How many restaurants a city page shows (docs/product/customer.md#cities). */
export const CITY_PAGE_RESTAURANTS = 8;

/** GET /api/cities/:slug */
export const getCityParams = z.strictObject({ slug: z.string().min(1).max(100) });

/** ?deliverTo=: the customer's known postcode, so each card says whether it delivers there (docs/product/customer.md#delivers-here). */
export const getCityQuery = z.strictObject({ deliverTo: deliverToPostcode });

/** The city with its first 8 restaurants, ordered as the search orders a city. 404 "City not found". */
export const getCityResponse = z.object({ city: cityEntry, restaurants: z.array(restaurantCard) });
export type GetCityResponse = z.infer<typeof getCityResponse>;
