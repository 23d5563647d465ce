import { healthEndpoints } from '../../../domain/contracts/health/endpoints';
import { route } from '../../http/route';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';

/**
 * The start-up warning of a production server with demo data: its demo accounts, a super_admin
 * among them, sign in with the password the README publishes
 * (docs/decisions/0197-no-demo-in-production-and-first-admin.md).
 */
export const DEMO_IN_PRODUCTION_WARNING =
  'DEMO=1 in production: the demo accounts (a super_admin among them) sign in with the password published in the README. Unset DEMO for a real deployment.';

/** GET /api/health: 200 when the server answers and its database does; `demo` says demo data is served. */
export function healthRoutes(
  app: FastifyInstance,
  deps: { database: Database; demo: boolean; production: boolean },
): void {
  route(app, healthEndpoints.getHealth, async () => {
    await deps.database.db.execute(sql`select 1`);
    return { status: 'ok' as const, database: deps.database.kind, demo: deps.demo, time: new Date().toISOString() };
  });
  if (deps.demo && deps.production) app.addHook('onReady', async () => app.log.warn(DEMO_IN_PRODUCTION_WARNING));
}
