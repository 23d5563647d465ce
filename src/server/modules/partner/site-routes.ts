import { partnerEndpoints } from '../../../domain/contracts/partner/endpoints';
import { route } from '../../http/route';
import type { FastifyInstance } from 'fastify';
import { requireSite } from './access';
import { createSite } from './create-site';
import { deleteSite } from './delete-site';
import { toSiteDetail } from './site-detail';
import { updateSite } from './update-site';

/** Locations: add (owner or admin), read and edit (their staff), delete (owner or admin). */
export function siteRoutes(app: FastifyInstance): void {
  const { bus, geocoder } = app.deps;
  const db = app.deps.database.db;

  route(app, partnerEndpoints.postPartnerBrandsByBrandIdSites, async (request, reply) =>
    reply.status(201).send({
      site: await createSite({ db, geocoder }, request.actor!.userId, request.params.brandId, request.body),
    }),
  );

  route(app, partnerEndpoints.getPartnerSitesBySiteId, async (request) => ({
    site: toSiteDetail(await requireSite(db, request.actor!.userId, request.params.siteId)),
  }));

  route(app, partnerEndpoints.patchPartnerSitesBySiteId, async (request) => ({
    site: await updateSite({ db, geocoder, bus }, request.actor!, request.params.siteId, request.body),
  }));

  route(app, partnerEndpoints.deletePartnerSitesBySiteId, async (request) =>
    deleteSite({ db, bus }, request.actor!, request.params.siteId),
  );
}
