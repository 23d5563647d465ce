import { z } from 'zod';
import { parseAllergens, parseDiets } from '../../dietary';
import { normalisePostcode } from '../../geo';
import { parseSearchFilters } from '../../search-filters';
import { SEARCH_SORTS } from '../../search-order';
import { restaurantCard } from './restaurant-card';

/** A page of results: the home page shows this many, then "Show More Restaurants" asks for the next page. */
export const SEARCH_DEFAULT_LIMIT = 24;
export const SEARCH_MAX_LIMIT = 100;

/**
 * `?deliverTo=`: the customer's known full UK postcode, so each card says whether its branch
 * delivers there (docs/product/customer.md#delivers-here); the search, city pages and favourites take it.
 */
export const deliverToPostcode = z
  .string()
  .trim()
  .max(10)
  .optional()
  .refine((text) => !text || normalisePostcode(text)?.postcode, 'deliverTo must be a full UK postcode, such as E1 6AN');

/**
 * GET /api/restaurants/search
 * - location: a city name or slug, or a UK postcode or outward code; empty means London.
 * - cuisine: omitted, empty or "all" means any; otherwise matched ignoring case.
 * - filters: comma list of verified, fast, free, top, open, offers (see domain/search-filters.ts).
 * - q: a restaurant or dish name (part of it, ignoring case); empty means any.
 * - sort: recommended (default), distance (needs a postcode: the location or deliverTo), rating,
 *   fee or time (domain/search-order.ts searchComparator).
 * - diet: comma list of vegetarian, vegan, spicy; without: comma list of the 14 allergens
 *   (domain/dietary.ts): branches with at least one available dish matching every choice.
 * - deliverTo: the customer's UK postcode when the location is a city, so each card says whether
 *   the branch delivers there (docs/product/customer.md#delivers-here).
 */
export const searchRestaurantsQuery = z.strictObject({
  location: z.string().trim().max(100).optional(),
  cuisine: z.string().trim().max(50).optional(),
  filters: z
    .string()
    .max(200)
    .optional()
    .transform((text, ctx) => {
      const { filters, unknown } = parseSearchFilters(text);
      if (unknown.length) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown filter: ${unknown.join(', ')}. Use verified, fast, free, top or open.`,
        });
        return z.NEVER;
      }
      return filters;
    }),
  q: z.string().trim().max(100).optional(),
  sort: z.enum(SEARCH_SORTS).default('recommended'),
  diet: z
    .string()
    .max(100)
    .optional()
    .transform((text, ctx) => {
      const { values, unknown } = parseDiets(text);
      if (unknown.length) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown diet: ${unknown.join(', ')}. Use vegetarian, vegan or spicy.`,
        });
        return z.NEVER;
      }
      return values;
    }),
  without: z
    .string()
    .max(300)
    .optional()
    .transform((text, ctx) => {
      const { values, unknown } = parseAllergens(text);
      if (unknown.length) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown allergen: ${unknown.join(', ')}. Use the 14 allergen names, such as peanuts or milk.`,
        });
        return z.NEVER;
      }
      return values;
    }),
  deliverTo: deliverToPostcode,
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).default(SEARCH_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type SearchRestaurantsQuery = z.infer<typeof searchRestaurantsQuery>;

/** Where the search looked. `known` is false when the text matched no city and no postcode. */
export const searchLocation = z.object({
  kind: z.enum(['city', 'postcode']),
  /** The city's name ("London") or the normalised postcode ("E1 6AN"); the text as typed when unknown. */
  label: z.string(),
  known: z.boolean(),
  /** Set for a city: its slug, for a link to /restaurants/{slug}. */
  citySlug: z.string().optional(),
  lat: z.number().optional(),
  lng: z.number().optional(),
});
export type SearchLocation = z.infer<typeof searchLocation>;

/**
 * A city search lists that city's branches, open first, then by rating, then by name; a postcode
 * search lists the branches whose delivery radius reaches it, nearest first. `total` counts every
 * match; `restaurants` is the page from `offset`.
 */
export const searchRestaurantsResponse = z.object({
  location: searchLocation,
  /**
   * The postcode the cards' `deliversHere` answers for (the searched one, or deliverTo), with its
   * position; null when none is known or it could not be found.
   */
  deliverTo: z.object({ postcode: z.string(), lat: z.number(), lng: z.number() }).nullable(),
  total: z.number().int(),
  restaurants: z.array(restaurantCard),
});
export type SearchRestaurantsResponse = z.infer<typeof searchRestaurantsResponse>;
