import { partnerEndpoints } from '../../../domain/contracts/partner/endpoints';
import { route } from '../../http/route';
import type { FastifyInstance } from 'fastify';
import { cancelPartnerOrder } from './cancel-order';
import { handOverToDriver } from './hand-over';
import { listSiteOrders } from './list-site-orders';

/**
 * The orders console's reads and the hand-over. Accept, reject, prepare, ready and collected go
 * through POST /api/partner/orders/:orderId/actions (modules/orders); every move is the state
 * machine's (transition-order.ts).
 */
export function partnerOrderListRoutes(app: FastifyInstance): void {
  const { bus } = app.deps;
  const db = app.deps.database.db;

  route(app, partnerEndpoints.getPartnerSitesBySiteIdOrders, async (request) =>
    listSiteOrders(db, request.actor!.userId, request.params.siteId),
  );

  route(app, partnerEndpoints.postPartnerOrdersByOrderIdHandOver, async (request) => ({
    order: await handOverToDriver({ db, bus }, request.actor!.userId, request.params.orderId, request.body.pickupCode),
  }));

  route(app, partnerEndpoints.postPartnerOrdersByOrderIdCancel, async (request) => ({
    order: await cancelPartnerOrder({ db, bus }, request.actor!.userId, request.params.orderId, request.body),
  }));
}
