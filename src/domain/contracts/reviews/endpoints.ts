import { siteReviewsParams } from './review';
import { listReviewsQuery, listReviewsResponse } from './list-reviews';
import { POLICIES } from '../../policies';
import { getMyReviewResponse } from './get-my-review';
import { saveReviewBody, saveReviewResponse } from './save-review';
import { endpoint } from '../endpoint';

/** The reviews endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const reviewsEndpoints = {
  getRestaurantsBySiteIdReviews: endpoint({
    method: 'GET',
    path: '/api/restaurants/:siteId/reviews',
    policy: POLICIES.public,
    summary: 'Get restaurants by site id reviews',
    params: siteReviewsParams,
    query: listReviewsQuery,
    responses: { 200: listReviewsResponse },
  }),
  getRestaurantsBySiteIdReviewsMine: endpoint({
    method: 'GET',
    path: '/api/restaurants/:siteId/reviews/mine',
    policy: POLICIES.customer,
    summary: 'Get restaurants by site id reviews mine',
    params: siteReviewsParams,
    responses: { 200: getMyReviewResponse },
  }),
  putRestaurantsBySiteIdReviewsMine: endpoint({
    method: 'PUT',
    path: '/api/restaurants/:siteId/reviews/mine',
    policy: POLICIES.customer,
    summary: 'Put restaurants by site id reviews mine',
    params: siteReviewsParams,
    body: saveReviewBody,
    responses: { 200: saveReviewResponse },
  }),
};
