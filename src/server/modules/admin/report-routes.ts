import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportQuery, reportResponse } from '../../../domain/contracts/admin/reports';
import { adminArea } from '../../../domain/policies';
import { reportToCsv } from '../../../domain/reports';
import { getReport } from './get-report';

/** Reports (area reports: super_admin, ops_manager, finance), as JSON for the charts and as CSV. */
export function adminReportRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;
  const policy = adminArea('reports');
  r.get(
    '/api/admin/reports',
    { config: { policy }, schema: { querystring: reportQuery, response: { 200: reportResponse } } },
    async (request) => getReport(db, request.query),
  );
  r.get(
    '/api/admin/reports/export',
    { config: { policy }, schema: { querystring: reportQuery } },
    async (request, reply) => {
      const report = await getReport(db, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="halalnosh-report-${report.from}-to-${report.to}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(reportToCsv(report));
    },
  );
}
