import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  brandSitesParams,
  createSiteBody,
  deleteSiteResponse,
  siteParams,
  siteResponse,
  updateSiteBody,
} from '../../../domain/contracts/partner/sites';
import { POLICIES } from '../../../domain/policies';
import { requireSite } from './access';
import { createSite } from './create-site';
import { deleteSite } from './delete-site';
import { toSiteDetail } from './site-detail';
import { updateSite } from './update-site';

/** Locations: add (owner or admin), read and edit (their staff), delete (owner or admin). */
export function siteRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { bus, geocoder } = app.deps;
  const db = app.deps.database.db;
  const partner = { policy: POLICIES.partner };

  r.post(
    '/api/partner/brands/:brandId/sites',
    { config: partner, schema: { params: brandSitesParams, body: createSiteBody, response: { 201: siteResponse } } },
    async (request, reply) =>
      reply.status(201).send({
        site: await createSite({ db, geocoder }, request.actor!.userId, request.params.brandId, request.body),
      }),
  );

  r.get(
    '/api/partner/sites/:siteId',
    { config: partner, schema: { params: siteParams, response: { 200: siteResponse } } },
    async (request) => ({
      site: toSiteDetail(await requireSite(db, request.actor!.userId, request.params.siteId)),
    }),
  );

  r.patch(
    '/api/partner/sites/:siteId',
    { config: partner, schema: { params: siteParams, body: updateSiteBody, response: { 200: siteResponse } } },
    async (request) => ({
      site: await updateSite({ db, geocoder, bus }, request.actor!.userId, request.params.siteId, request.body),
    }),
  );

  r.delete(
    '/api/partner/sites/:siteId',
    { config: partner, schema: { params: siteParams, response: { 200: deleteSiteResponse } } },
    async (request) => deleteSite({ db, bus }, request.actor!, request.params.siteId),
  );
}
