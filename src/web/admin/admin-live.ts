import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { EventsOn } from '../../domain/live-events';
import type { LiveHandlers } from '../lib/live';
import { toast } from '../lib/toast';
import { adminKeys } from './admin-api';

const driverScreens = [
  adminKeys.pendingCount,
  adminKeys.driversAll,
  ['admin', 'driver-documents'],
  adminKeys.overview,
  adminKeys.dispatch,
];
// A job offered, taken, moved on or given back: the Jobs tab, the Overview's count and the dispatch map
// (docs/decisions/0170-ops-dispatch-map.md).
const jobScreens = [adminKeys.jobs, adminKeys.driversAll, adminKeys.overview, adminKeys.dispatch];
// A ticket may be linked to an order: the order console shows its tickets.
const ticketScreens = [adminKeys.ticketsAll, adminKeys.overview, adminKeys.ordersAll];
const teamScreens = [adminKeys.team, adminKeys.assignees, adminKeys.overview];
// A certificate submitted or reviewed, a site suspended or reinstated: the verification queue, its
// previews and the halal panels of tickets.
const halalScreens = [adminKeys.halal, adminKeys.overview];

/**
 * What each live event on the `admin` topic makes stale. Events carry ids only; the screens refetch
 * what they show (docs/decisions/0003-live-events-sse-notify.md). Every admin event type must be listed: a new one in the
 * live-event table does not compile until it is.
 */
export const ADMIN_EVENT_STALE: Record<EventsOn<'admin'>, readonly QueryKey[]> = {
  'order.created': [adminKeys.overview, adminKeys.ordersAll],
  'order.annotated': [adminKeys.ordersAll],
  'driver.status': driverScreens,
  'driver.applied': driverScreens,
  'driver.availability': driverScreens,
  'driver.located': [adminKeys.dispatch],
  'job.created': jobScreens,
  'job.updated': jobScreens,
  'job.widened': [adminKeys.dispatch],
  'job.reoffered': jobScreens,
  'job.returned': jobScreens,
  'order.no_driver': [adminKeys.jobs, adminKeys.overview, adminKeys.dispatch],
  'ticket.created': ticketScreens,
  'ticket.updated': ticketScreens,
  'ticket.message': ticketScreens,
  'settings.updated': [adminKeys.settings, adminKeys.overview],
  'halal.certificate': halalScreens,
  'halal.status': halalScreens,
  'team.invited': teamScreens,
  'team.invite_revoked': teamScreens,
  'team.joined': teamScreens,
  'team.member': teamScreens,
  // The dispatcher's offers, declines and starved jobs on the dispatch map (docs/decisions/0273-dispatcher-offers-in-the-product.md).
  'offer.made': [adminKeys.dispatch],
  'offer.ended': [adminKeys.dispatch],
  'job.starved': jobScreens,
  'city.dispatch_mode': [adminKeys.cityDispatchModes, adminKeys.dispatch],
};

/**
 * Phones on a delivery report their position every 10 s or so each: with many drivers out, the
 * dispatch map re-reads at most once in this many milliseconds for position changes alone.
 */
export const POSITION_REFRESH_MS = 2_000;
let positionRefresh: ReturnType<typeof setTimeout> | null = null;

/** The back office's handlers for the `admin` topic: each event refetches the screens it touches. */
export function adminEventHandlers(queryClient: QueryClient): LiveHandlers<'admin'> {
  const entries = Object.entries(ADMIN_EVENT_STALE).map(([type, keys]) => [
    type,
    () => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    },
  ]);
  const handlers = Object.fromEntries(entries) as LiveHandlers<'admin'>;
  const moved = handlers['driver.located'];
  handlers['driver.located'] = (data, event) => {
    if (positionRefresh) return;
    positionRefresh = setTimeout(() => {
      positionRefresh = null;
      moved?.(data, event);
    }, POSITION_REFRESH_MS);
  };
  const refresh = handlers['order.no_driver'];
  // An alert, not only a refresh: ops should look at an order nobody will deliver (docs/product/orders.md#no-driver-found).
  handlers['order.no_driver'] = (data, event) => {
    refresh?.(data, event);
    toast.warning(`No driver found for order ${data.orderNumber}`, {
      description: 'The customer has been offered pickup or cancellation; a support ticket is open.',
      duration: 15_000,
    });
  };
  return handlers;
}
