import { z } from 'zod';
import { adminArea } from '../../policies';
import { api } from '../endpoint';

/** POST /api/admin/city-suggestions/opened: the city as the Suggested Cities card shows it. */
export const openCityBody = z.strictObject({
  city: z.string().trim().min(1, 'Please enter a city').max(80, 'Please keep the city name under 80 characters'),
});
export const openCityResponse = z.object({
  city: z.string(),
  openedAt: z.string(),
  /** E-mails written now: one per person who suggested the city and was not told before. */
  emailed: z.number().int(),
});
export type OpenCityResponse = z.infer<typeof openCityResponse>;

/** Mark a suggested city opened (docs/product/admin.md#overview). */
export const cityOpeningEndpoints = {
  postAdminCitySuggestionsOpened: api('POST /api/admin/city-suggestions/opened', adminArea('city_openings'))
    .summary('Mark a suggested city opened and e-mail everyone who suggested it, once each')
    .takes({ body: openCityBody })
    .answers({ 200: openCityResponse }),
};
