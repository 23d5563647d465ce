import { z } from 'zod';

/** One entry of the UK city directory with how many active restaurants it has. */
export const cityEntry = z.object({
  name: z.string(),
  slug: z.string(),
  region: z.string(),
  population: z.number().int(),
  description: z.string(),
  lat: z.number(),
  lng: z.number(),
  postcodeArea: z.string(),
  landmarks: z.array(z.string()),
  restaurantCount: z.number().int(),
});
export type CityEntryWithCount = z.infer<typeof cityEntry>;

/** GET /api/cities: the directory in its fixed order (London first). */
export const listCitiesResponse = z.object({ cities: z.array(cityEntry) });
export type ListCitiesResponse = z.infer<typeof listCitiesResponse>;
