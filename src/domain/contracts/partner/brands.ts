import { z } from 'zod';
import { BRAND_ROLES } from '../../roles';
import { HALAL_STATUSES } from '../../halal';

const siteSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  city: z.string(),
  address: z.string(),
  isOpen: z.boolean(),
  halalStatus: z.enum(HALAL_STATUSES),
  /** ISO time while a pause runs (or ran); the console compares it with the clock. */
  pausedUntil: z.string().nullable(),
});
export type SiteSummary = z.infer<typeof siteSummary>;

export const partnerBrand = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  website: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  logoUrl: z.string().nullable(),
  role: z.enum(BRAND_ROLES),
  sites: z.array(siteSummary),
});
export type PartnerBrand = z.infer<typeof partnerBrand>;

/** GET /api/partner/brands: the brands this partner belongs to, with the sites they may run. */
export const listBrandsResponse = z.object({ brands: z.array(partnerBrand) });

/** GET /api/partner/brands/:brandId */
export const brandParams = z.strictObject({ brandId: z.uuid('brandId must be a UUID') });
export const getBrandResponse = z.object({ brand: partnerBrand });
export type ListBrandsResponse = z.infer<typeof listBrandsResponse>;
