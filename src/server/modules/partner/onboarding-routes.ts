import type { FastifyInstance } from 'fastify';
import { partnerEndpoints } from '../../../domain/contracts/partner/endpoints';
import { route } from '../../http/route';
import { getOnboarding } from './get-onboarding';
import { submitSiteReview } from './submit-site-review';

/** Becoming a partner: the onboarding page and submitting a location for review. */
export function onboardingRoutes(app: FastifyInstance): void {
  const db = app.deps.database.db;
  route(app, partnerEndpoints.getPartnerOnboarding, async (request) => getOnboarding(db, request.actor!.userId));
  route(app, partnerEndpoints.postPartnerSitesBySiteIdSubmitReview, async (request) => ({
    site: await submitSiteReview(db, request.actor!, request.params.siteId),
  }));
}
