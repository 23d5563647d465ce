import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getMyReviewResponse } from '../../../domain/contracts/reviews/get-my-review';
import { listReviewsQuery, listReviewsResponse } from '../../../domain/contracts/reviews/list-reviews';
import { siteReviewsParams } from '../../../domain/contracts/reviews/review';
import { saveReviewBody, saveReviewResponse } from '../../../domain/contracts/reviews/save-review';
import { POLICIES } from '../../../domain/policies';
import type { Db } from '../../db/client';
import { rateLimited } from '../../plugins/rate-limit';
import { getMyReview } from './get-my-review';
import { listReviews } from './list-reviews';
import { saveReview } from './save-review';

/** The reviews block of a restaurant page: anyone reads, signed-in customers write their own. */
export function reviewRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { rateLimits } = app.deps.config;

  r.get(
    '/api/restaurants/:siteId/reviews',
    {
      config: { policy: POLICIES.public },
      schema: { params: siteReviewsParams, querystring: listReviewsQuery, response: { 200: listReviewsResponse } },
    },
    async (request) => listReviews(deps.db, request.params.siteId, request.query, request.actor?.userId ?? null),
  );

  r.get(
    '/api/restaurants/:siteId/reviews/mine',
    {
      config: { policy: POLICIES.customer },
      schema: { params: siteReviewsParams, response: { 200: getMyReviewResponse } },
    },
    async (request) => ({ review: await getMyReview(deps.db, request.params.siteId, request.actor!.userId) }),
  );

  r.put(
    '/api/restaurants/:siteId/reviews/mine',
    {
      config: { policy: POLICIES.customer },
      onRequest: rateLimited(deps.db, 'reviews', rateLimits.reviews, rateLimits.windowSeconds),
      schema: { params: siteReviewsParams, body: saveReviewBody, response: { 200: saveReviewResponse } },
    },
    async (request) =>
      saveReview(deps.db, {
        siteId: request.params.siteId,
        userId: request.actor!.userId,
        rating: request.body.rating,
        comment: request.body.comment,
      }),
  );
}
