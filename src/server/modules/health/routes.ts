import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponse } from '../../../domain/contracts/health/get-health';
import { POLICIES } from '../../../domain/policies';
import type { Database } from '../../db/client';

/** GET /api/health: 200 when the server answers and its database does. */
export function healthRoutes(app: FastifyInstance, deps: { database: Database; demo: boolean }): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/health',
      { config: { policy: POLICIES.public }, schema: { response: { 200: healthResponse } } },
      async () => {
        await deps.database.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: deps.database.kind, demo: deps.demo, time: new Date().toISOString() };
      },
    );
}
