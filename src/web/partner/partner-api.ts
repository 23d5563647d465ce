import { useQuery } from '@tanstack/react-query';
import type { PartnerBrand } from '../../domain/contracts/partner/brands';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-partner.generated';

/** Query keys of the partner console; a live event or a save invalidates by prefix. */
export const partnerKeys = {
  all: ['partner'] as const,
  brands: ['partner', 'brands'] as const,
  dashboard: (siteId: string | null) => ['partner', 'dashboard', siteId ?? 'all'] as const,
  site: (siteId: string) => ['partner', 'site', siteId] as const,
  menu: (siteId: string) => ['partner', 'menu', siteId] as const,
  orders: (siteId: string) => ['partner', 'orders', siteId] as const,
  invitations: (brandId: string) => ['partner', 'invitations', brandId] as const,
  staff: (brandId: string) => ['partner', 'staff', brandId] as const,
};

/** The brands the partner belongs to, each with the locations they may run. */
export function useBrands() {
  return useQuery({
    queryKey: partnerKeys.brands,
    queryFn: ({ signal }) => call(endpoints.partner.getPartnerBrands, { signal }).then((r) => r.brands),
    staleTime: 30_000,
  });
}
export type { PartnerBrand };

/** The error's own message for a toast description, else a fallback. */
export function messageOf(error: unknown, fallback = 'Please try again.'): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
