import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandParams, getBrandResponse, listBrandsResponse } from '../../../domain/contracts/partner/brands';
import { dashboardQuery, dashboardResponse } from '../../../domain/contracts/partner/dashboard';
import { createBrandBody, saveBrandResponse, updateBrandBody } from '../../../domain/contracts/partner/save-brand';
import { AppError } from '../../../domain/errors';
import { POLICIES } from '../../../domain/policies';
import type { Db } from '../../db/client';
import { createBrand } from './create-brand';
import { getDashboard } from './get-dashboard';
import { listPartnerBrands } from './list-brands';
import { partnerOrderListRoutes } from './order-routes';
import { siteRoutes } from './site-routes';
import { staffRoutes } from './staff-routes';
import { updateBrand } from './update-brand';

/** The partner console's brand and dashboard routes; every row is checked against the caller in its query. */
export function partnerRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const partner = { policy: POLICIES.partner };

  r.get(
    '/api/partner/brands',
    { config: partner, schema: { response: { 200: listBrandsResponse } } },
    async (request) => ({
      brands: await listPartnerBrands(deps.db, request.actor!.userId),
    }),
  );

  r.post(
    '/api/partner/brands',
    { config: partner, schema: { body: createBrandBody, response: { 201: saveBrandResponse } } },
    async (request, reply) =>
      reply.status(201).send({ brand: await createBrand(deps.db, request.actor!.userId, request.body) }),
  );

  r.get(
    '/api/partner/brands/:brandId',
    { config: partner, schema: { params: brandParams, response: { 200: getBrandResponse } } },
    async (request) => {
      const [brand] = await listPartnerBrands(deps.db, request.actor!.userId, request.params.brandId);
      // Another partner's brand is indistinguishable from a missing one.
      if (!brand) throw new AppError('NOT_FOUND', 'Brand not found');
      return { brand };
    },
  );

  r.patch(
    '/api/partner/brands/:brandId',
    { config: partner, schema: { params: brandParams, body: updateBrandBody, response: { 200: saveBrandResponse } } },
    async (request) => ({
      brand: await updateBrand(deps.db, request.actor!.userId, request.params.brandId, request.body),
    }),
  );

  r.get(
    '/api/partner/dashboard',
    { config: partner, schema: { querystring: dashboardQuery, response: { 200: dashboardResponse } } },
    async (request) => getDashboard(deps.db, request.actor!.userId, request.query.siteId),
  );

  siteRoutes(app);
  partnerOrderListRoutes(app);
  staffRoutes(app);
}
