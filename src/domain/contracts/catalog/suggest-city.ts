import { z } from 'zod';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** POST /api/city-suggestions: "Don't see your city listed?" -> "Suggest a City". */
export const suggestCityBody = z.strictObject({
  city: z.string().trim().min(1, 'Please enter a city').max(80, 'Please keep the city name under 80 characters'),
  /** Optional, so we can tell the visitor when we arrive; an empty field counts as none. */
  email: z.preprocess(
    blankToUndefined,
    z.string().trim().toLowerCase().max(254).pipe(z.email('Please enter a valid email address')).optional(),
  ),
});
export type SuggestCityBody = z.infer<typeof suggestCityBody>;

/** Answered with 201. */
export const suggestCityResponse = z.object({ ok: z.literal(true) });
