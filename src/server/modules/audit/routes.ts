import { auditEndpoints } from '../../../domain/contracts/audit/endpoints';
import { route } from '../../http/route';
import type { FastifyInstance } from 'fastify';
import { listAudit } from './list-audit';

/** Audit Log (area audit: super_admin only). */
export function auditRoutes(app: FastifyInstance): void {
  const db = app.deps.database.db;
  route(app, auditEndpoints.getAdminAudit, async (request) => listAudit(db, request.query));
}
