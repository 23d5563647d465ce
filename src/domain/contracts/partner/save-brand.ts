import { z } from 'zod';
import { partnerBrand } from './brands';
import { optionalEmail, optionalImageUrl, optionalPhone, optionalText, optionalWebsite, requiredText } from './fields';

/**
 * POST /api/partner/brands (create; the caller becomes its owner) and
 * PATCH /api/partner/brands/:brandId (owner or admin; only the fields sent change).
 */
export const createBrandBody = z.strictObject({
  name: requiredText(120, 'Brand name is required'),
  description: optionalText(2000, 'Description'),
  website: optionalWebsite,
  email: optionalEmail,
  phone: optionalPhone,
  logoUrl: optionalImageUrl,
});
export type CreateBrandBody = z.infer<typeof createBrandBody>;
export type BrandFormInput = z.input<typeof createBrandBody>;

export const updateBrandBody = createBrandBody.partial();
export type UpdateBrandBody = z.infer<typeof updateBrandBody>;

export const saveBrandResponse = z.object({ brand: partnerBrand });
export type SaveBrandResponse = z.infer<typeof saveBrandResponse>;
