import { useQuery } from '@tanstack/react-query';
import type { RestaurantDetail } from '../../domain/contracts/catalog/get-restaurant';
import { siteDisplayName } from '../../domain/checkout';
import { isNotFound, isUnreachable } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import type { CartRestaurant } from '../lib/cart';
import { sampleDetail } from './sample-fallback';

export function restaurantQueryKey(slug: string) {
  return ['restaurant', slug] as const;
}

/**
 * GET /api/restaurants/{slug}. When the server cannot be reached, the sample branch of that slug
 * stands in (docs/product/customer.md#sample-fallback); `notFound` is the server's 404.
 */
export function useRestaurant(slug: string, options: { enabled?: boolean } = {}) {
  const query = useQuery({
    queryKey: restaurantQueryKey(slug),
    queryFn: ({ signal }) => call(endpoints.catalog.getRestaurantsBySlug, { params: { slug }, signal }),
    enabled: (options.enabled ?? true) && Boolean(slug),
    staleTime: 30_000,
  });
  const unreachable = query.isError && isUnreachable(query.error);
  const sample = useQuery({
    queryKey: ['restaurant', 'sample', slug],
    queryFn: () => sampleDetail(slug),
    enabled: unreachable,
    staleTime: Infinity,
  });
  const fallback = unreachable ? (sample.data ?? null) : null;
  const restaurant: RestaurantDetail | undefined = query.data?.restaurant ?? fallback ?? undefined;
  return {
    restaurant,
    fallback: Boolean(fallback),
    pending: (query.isPending && query.fetchStatus !== 'idle') || (unreachable && sample.isPending),
    notFound: query.isError && isNotFound(query.error),
    /** Any other failure the sample set does not cover. */
    error:
      query.isError && !isNotFound(query.error) && !fallback && !(unreachable && sample.isPending) ? query.error : null,
    refetch: () => void query.refetch(),
  };
}

/** What the cart keeps about the branch its items come from. */
export function cartRestaurantOf(r: RestaurantDetail): CartRestaurant {
  return {
    id: r.id,
    slug: r.slug,
    name: siteDisplayName(r.brandName, r.branchName),
    deliveryFeeMinor: r.deliveryFeeMinor,
    minOrderMinor: r.minOrderMinor,
  };
}
