import { siteReviewsParams } from './review';
import { listReviewsQuery, listReviewsResponse } from './list-reviews';
import { POLICIES } from '../../policies';
import { getMyReviewResponse } from './get-my-review';
import { saveReviewBody, saveReviewResponse } from './save-review';
import { api } from '../endpoint';

/** The reviews endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const reviewsEndpoints = {
  getRestaurantsBySiteIdReviews: api('GET /api/restaurants/:siteId/reviews', POLICIES.public)
    .takes({ params: siteReviewsParams, query: listReviewsQuery })
    .answers({ 200: listReviewsResponse }),
  getRestaurantsBySiteIdReviewsMine: api('GET /api/restaurants/:siteId/reviews/mine', POLICIES.customer)
    .takes({ params: siteReviewsParams })
    .answers({ 200: getMyReviewResponse }),
  putRestaurantsBySiteIdReviewsMine: api('PUT /api/restaurants/:siteId/reviews/mine', POLICIES.customer)
    .takes({ params: siteReviewsParams, body: saveReviewBody })
    .answers({ 200: saveReviewResponse }),
};
