import type { QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '../lib/live';

/** Query keys of the back office; every key starts with "admin" so a sign-out or live event can reach them all. */
export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  pendingCount: ['admin', 'pending-count'] as const,
  citySuggestions: ['admin', 'city-suggestions'] as const,
  profile: ['admin', 'profile'] as const,
  drivers: (q: string) => ['admin', 'drivers', q] as const,
  driversAll: ['admin', 'drivers'] as const,
  driverDocuments: (id: string) => ['admin', 'driver-documents', id] as const,
  jobs: ['admin', 'jobs'] as const,
  settings: ['admin', 'settings'] as const,
  team: ['admin', 'team'] as const,
  tickets: (filters: Record<string, string>) => ['admin', 'tickets', 'list', filters] as const,
  ticketsAll: ['admin', 'tickets'] as const,
  ticket: (id: string) => ['admin', 'tickets', 'detail', id] as const,
  assignees: ['admin', 'assignees'] as const,
  halal: ['admin', 'halal'] as const,
  reports: (from: string, to: string) => ['admin', 'reports', from, to] as const,
  audit: (filters: Record<string, string | number>) => ['admin', 'audit', filters] as const,
};

/**
 * What each live event on the `admin` topic makes stale. Events carry ids only; the screens
 * refetch what they show (docs/decisions/0003-live-events-sse-notify.md).
 */
export function onAdminEvent(queryClient: QueryClient, event: LiveEvent): void {
  const stale = (key: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey: key });
  const [kind] = event.type.split('.');
  switch (kind) {
    case 'driver':
      stale(adminKeys.pendingCount);
      stale(adminKeys.driversAll);
      stale(['admin', 'driver-documents']);
      stale(adminKeys.overview);
      break;
    case 'job':
      stale(adminKeys.jobs);
      stale(adminKeys.driversAll);
      stale(adminKeys.overview);
      break;
    case 'ticket':
      stale(adminKeys.ticketsAll);
      stale(adminKeys.overview);
      break;
    case 'settings':
      stale(adminKeys.settings);
      stale(adminKeys.overview);
      break;
    case 'halal':
      // A certificate submitted or reviewed, a site suspended or reinstated: the verification
      // queue, its previews and the halal panels of tickets.
      stale(adminKeys.halal);
      stale(adminKeys.overview);
      break;
    case 'team':
      stale(adminKeys.team);
      stale(adminKeys.assignees);
      stale(adminKeys.overview);
      break;
    default:
      stale(adminKeys.overview);
  }
}
