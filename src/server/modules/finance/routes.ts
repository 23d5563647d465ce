import type { FastifyInstance } from 'fastify';
import { adminEndpoints } from '../../../domain/contracts/admin/endpoints';
import { driverEndpoints } from '../../../domain/contracts/driver/endpoints';
import { partnerEndpoints } from '../../../domain/contracts/partner/endpoints';
import { statementToCsv } from '../../../domain/statement-csv';
import { route } from '../../http/route';
import { getDriverCash, listDriverCash } from './driver-cash';
import { getReconciliation } from './get-reconciliation';
import { getStatement } from './get-statement';
import { recordHandin } from './record-handin';

/** Money that adds up: partner statements, the drivers' cash, finance's reconciliation. */
export function financeRoutes(app: FastifyInstance): void {
  const db = app.deps.database.db;

  route(app, partnerEndpoints.getPartnerSitesBySiteIdStatement, async (request) =>
    getStatement(db, request.actor!.userId, request.params.siteId, request.query),
  );
  route(app, partnerEndpoints.getPartnerSitesBySiteIdStatementExport, async (request, reply) => {
    const statement = await getStatement(db, request.actor!.userId, request.params.siteId, request.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="halalnosh-statement-${statement.from}-to-${statement.to}.csv"`,
      )
      .header('cache-control', 'private, no-store')
      .send(statementToCsv(statement));
  });

  route(app, driverEndpoints.getDriverCash, async (request) => getDriverCash(db, request.actor!.userId));

  route(app, adminEndpoints.getAdminFinanceReconciliation, async (request) => getReconciliation(db, request.query));
  route(app, adminEndpoints.getAdminFinanceDriverCash, async () => listDriverCash(db));
  route(app, adminEndpoints.postAdminDriversByDriverIdCashHandins, async (request, reply) => {
    const result = await recordHandin(db, request.actor!, request.params.driverId, request.body);
    return reply.status(201).send(result);
  });
}
