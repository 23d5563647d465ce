import { useQuery } from '@tanstack/react-query';
import { call } from './call';
import { endpoints } from './endpoints.generated';

/** The company name and support phone from the platform settings (the footer's line); kept for five minutes. */
export function usePlatformInfo() {
  return useQuery({
    queryKey: ['platform'],
    queryFn: ({ signal }) => call(endpoints.settings.getPlatform, { signal }),
    staleTime: 5 * 60_000,
  });
}
