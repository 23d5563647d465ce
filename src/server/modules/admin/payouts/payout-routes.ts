import { adminEndpoints } from '../../../../domain/contracts/admin/endpoints';
import { route } from '../../../http/route';
import type { FastifyInstance } from 'fastify';
import { listPayouts } from './list-payouts';
import { markPayoutPaid } from './mark-payout-paid';

/** Payouts (area payouts: finance and super admins): the requests and marking one paid. */
export function adminPayoutRoutes(app: FastifyInstance): void {
  const db = app.deps.database.db;
  route(app, adminEndpoints.getAdminPayouts, async (request) => listPayouts(db, request.query.status));
  route(app, adminEndpoints.postAdminPayoutsByPayoutIdPaid, async (request) =>
    markPayoutPaid({ db, bus: app.deps.bus }, request.actor!, request.params.payoutId, request.body.paymentReference),
  );
}
