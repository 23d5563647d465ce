import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandParams, getBrandResponse, listBrandsResponse } from '../../../domain/contracts/partner/brands';
import { AppError } from '../../../domain/errors';
import { POLICIES } from '../../../domain/policies';
import type { Db } from '../../db/client';
import { listPartnerBrands } from './list-brands';

export function partnerRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/partner/brands',
    { config: { policy: POLICIES.partner }, schema: { response: { 200: listBrandsResponse } } },
    async (request) => ({ brands: await listPartnerBrands(deps.db, request.actor!.userId) }),
  );
  r.get(
    '/api/partner/brands/:brandId',
    {
      config: { policy: POLICIES.partner },
      schema: { params: brandParams, response: { 200: getBrandResponse } },
    },
    async (request) => {
      const [brand] = await listPartnerBrands(deps.db, request.actor!.userId, request.params.brandId);
      // Another partner's brand is indistinguishable from a missing one.
      if (!brand) throw new AppError('NOT_FOUND', 'Brand not found');
      return { brand };
    },
  );
}
