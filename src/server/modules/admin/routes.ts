import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOverviewResponse, pendingDriversResponse } from '../../../domain/contracts/admin/overview';
import { POLICIES, adminArea } from '../../../domain/policies';
import type { Db } from '../../db/client';
import { userProfiles } from '../../db/schema/index';
import { getAdminOverview } from './get-overview';

export function adminRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/overview',
    { config: { policy: POLICIES.anyAdmin }, schema: { response: { 200: adminOverviewResponse } } },
    async () => getAdminOverview(deps.db),
  );
  r.get(
    '/api/admin/drivers/pending-count',
    { config: { policy: adminArea('drivers') }, schema: { response: { 200: pendingDriversResponse } } },
    async () => {
      const [row] = await deps.db
        .select({ count: count() })
        .from(userProfiles)
        .where(and(eq(userProfiles.userType, 'driver'), eq(userProfiles.status, 'pending')));
      return { count: row.count };
    },
  );
}
