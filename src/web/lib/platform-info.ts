import { useQuery } from '@tanstack/react-query';
import { call } from './call';
import { endpoints } from './endpoints.generated';

export const platformQueryKey = ['platform'] as const;

/** The company name, support phone and service fee from the platform settings; kept for five minutes. */
export function usePlatformInfo() {
  return useQuery({
    queryKey: platformQueryKey,
    queryFn: ({ signal }) => call(endpoints.settings.getPlatform, { signal }),
    staleTime: 5 * 60_000,
  });
}
