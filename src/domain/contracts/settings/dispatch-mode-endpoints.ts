import { z } from 'zod';
import { DISPATCH_MODES } from '../../dispatch-offers';
import { adminArea } from '../../policies';
import { api } from '../endpoint';

/** Every city with how its jobs reach drivers (docs/product/admin.md#dispatch-mode). */
export const cityDispatchModesResponse = z.object({
  cities: z.array(z.object({ slug: z.string(), name: z.string(), mode: z.enum(DISPATCH_MODES) })),
});
export type CityDispatchModesResponse = z.infer<typeof cityDispatchModesResponse>;

export const cityDispatchModeParams = z.strictObject({
  citySlug: z.string().regex(/^[a-z0-9-]{1,80}$/, 'City not found'),
});
export const cityDispatchModeBody = z.strictObject({
  mode: z.enum(DISPATCH_MODES, { error: 'Choose board or dispatcher' }),
});

/** The per-city switch between the jobs board and the dispatcher (docs/decisions/0273-dispatcher-offers-in-the-product.md). */
export const dispatchModeEndpoints = {
  getAdminCitiesDispatchModes: api('GET /api/admin/cities/dispatch-modes', adminArea('settings'))
    .summary('Every city and whether its jobs go on the board or to the dispatcher')
    .answers({ 200: cityDispatchModesResponse }),
  putAdminCitiesByCitySlugDispatchMode: api('PUT /api/admin/cities/:citySlug/dispatch-mode', adminArea('settings'))
    .summary('Switch one city between the jobs board and the dispatcher (audited)')
    .takes({ params: cityDispatchModeParams, body: cityDispatchModeBody })
    .answers({ 200: cityDispatchModesResponse }),
};
