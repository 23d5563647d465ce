import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { useMe } from '../lib/me';
import { toast } from '../lib/toast';
import { useDeliverTo } from './known-postcode';

export const FAVOURITES_KEY = ['account', 'favourites'] as const;

/** The signed-in customer's favourites (docs/product/customer.md#favourites); disabled for anyone else. */
export function useFavourites() {
  const me = useMe();
  const isCustomer = me.data?.user?.userType === 'customer';
  // The tab's cards say whether each branch delivers to the known postcode (docs/product/customer.md#delivers-here).
  const deliverTo = useDeliverTo();
  const query = useQuery({
    queryKey: [...FAVOURITES_KEY, deliverTo],
    queryFn: ({ signal }) =>
      call(endpoints.account.getAccountFavourites, { query: deliverTo ? { deliverTo } : {}, signal }),
    enabled: isCustomer,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
  return { isCustomer, signedIn: Boolean(me.data?.user), query, deliverTo };
}

/** Saves or removes one favourite, updating the hearts at once and the list after. */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ siteId, favourite }: { siteId: string; favourite: boolean }) =>
      favourite
        ? call(endpoints.account.putAccountFavouritesOne, { params: { siteId } })
        : call(endpoints.account.deleteAccountFavouritesOne, { params: { siteId } }),
    onSuccess: (_data, { favourite, siteId }) => {
      queryClient.setQueriesData<{ siteIds: string[]; restaurants: unknown[] }>({ queryKey: FAVOURITES_KEY }, (old) =>
        old
          ? {
              ...old,
              siteIds: favourite
                ? [siteId, ...old.siteIds.filter((id) => id !== siteId)]
                : old.siteIds.filter((id) => id !== siteId),
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: FAVOURITES_KEY });
    },
    onError: (error) => toast.error('Could not update your favourites', { description: error.message }),
  });
}
