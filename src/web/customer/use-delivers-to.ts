import { useQueries, useQuery } from '@tanstack/react-query';
import { fullPostcode } from '../../domain/checkout';
import type { DeliversToResponse } from '../../domain/contracts/orders/delivers-to';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';

/**
 * Whether the branch delivers to a postcode, as the server decides it by the rule placing an order
 * enforces (docs/decisions/0173-delivery-range-at-checkout.md): the browser keeps no copy of that
 * rule. Asked only once the text is a full postcode; undefined until then, while it loads, and when
 * the server cannot say (an unknown postcode, no connection).
 */
const deliversToQuery = (siteId: string, postcode: string | null) => ({
  queryKey: ['delivers-to', siteId, postcode] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    call(endpoints.orders.getSitesBySiteIdDeliversTo, { params: { siteId }, query: { postcode: postcode! }, signal }),
  enabled: Boolean(siteId && postcode),
  staleTime: 60_000,
  retry: false,
});

/** The answer for one postcode as typed (undefined until it is a full postcode and answered). */
export function useDeliversTo(siteId: string, postcodeText: string | null): DeliversToResponse | undefined {
  const postcode = postcodeText ? fullPostcode(postcodeText) : null;
  return useQuery(deliversToQuery(siteId, postcode)).data;
}

/** The answers for several postcodes (the saved addresses), in their order. */
export function useDeliversToEach(
  siteId: string,
  postcodes: readonly string[],
  enabled = true,
): (DeliversToResponse | undefined)[] {
  return useQueries({
    queries: postcodes.map((p) => {
      const q = deliversToQuery(siteId, fullPostcode(p));
      return { ...q, enabled: enabled && q.enabled };
    }),
  }).map((r) => r.data);
}
