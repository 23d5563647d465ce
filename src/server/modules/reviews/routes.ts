import { reviewsEndpoints } from '../../../domain/contracts/reviews/endpoints';
import { route } from '../../http/route';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { rateLimited } from '../../plugins/rate-limit';
import { getMyReview } from './get-my-review';
import { listReviews } from './list-reviews';
import { saveReview } from './save-review';

/** The reviews block of a restaurant page: anyone reads, signed-in customers write their own. */
export function reviewRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { rateLimits } = app.deps.config;

  route(app, reviewsEndpoints.getRestaurantsBySiteIdReviews, async (request) =>
    listReviews(deps.db, request.params.siteId, request.query, request.actor?.userId ?? null),
  );

  route(app, reviewsEndpoints.getRestaurantsBySiteIdReviewsMine, async (request) => ({
    review: await getMyReview(deps.db, request.params.siteId, request.actor!.userId),
  }));

  route(
    app,
    reviewsEndpoints.putRestaurantsBySiteIdReviewsMine,
    { onRequest: rateLimited(deps.db, 'reviews', rateLimits.reviews, rateLimits.windowSeconds) },
    async (request) =>
      saveReview(deps.db, {
        siteId: request.params.siteId,
        userId: request.actor!.userId,
        rating: request.body.rating,
        comment: request.body.comment,
      }),
  );
}
