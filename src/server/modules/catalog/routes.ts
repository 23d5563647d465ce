import { catalogEndpoints } from '../../../domain/contracts/catalog/endpoints';
import { route } from '../../http/route';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalisePostcode } from '../../../domain/geo';
import type { Db } from '../../db/client';
import type { Geocoder } from '../geo';
import { getCity } from './get-city';
import { restaurantPageText } from './get-restaurant';
import { listCities } from './list-cities';
import { preferredEncoding } from '../../plugins/encoding';
import { responseCacheRequests } from '../../platform/metrics';
import { type CachedAnswer, type CatalogChanges, type ResponseCache, createResponseCache } from './response-cache';
import { searchRestaurantsText } from './search-restaurants';
import { suggestCity } from './suggest-city';

/** Discovery: the city directory, city suggestions, restaurant search and the restaurant page. */
export function catalogRoutes(
  app: FastifyInstance,
  deps: { db: Db; geocoder: Geocoder; responseCache?: boolean; catalogChanges?: CatalogChanges },
): { cache: ResponseCache } {
  // Search and restaurant answers are public and the same for every viewer: cached as JSON text
  // under the catalog version and the minute (docs/decisions/0091-response-cache.md).
  const cache = createResponseCache(deps.db, { enabled: deps.responseCache ?? true, changes: deps.catalogChanges });
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
  /** The cache's answer, counted as a hit or a miss (the cache computes only on a miss). */
  const cached = async (answer: 'search' | 'restaurant', key: string, compute: (now: Date) => Promise<string>) => {
    let missed = false;
    const found = await cache.get(key, (now) => {
      missed = true;
      return compute(now);
    });
    responseCacheRequests.inc({ answer, result: missed ? 'miss' : 'hit' });
    return found;
  };

  route(app, catalogEndpoints.getCities, async () => ({
    cities: await listCities(deps.db),
  }));

  route(app, catalogEndpoints.getCitiesBySlug, async (request) =>
    getCity(deps.db, request.params.slug, { geocoder: deps.geocoder, deliverTo: request.query.deliverTo }),
  );

  route(app, catalogEndpoints.postCitySuggestions, async (request, reply) => {
    await suggestCity(deps.db, request.body, request.actor?.userId ?? null);
    return reply.status(201).send({ ok: true as const });
  });

  route(app, catalogEndpoints.getRestaurantsSearch, async (request, reply) => {
    const q = request.query;
    const key = JSON.stringify([
      'search',
      q.location ?? '',
      q.cuisine ?? '',
      [...q.filters].sort(),
      q.limit,
      q.offset,
      q.q ?? '',
      q.sort,
      q.diet,
      q.without,
      q.deliverTo ? (normalisePostcode(q.deliverTo)?.postcode ?? '') : '',
    ]);
    const answer = await cached('search', key, (now) => searchRestaurantsText(deps.db, deps.geocoder, q, now));
    return sendCached(request, reply, answer);
  });

  route(app, catalogEndpoints.getRestaurantsBySlug, async (request, reply) => {
    const answer = await cached('restaurant', JSON.stringify(['restaurant', request.params.slug]), (now) =>
      restaurantPageText(deps.db, request.params.slug, now),
    );
    return sendCached(request, reply, answer);
  });

  // The server-rendered customer pages are kept in the same cache, under the same version and minute
  // (docs/decisions/0177-server-rendered-customer-pages.md).
  return { cache };
}
