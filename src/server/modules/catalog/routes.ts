import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getCityParams, getCityResponse } from '../../../domain/contracts/catalog/get-city';
import { getRestaurantParams, getRestaurantResponse } from '../../../domain/contracts/catalog/get-restaurant';
import { listCitiesResponse } from '../../../domain/contracts/catalog/list-cities';
import { searchRestaurantsQuery, searchRestaurantsResponse } from '../../../domain/contracts/catalog/search-restaurants';
import { suggestCityBody, suggestCityResponse } from '../../../domain/contracts/catalog/suggest-city';
import { POLICIES } from '../../../domain/policies';
import type { Db } from '../../db/client';
import type { Geocoder } from '../geo/geocoder';
import { getCity } from './get-city';
import { getRestaurant } from './get-restaurant';
import { listCities } from './list-cities';
import { searchRestaurants } from './search-restaurants';
import { suggestCity } from './suggest-city';

/** Discovery: the city directory, city suggestions, restaurant search and the restaurant page. */
export function catalogRoutes(app: FastifyInstance, deps: { db: Db; geocoder: Geocoder }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pub = { policy: POLICIES.public };

  r.get('/api/cities', { config: pub, schema: { response: { 200: listCitiesResponse } } }, async () => ({
    cities: await listCities(deps.db),
  }));

  r.get('/api/cities/:slug', { config: pub, schema: { params: getCityParams, response: { 200: getCityResponse } } }, async (request) =>
    getCity(deps.db, request.params.slug),
  );

  r.post(
    '/api/city-suggestions',
    { config: pub, schema: { body: suggestCityBody, response: { 201: suggestCityResponse } } },
    async (request, reply) => {
      await suggestCity(deps.db, request.body, request.actor?.userId ?? null);
      return reply.status(201).send({ ok: true as const });
    },
  );

  r.get(
    '/api/restaurants/search',
    { config: pub, schema: { querystring: searchRestaurantsQuery, response: { 200: searchRestaurantsResponse } } },
    async (request) => searchRestaurants(deps.db, deps.geocoder, request.query),
  );

  r.get(
    '/api/restaurants/:slug',
    { config: pub, schema: { params: getRestaurantParams, response: { 200: getRestaurantResponse } } },
    async (request) => ({ restaurant: await getRestaurant(deps.db, request.params.slug) }),
  );
}
