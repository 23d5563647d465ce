import { halalEndpoints } from '../../../domain/contracts/halal/endpoints';
import { route } from '../../http/route';
import type { FastifyInstance } from 'fastify';
import { framedPreview, previewExtension } from '../../http/framed-preview';
import { ORDER_TOKEN_HEADER } from '../../../domain/contracts/orders/order-view';
import { rateLimited } from '../../plugins/rate-limit';
import { getHalalDetails } from './get-halal-details';
import { getPartnerHalal } from './get-partner-halal';
import { getSiteHalal } from './get-site-halal';
import { getTicketSiteHalal } from './get-ticket-site';
import { getAdminCertificate, listCertificates, readCertificateDocument } from './list-certificates';
import { reportHalalConcern } from './report-concern';
import { reportOrderHalalConcern } from './report-order-concern';
import { reviewCertificate } from './review-certificate';
import { saveHalalFacts } from './save-facts';
import { setSuspension } from './set-suspension';
import { submitCertificate } from './submit-certificate';

/** Halal trust (docs/decisions/0070-halal-trust.md): partners' certificates and facts, verifiers' decisions, the public panel and concerns. */
export function halalRoutes(app: FastifyInstance): void {
  const { config, bus } = app.deps;
  const db = app.deps.database.db;
  const deps = { db, bus };
  // Concerns raise tickets that reach people: limited per IP and per account like the other
  // feedback writes (docs/decisions/0061-abuse-limits-and-client-ip.md), sharing their 'reviews' budget.
  const feedback = rateLimited(db, 'reviews', config.rateLimits.reviews, config.rateLimits.windowSeconds);

  // Partners: their location's halal section. There is no route that sets a halal status.
  route(app, halalEndpoints.getPartnerSitesBySiteIdHalal, async (request) =>
    getPartnerHalal(db, request.actor!.userId, request.params.siteId),
  );
  route(app, halalEndpoints.postPartnerSitesBySiteIdHalalCertificates, async (request, reply) =>
    reply.status(201).send(await submitCertificate(deps, request.actor!, request.params.siteId, request.body)),
  );
  route(app, halalEndpoints.putPartnerSitesBySiteIdHalalFacts, async (request) => {
    await saveHalalFacts(deps, request.actor!, request.params.siteId, request.body);
    return getPartnerHalal(db, request.actor!.userId, request.params.siteId);
  });

  // Verifiers (area halal: super_admin, ops_manager).
  route(app, halalEndpoints.getAdminHalalCertificates, async (request) => ({
    certificates: await listCertificates(db, request.query.status),
  }));
  route(app, halalEndpoints.getAdminHalalCertificatesByCertificateId, async (request) => ({
    certificate: await getAdminCertificate(db, request.params.certificateId),
  }));
  route(
    app,
    halalEndpoints.getAdminHalalCertificatesByCertificateIdPreview,
    { onSend: framedPreview },
    async (request, reply) => {
      const file = await readCertificateDocument({ db, storage: app.deps.uploadStorage }, request.params.certificateId);
      reply
        .header('content-type', file.contentType)
        .header('content-length', file.contentLength)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="certificate.${previewExtension(file.contentType)}"`);
      return reply.send(file.body);
    },
  );
  route(app, halalEndpoints.postAdminHalalCertificatesByCertificateIdApprove, async (request) => ({
    certificate: await reviewCertificate(deps, request.actor!, request.params.certificateId, { decision: 'approve' }),
  }));
  route(app, halalEndpoints.postAdminHalalCertificatesByCertificateIdReject, async (request) => ({
    certificate: await reviewCertificate(deps, request.actor!, request.params.certificateId, {
      decision: 'reject',
      reason: request.body.reason,
    }),
  }));
  route(app, halalEndpoints.getAdminHalalSitesBySiteId, async (request) => getSiteHalal(db, request.params.siteId));
  route(app, halalEndpoints.getAdminHalalTicketsByTicketIdSite, async (request) =>
    getTicketSiteHalal(db, request.params.ticketId),
  );
  route(app, halalEndpoints.postAdminHalalSitesBySiteIdSuspend, async (request) =>
    setSuspension(deps, request.actor!, request.params.siteId, 'suspend', request.body),
  );
  route(app, halalEndpoints.postAdminHalalSitesBySiteIdReinstate, async (request) =>
    setSuspension(deps, request.actor!, request.params.siteId, 'reinstate', request.body),
  );

  // Customers and visitors.
  route(app, halalEndpoints.getRestaurantsBySlugHalal, async (request) => getHalalDetails(db, request.params.slug));
  route(app, halalEndpoints.postRestaurantsBySlugHalalConcerns, { onRequest: feedback }, async (request, reply) =>
    reply
      .status(201)
      .send(await reportHalalConcern(deps, request.actor, { ...request.body, slug: request.params.slug })),
  );
  route(app, halalEndpoints.postOrdersByOrderNumberHalalConcerns, { onRequest: feedback }, async (request, reply) =>
    reply
      .status(201)
      .send(
        await reportOrderHalalConcern(
          deps,
          request.actor,
          request.params.orderNumber,
          request.headers[ORDER_TOKEN_HEADER],
          request.body,
        ),
      ),
  );
}
