import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isClientError } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-partner.generated';
import { partnerKeys } from './partner-api';

/** The brand's base menu as this location sees it (GET /api/partner/sites/:siteId/menu). */
export function useSiteMenu(siteId: string | null) {
  return useQuery({
    queryKey: partnerKeys.menu(siteId ?? 'none'),
    queryFn: ({ signal }) => call(endpoints.menu.getPartnerSitesBySiteIdMenu, { params: { siteId: siteId! }, signal }),
    enabled: !!siteId,
    retry: (n, e) => !isClientError(e) && n < 3,
  });
}

/** Refetches every location's view of the menu after a change to the base menu. */
export function useRefreshMenus() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['partner', 'menu'] });
}
