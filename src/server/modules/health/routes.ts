import { healthEndpoints } from '../../../domain/contracts/health/endpoints';
import { route } from '../../http/route';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';

/** GET /api/health: 200 when the server answers and its database does. */
export function healthRoutes(app: FastifyInstance, deps: { database: Database; demo: boolean }): void {
  route(app, healthEndpoints.getHealth, async () => {
    await deps.database.db.execute(sql`select 1`);
    return { status: 'ok' as const, database: deps.database.kind, demo: deps.demo, time: new Date().toISOString() };
  });
}
