import type { FastifyInstance } from 'fastify';
import { adminEndpoints } from '../../../../domain/contracts/admin/endpoints';
import { route } from '../../../http/route';
import { getRestaurantReview } from './get-restaurant-review';
import { listRestaurants } from './list-restaurants';
import { reviewBrand } from './review-brand';
import { reviewSite } from './review-site';

/** The back office's Restaurants page (docs/product/admin.md#restaurants). */
export function restaurantReviewRoutes(app: FastifyInstance): void {
  const db = app.deps.database.db;
  route(app, adminEndpoints.getAdminRestaurants, async (request) => ({
    restaurants: await listRestaurants(db, request.query.status),
  }));
  route(app, adminEndpoints.getAdminRestaurantsBySiteId, async (request) => ({
    restaurant: await getRestaurantReview(db, request.params.siteId),
  }));
  route(app, adminEndpoints.postAdminRestaurantsBySiteIdReview, async (request) => ({
    restaurant: await reviewSite(db, request.actor!, request.params.siteId, request.body),
  }));
  route(app, adminEndpoints.postAdminBrandsByBrandIdReview, async (request) => {
    await reviewBrand(db, request.actor!, request.params.brandId, request.body);
    return { ok: true as const };
  });
}
