import { catalogEndpoints } from '../../../domain/contracts/catalog/endpoints';
import { route } from '../../http/route';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalisePostcode } from '../../../domain/geo';
import type { Db } from '../../db/client';
import type { Geocoder } from '../geo';
import { getCity } from './get-city';
import { createMenuTexts, restaurantPageAnswer } from './get-restaurant';
import { listCities } from './list-cities';
import { preferredEncoding } from '../../plugins/encoding';
import { countCachedAnswer } from '../../platform/metrics';
import { type SearchedLocation, restaurantTags, searchTags } from '../../../domain/catalog-invalidation';
import { branchesReaching } from './answer-tags';
import { createBranchSnapshot } from './branch-snapshot';
import { MAX_DELIVERY_RADIUS_KM } from './find-branches';
import {
  type CachedAnswer,
  type CatalogChanges,
  type Computed,
  type ResponseCache,
  createResponseCache,
} from './response-cache';
import { type SearchMakings, searchRestaurantsText } from './search-restaurants';
import { suggestCity } from './suggest-city';

/** Discovery: the city directory, city suggestions, restaurant search and the restaurant page. */
export function catalogRoutes(
  app: FastifyInstance,
  deps: { db: Db; geocoder: Geocoder; responseCache?: boolean; catalogChanges?: CatalogChanges },
): { cache: ResponseCache } {
  // Search and restaurant answers are public and the same for every viewer: cached as JSON text,
  // each tagged with what can change it (docs/decisions/0091-response-cache.md,
  // docs/decisions/0246-narrow-cache-invalidation.md).
  const enabled = deps.responseCache ?? true;
  // Every listed branch's card row, refreshed branch by branch from the changes the cache applies: a
  // search miss that reads no menu is answered from it (docs/decisions/0266-embedded-misses-under-churn.md).
  // Without the cache nothing tells it of changes, so the uncached path reads the database.
  const branches = enabled ? createBranchSnapshot(deps.db) : undefined;
  const cache = createResponseCache(deps.db, {
    enabled,
    changes: deps.catalogChanges,
    onChange: branches?.mark,
  });
  const sendCached = async (request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) => {
    const coding = preferredEncoding(request.headers['accept-encoding']);
    let encoded = coding ? answer.encoded(coding) : null;
    // Being compressed (off this thread) for the first request that asked.
    if (encoded instanceof Promise) encoded = await encoded;
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
  const cached = async (answer: 'search' | 'restaurant', key: string, compute: (now: Date) => Promise<Computed>) => {
    let missed = false;
    const found = await cache.get(key, (now) => {
      missed = true;
      return compute(now);
    });
    countCachedAnswer(answer, missed);
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
    // A name or dietary choice reads menus: such a search also follows the menus of its branches.
    const dishes = Boolean(q.q?.trim()) || q.diet.length > 0 || q.without.length > 0;
    const answer = await cached('search', key, async (now) => {
      const makings: SearchMakings = {};
      const body = await searchRestaurantsText(deps.db, deps.geocoder, q, now, branches, makings);
      // Without the cache the tags are not used: the answer is not read back (docs/decisions/0290-search-pages-batched.md).
      if (!enabled) return body;
      const { location } = JSON.parse(body) as { location: SearchedLocation };
      // A postcode's answer also follows the card of every branch that reaches it (answer-tags.ts); the ratings and
      // open flags it follows are those its page depends on (docs/decisions/0289-answers-that-show-the-branch.md).
      const reaching =
        location.kind === 'postcode' && location.known && location.lat !== undefined && location.lng !== undefined
          ? await (branches
              ? branches.reaching(now, { lat: location.lat, lng: location.lng })
              : branchesReaching(deps.db, { lat: location.lat, lng: location.lng }))
          : [];
      return { body, tags: searchTags(location, dishes, MAX_DELIVERY_RADIUS_KM, reaching, makings.order ?? null) };
    });
    return sendCached(request, reply, answer);
  });

  // The menus' texts, reused while the database reports their rows unchanged; every page still reads its branch and
  // its menu's row versions (docs/decisions/0281-restaurant-menu-text-by-row-versions.md).
  const menuTexts = createMenuTexts();
  route(app, catalogEndpoints.getRestaurantsBySlug, async (request, reply) => {
    const answer = await cached('restaurant', JSON.stringify(['restaurant', request.params.slug]), async (now) => {
      const page = await restaurantPageAnswer(deps.db, request.params.slug, now, menuTexts);
      return { body: page.text, tags: restaurantTags(page.id) };
    });
    return sendCached(request, reply, answer);
  });

  // The server-rendered customer pages are kept in the same cache, dropped by any catalog change
  // (docs/decisions/0177-server-rendered-customer-pages.md).
  return { cache };
}
