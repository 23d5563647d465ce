import { partnerEndpoints } from '../../../domain/contracts/partner/endpoints';
import { route } from '../../http/route';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../domain/errors';
import type { Db } from '../../db/client';
import { createBrand } from './create-brand';
import { getDashboard } from './get-dashboard';
import { listPartnerBrands } from './list-brands';
import { partnerOrderListRoutes } from './order-routes';
import { siteRoutes } from './site-routes';
import { staffRoutes } from './staff-routes';
import { onboardingRoutes } from './onboarding-routes';
import { updateBrand } from './update-brand';

/** The partner console's brand and dashboard routes; every row is checked against the caller in its query. */
export function partnerRoutes(app: FastifyInstance, deps: { db: Db }): void {
  route(app, partnerEndpoints.getPartnerBrands, async (request) => ({
    brands: await listPartnerBrands(deps.db, request.actor!.userId),
  }));

  route(app, partnerEndpoints.postPartnerBrands, async (request, reply) =>
    reply.status(201).send({ brand: await createBrand(deps.db, request.actor!.userId, request.body) }),
  );

  route(app, partnerEndpoints.getPartnerBrandsByBrandId, async (request) => {
    const [brand] = await listPartnerBrands(deps.db, request.actor!.userId, request.params.brandId);
    // Another partner's brand is indistinguishable from a missing one.
    if (!brand) throw new AppError('NOT_FOUND', 'Brand not found');
    return { brand };
  });

  route(app, partnerEndpoints.patchPartnerBrandsByBrandId, async (request) => ({
    brand: await updateBrand(deps.db, request.actor!.userId, request.params.brandId, request.body),
  }));

  route(app, partnerEndpoints.getPartnerDashboard, async (request) =>
    getDashboard(deps.db, request.actor!.userId, request.query.siteId),
  );

  siteRoutes(app);
  partnerOrderListRoutes(app);
  staffRoutes(app);
  onboardingRoutes(app);
}
