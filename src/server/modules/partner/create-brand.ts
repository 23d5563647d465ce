import type { CreateBrandBody } from '../../../domain/contracts/partner/save-brand';
import type { PartnerBrand } from '../../../domain/contracts/partner/brands';
import type { Db } from '../../db/client';
import { brandMemberships, brands } from '../../db/schema/index';
import { listPartnerBrands } from './list-brands';
import { storedPhone } from '../../../domain/phone';

/** Creates a brand and makes its creator the owner, in one transaction (a partner may own several). */
export async function createBrand(db: Db, userId: string, input: CreateBrandBody): Promise<PartnerBrand> {
  return db.transaction(async (tx) => {
    const [brand] = await tx
      .insert(brands)
      .values({
        name: input.name,
        description: input.description ?? null,
        website: input.website ?? null,
        email: input.email ?? null,
        phone: storedPhone(input.phone),
        logoUrl: input.logoUrl ?? null,
        createdBy: userId,
      })
      .returning({ id: brands.id });
    await tx.insert(brandMemberships).values({ brandId: brand.id, userId, role: 'owner' });
    const [created] = await listPartnerBrands(tx, userId, brand.id);
    return created;
  });
}
