import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteMenuResponse } from '../../domain/contracts/menu/menu';
import { api, isClientError } from '../lib/api';
import { partnerKeys } from './partner-api';

/** The brand's base menu as this location sees it (GET /api/partner/sites/:siteId/menu). */
export function useSiteMenu(siteId: string | null) {
  return useQuery({
    queryKey: partnerKeys.menu(siteId ?? 'none'),
    queryFn: ({ signal }) => api<SiteMenuResponse>(`/api/partner/sites/${siteId}/menu`, { signal }),
    enabled: !!siteId,
    retry: (n, e) => !isClientError(e) && n < 3,
  });
}

/** Refetches every location's view of the menu after a change to the base menu. */
export function useRefreshMenus() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['partner', 'menu'] });
}
