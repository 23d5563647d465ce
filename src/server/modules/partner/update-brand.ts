import { eq } from 'drizzle-orm';
import type { PartnerBrand } from '../../../domain/contracts/partner/brands';
import type { UpdateBrandBody } from '../../../domain/contracts/partner/save-brand';
import type { Db } from '../../db/client';
import { brands } from '../../db/schema/index';
import { requireBrand } from './access';
import { listPartnerBrands } from './list-brands';
import { storedPhone } from '../../../domain/phone';

/** Changes the fields sent (owner or admin of the brand). */
export async function updateBrand(
  db: Db,
  userId: string,
  brandId: string,
  input: UpdateBrandBody,
): Promise<PartnerBrand> {
  await requireBrand(db, userId, brandId, 'manage');
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (typeof changes.phone === 'string') changes.phone = storedPhone(changes.phone);
  await db
    .update(brands)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(brands.id, brandId));
  const [brand] = await listPartnerBrands(db, userId, brandId);
  return brand;
}
