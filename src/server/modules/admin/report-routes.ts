import { adminEndpoints } from '../../../domain/contracts/admin/endpoints';
import { route } from '../../http/route';
import type { FastifyInstance } from 'fastify';
import { reportToCsv } from '../../../domain/reports';
import { getReport } from './get-report';

/** Reports (area reports: super_admin, ops_manager, finance), as JSON for the charts and as CSV. */
export function adminReportRoutes(app: FastifyInstance): void {
  const db = app.deps.database.db;
  route(app, adminEndpoints.getAdminReports, async (request) => getReport(db, request.query));
  route(app, adminEndpoints.getAdminReportsExport, async (request, reply) => {
    const report = await getReport(db, request.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="halalnosh-report-${report.from}-to-${report.to}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(reportToCsv(report));
  });
}
