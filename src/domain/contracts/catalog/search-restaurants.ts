import { z } from 'zod';
import { parseSearchFilters } from '../../search-filters';
import { restaurantCard } from './restaurant-card';

/** A page of results: the home page shows this many, then "Show More Restaurants" asks for the next page. */
export const SEARCH_DEFAULT_LIMIT = 24;
export const SEARCH_MAX_LIMIT = 100;

/**
 * GET /api/restaurants/search
 * - location: a city name or slug, or a UK postcode or outward code; empty means London.
 * - cuisine: omitted, empty or "all" means any; otherwise matched ignoring case.
 * - filters: comma list of verified, fast, free, top, open (see domain/search-filters.ts).
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
  total: z.number().int(),
  restaurants: z.array(restaurantCard),
});
export type SearchRestaurantsResponse = z.infer<typeof searchRestaurantsResponse>;
