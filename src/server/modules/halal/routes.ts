import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminCertificatesQuery,
  adminCertificatesResponse,
  adminSiteHalalResponse,
  certificateParams,
  rejectCertificateBody,
  reviewCertificateResponse,
  siteHalalActionBody,
  siteParams,
  ticketParams,
} from '../../../domain/contracts/halal/admin-halal';
import {
  certificateView,
  halalSiteParams,
  partnerHalalResponse,
  saveHalalFactsBody,
  submitCertificateBody,
} from '../../../domain/contracts/halal/partner-halal';
import {
  halalConcernBody,
  halalConcernResponse,
  halalDetailsResponse,
  restaurantSlugParams,
} from '../../../domain/contracts/halal/public-halal';
import { ORDER_TOKEN_HEADER, orderRefParams, orderTokenHeaders } from '../../../domain/contracts/orders/order-view';
import { POLICIES, adminArea } from '../../../domain/policies';
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

/** The certificate preview may be framed by HalalNosh itself, like driver documents (docs/decisions/0052-driver-approval-and-documents.md, 0071). */
const PREVIEW_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'";
const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** Halal trust (docs/decisions/0070-halal-trust.md): partners' certificates and facts, verifiers' decisions, the public panel and concerns. */
export function halalRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config, bus } = app.deps;
  const db = app.deps.database.db;
  const deps = { db, bus };
  // Concerns raise tickets that reach people: limited per IP and per account like the other
  // feedback writes (docs/decisions/0061-abuse-limits-and-client-ip.md), sharing their 'reviews' budget.
  const feedback = rateLimited(db, 'reviews', config.rateLimits.reviews, config.rateLimits.windowSeconds);
  const partner = { policy: POLICIES.partner };
  const verifier = { policy: adminArea('halal') };
  const pub = { policy: POLICIES.public };

  // Partners: their location's halal section. There is no route that sets a halal status.
  r.get(
    '/api/partner/sites/:siteId/halal',
    { config: partner, schema: { params: halalSiteParams, response: { 200: partnerHalalResponse } } },
    async (request) => getPartnerHalal(db, request.actor!.userId, request.params.siteId),
  );
  r.post(
    '/api/partner/sites/:siteId/halal/certificates',
    {
      config: partner,
      schema: { params: halalSiteParams, body: submitCertificateBody, response: { 201: certificateView } },
    },
    async (request, reply) =>
      reply.status(201).send(await submitCertificate(deps, request.actor!, request.params.siteId, request.body)),
  );
  r.put(
    '/api/partner/sites/:siteId/halal/facts',
    {
      config: partner,
      schema: { params: halalSiteParams, body: saveHalalFactsBody, response: { 200: partnerHalalResponse } },
    },
    async (request) => {
      await saveHalalFacts(deps, request.actor!, request.params.siteId, request.body);
      return getPartnerHalal(db, request.actor!.userId, request.params.siteId);
    },
  );

  // Verifiers (area halal: super_admin, ops_manager).
  r.get(
    '/api/admin/halal/certificates',
    { config: verifier, schema: { querystring: adminCertificatesQuery, response: { 200: adminCertificatesResponse } } },
    async (request) => ({
      certificates: await listCertificates(db, request.query.status),
    }),
  );
  r.get(
    '/api/admin/halal/certificates/:certificateId',
    { config: verifier, schema: { params: certificateParams, response: { 200: reviewCertificateResponse } } },
    async (request) => ({
      certificate: await getAdminCertificate(db, request.params.certificateId),
    }),
  );
  r.get(
    '/api/admin/halal/certificates/:certificateId/preview',
    {
      config: verifier,
      schema: { params: certificateParams },
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode === 200) {
          reply.header('x-frame-options', 'SAMEORIGIN');
          reply.header('content-security-policy', PREVIEW_CSP);
        }
        return payload;
      },
    },
    async (request, reply) => {
      const file = await readCertificateDocument({ db, uploadDir: config.uploads.dir }, request.params.certificateId);
      reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="certificate.${EXTENSIONS[file.contentType] ?? 'bin'}"`);
      return reply.send(file.body);
    },
  );
  r.post(
    '/api/admin/halal/certificates/:certificateId/approve',
    { config: verifier, schema: { params: certificateParams, response: { 200: reviewCertificateResponse } } },
    async (request) => ({
      certificate: await reviewCertificate(deps, request.actor!, request.params.certificateId, { decision: 'approve' }),
    }),
  );
  r.post(
    '/api/admin/halal/certificates/:certificateId/reject',
    {
      config: verifier,
      schema: { params: certificateParams, body: rejectCertificateBody, response: { 200: reviewCertificateResponse } },
    },
    async (request) => ({
      certificate: await reviewCertificate(deps, request.actor!, request.params.certificateId, {
        decision: 'reject',
        reason: request.body.reason,
      }),
    }),
  );
  r.get(
    '/api/admin/halal/sites/:siteId',
    { config: verifier, schema: { params: siteParams, response: { 200: adminSiteHalalResponse } } },
    async (request) => getSiteHalal(db, request.params.siteId),
  );
  r.get(
    '/api/admin/halal/tickets/:ticketId/site',
    { config: verifier, schema: { params: ticketParams, response: { 200: adminSiteHalalResponse } } },
    async (request) => getTicketSiteHalal(db, request.params.ticketId),
  );
  r.post(
    '/api/admin/halal/sites/:siteId/suspend',
    {
      config: verifier,
      schema: { params: siteParams, body: siteHalalActionBody, response: { 200: adminSiteHalalResponse } },
    },
    async (request) => setSuspension(deps, request.actor!, request.params.siteId, 'suspend', request.body),
  );
  r.post(
    '/api/admin/halal/sites/:siteId/reinstate',
    {
      config: verifier,
      schema: { params: siteParams, body: siteHalalActionBody, response: { 200: adminSiteHalalResponse } },
    },
    async (request) => setSuspension(deps, request.actor!, request.params.siteId, 'reinstate', request.body),
  );

  // Customers and visitors.
  r.get(
    '/api/restaurants/:slug/halal',
    { config: pub, schema: { params: restaurantSlugParams, response: { 200: halalDetailsResponse } } },
    async (request) => getHalalDetails(db, request.params.slug),
  );
  r.post(
    '/api/restaurants/:slug/halal-concerns',
    {
      config: pub,
      onRequest: feedback,
      schema: { params: restaurantSlugParams, body: halalConcernBody, response: { 201: halalConcernResponse } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await reportHalalConcern(deps, request.actor, { ...request.body, slug: request.params.slug })),
  );
  r.post(
    '/api/orders/:orderNumber/halal-concerns',
    {
      config: pub,
      onRequest: feedback,
      schema: {
        params: orderRefParams,
        headers: orderTokenHeaders,
        body: halalConcernBody,
        response: { 201: halalConcernResponse },
      },
    },
    async (request, reply) =>
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
