import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditQuery, auditResponse } from '../../../domain/contracts/admin/audit';
import { adminArea } from '../../../domain/policies';
import { listAudit } from './list-audit';

/** Audit Log (area audit: super_admin only). */
export function auditRoutes(app: FastifyInstance): void {
  const db = app.deps.database.db;
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/admin/audit',
      { config: { policy: adminArea('audit') }, schema: { querystring: auditQuery, response: { 200: auditResponse } } },
      async (request) => listAudit(db, request.query),
    );
}
