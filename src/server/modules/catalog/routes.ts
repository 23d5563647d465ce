import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getCityParams, getCityResponse } from '../../../domain/contracts/catalog/get-city';
import { getRestaurantParams, getRestaurantResponse } from '../../../domain/contracts/catalog/get-restaurant';
import { listCitiesResponse } from '../../../domain/contracts/catalog/list-cities';
import {
  searchRestaurantsQuery,
  searchRestaurantsResponse,
} from '../../../domain/contracts/catalog/search-restaurants';
import { suggestCityBody, suggestCityResponse } from '../../../domain/contracts/catalog/suggest-city';
import { POLICIES } from '../../../domain/policies';
import type { Db } from '../../db/client';
import type { Geocoder } from '../geo';
import { getCity } from './get-city';
import { getRestaurant } from './get-restaurant';
import { listCities } from './list-cities';
import { preferredEncoding } from '../../plugins/encoding';
import { type CachedAnswer, createResponseCache } from './response-cache';
import { searchRestaurants } from './search-restaurants';
import { suggestCity } from './suggest-city';

/** Discovery: the city directory, city suggestions, restaurant search and the restaurant page. */
export function catalogRoutes(
  app: FastifyInstance,
  deps: { db: Db; geocoder: Geocoder; responseCache?: boolean },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pub = { policy: POLICIES.public };
  // Search and restaurant answers are public and the same for every viewer: cached as JSON text
  // under the catalog version and the minute (docs/decisions/0091-response-cache.md).
  const cache = createResponseCache(deps.db, { enabled: deps.responseCache ?? true });
  const sendCached = (request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) => {
    const coding = preferredEncoding(request.headers['accept-encoding']);
    const encoded = coding ? answer.encoded(coding) : null;
    // Each coding is its own representation, with its own tag.
    const etag = encoded ? `${answer.etag.slice(0, -1)}-${coding}"` : answer.etag;
    reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    reply.type('application/json; charset=utf-8');
    if (encoded) return reply.header('content-encoding', coding!).send(encoded);
    // Already validated and serialised by the response contract when it was made.
    return reply.serializer((payload: unknown) => payload as string).send(answer.body);
  };

  r.get('/api/cities', { config: pub, schema: { response: { 200: listCitiesResponse } } }, async () => ({
    cities: await listCities(deps.db),
  }));

  r.get(
    '/api/cities/:slug',
    { config: pub, schema: { params: getCityParams, response: { 200: getCityResponse } } },
    async (request) => getCity(deps.db, request.params.slug),
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
    async (request, reply) => {
      const q = request.query;
      const key = JSON.stringify([
        'search',
        q.location ?? '',
        q.cuisine ?? '',
        [...q.filters].sort(),
        q.limit,
        q.offset,
      ]);
      const answer = await cache.get(key, async () =>
        JSON.stringify(searchRestaurantsResponse.parse(await searchRestaurants(deps.db, deps.geocoder, q))),
      );
      return sendCached(request, reply, answer);
    },
  );

  r.get(
    '/api/restaurants/:slug',
    { config: pub, schema: { params: getRestaurantParams, response: { 200: getRestaurantResponse } } },
    async (request, reply) => {
      const answer = await cache.get(JSON.stringify(['restaurant', request.params.slug]), async () =>
        JSON.stringify(getRestaurantResponse.parse({ restaurant: await getRestaurant(deps.db, request.params.slug) })),
      );
      return sendCached(request, reply, answer);
    },
  );
}
