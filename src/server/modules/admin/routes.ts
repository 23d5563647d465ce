import { adminEndpoints } from '../../../domain/contracts/admin/endpoints';
import { route } from '../../http/route';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { auditRoutes } from '../audit';
import { settingsRoutes } from '../settings';
import { ticketRoutes } from '../tickets';
import { getAdminProfile, touchAdminSession } from './admin-profile';
import { adminDriverRoutes } from './driver-routes';
import { adminReportRoutes } from './report-routes';
import { adminTeamRoutes } from './team-routes';
import { orderConsoleRoutes } from './order-console-routes';
import { restaurantReviewRoutes } from './restaurants/routes';
import { adminPayoutRoutes } from './payouts/payout-routes';
import { getAdminOverview } from './get-overview';
import { listCitySuggestions } from './list-city-suggestions';
import { openSuggestedCity } from './open-suggested-city';
import { getDispatchMap } from './get-dispatch-map';

/**
 * The admin back office's API. Every route declares the area it belongs to (domain/policies.ts
 * ADMIN_AREAS), so the server refuses a role the sidebar would hide. The back office's other
 * modules (settings, tickets, team, reports, audit) are registered from here.
 */
export function adminRoutes(app: FastifyInstance, deps: { db: Db }): void {
  route(app, adminEndpoints.getAdminOverview, async () => getAdminOverview(deps.db));
  route(app, adminEndpoints.getAdminCitySuggestions, async () => listCitySuggestions(deps.db));
  route(app, adminEndpoints.postAdminCitySuggestionsOpened, async (request) =>
    openSuggestedCity(deps.db, request.body.city, { userId: request.actor!.userId, name: request.actor!.name }),
  );
  route(app, adminEndpoints.getAdminDispatch, async () => getDispatchMap(deps.db));
  route(app, adminEndpoints.getAdminProfile, async (request) => getAdminProfile(deps.db, request.actor!));
  route(app, adminEndpoints.postAdminSessionTouch, async (request) => {
    await touchAdminSession(deps.db, request.actor!);
    return { ok: true as const };
  });

  adminDriverRoutes(app);
  settingsRoutes(app);
  adminTeamRoutes(app);
  ticketRoutes(app);
  adminReportRoutes(app);
  auditRoutes(app);
  orderConsoleRoutes(app);
  restaurantReviewRoutes(app);
  adminPayoutRoutes(app);
}
