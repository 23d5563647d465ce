import { z } from 'zod';
import { POLICIES } from '../../policies';
import { api } from '../endpoint';

/**
 * GET /api/platform: what every visitor may know of the platform settings: the footer's name and
 * support line, and the service fee the basket shows before the server prices the order.
 */
export const platformInfoResponse = z.object({
  companyName: z.string(),
  supportPhone: z.string(),
  serviceFeePercent: z.int(),
});
export type PlatformInfo = z.infer<typeof platformInfoResponse>;

/** The public side of the platform settings. */
export const platformEndpoints = {
  getPlatform: api('GET /api/platform', POLICIES.public)
    .summary('The company name, support phone and service fee shown to everyone')
    .answers({ 200: platformInfoResponse }),
};
