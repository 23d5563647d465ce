import { useQuery } from '@tanstack/react-query';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-partner.generated';

export const onboardingKey = ['partner', 'onboarding'] as const;

/** The partner's brands and each location's review (docs/product/partner.md#becoming-a-partner). */
export function useOnboarding(options: { refetchOnMount?: 'always' } = {}) {
  return useQuery({
    queryKey: onboardingKey,
    queryFn: ({ signal }) => call(endpoints.partner.getPartnerOnboarding, { signal }),
    staleTime: 15_000,
    ...options,
  });
}
