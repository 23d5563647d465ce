import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { MeResponse } from '../../domain/contracts/me/get-me';
import { call } from './call';
import { endpoints } from './endpoints.generated';

/** The signed-in user as GET /api/me describes them. */
export type Me = NonNullable<MeResponse['user']>;

export const meQueryKey = ['me'] as const;

function fetchMe(signal?: AbortSignal): Promise<MeResponse> {
  return call(endpoints.auth.getMe, { signal });
}

/** Who is signed in (data.user is null for a visitor). */
export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: ({ signal }) => fetchMe(signal), staleTime: 60_000 });
}

/** Reloads GET /api/me now (after signing in or out) and returns the fresh answer. */
export function refreshMe(queryClient: QueryClient): Promise<MeResponse> {
  return queryClient.fetchQuery({ queryKey: meQueryKey, queryFn: ({ signal }) => fetchMe(signal), staleTime: 0 });
}

/** The name to greet a user by: their display name, else "Customer" (docs/product/customer.md#header). */
export function greetingName(user: Me): string {
  return user.displayName?.trim() || 'Customer';
}
