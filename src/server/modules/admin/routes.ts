import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOverviewResponse,
  adminProfileResponse,
  citySuggestionsResponse,
} from '../../../domain/contracts/admin/overview';
import { POLICIES, adminArea } from '../../../domain/policies';
import type { Db } from '../../db/client';
import { auditRoutes } from '../audit';
import { settingsRoutes } from '../settings';
import { ticketRoutes } from '../tickets';
import { getAdminProfile, touchAdminSession } from './admin-profile';
import { adminDriverRoutes } from './driver-routes';
import { adminReportRoutes } from './report-routes';
import { adminTeamRoutes } from './team-routes';
import { getAdminOverview } from './get-overview';
import { listCitySuggestions } from './list-city-suggestions';

/**
 * The admin back office's API. Every route declares the area it belongs to (domain/policies.ts
 * ADMIN_AREAS), so the server refuses a role the sidebar would hide. The back office's other
 * modules (settings, tickets, team, reports, audit) are registered from here.
 */
export function adminRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/overview',
    { config: { policy: adminArea('overview') }, schema: { response: { 200: adminOverviewResponse } } },
    async () => getAdminOverview(deps.db),
  );
  r.get(
    '/api/admin/city-suggestions',
    { config: { policy: adminArea('overview') }, schema: { response: { 200: citySuggestionsResponse } } },
    async () => listCitySuggestions(deps.db),
  );
  r.get(
    '/api/admin/profile',
    { config: { policy: POLICIES.anyAdmin }, schema: { response: { 200: adminProfileResponse } } },
    async (request) => getAdminProfile(deps.db, request.actor!),
  );
  r.post(
    '/api/admin/session/touch',
    { config: { policy: POLICIES.anyAdmin }, schema: { response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request) => {
      await touchAdminSession(deps.db, request.actor!);
      return { ok: true as const };
    },
  );

  adminDriverRoutes(app);
  settingsRoutes(app);
  adminTeamRoutes(app);
  ticketRoutes(app);
  adminReportRoutes(app);
  auditRoutes(app);
}
