import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  handOverBody,
  handOverResponse,
  orderParams,
  siteOrdersParams,
  siteOrdersResponse,
} from '../../../domain/contracts/partner/orders';
import { POLICIES } from '../../../domain/policies';
import { handOverToDriver } from './hand-over';
import { listSiteOrders } from './list-site-orders';

/**
 * The orders console's reads and the hand-over. Accept, reject, prepare, ready and collected go
 * through POST /api/partner/orders/:orderId/actions (modules/orders); every move is the state
 * machine's (transition-order.ts).
 */
export function partnerOrderListRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { bus } = app.deps;
  const db = app.deps.database.db;
  const partner = { policy: POLICIES.partner };

  r.get(
    '/api/partner/sites/:siteId/orders',
    { config: partner, schema: { params: siteOrdersParams, response: { 200: siteOrdersResponse } } },
    async (request) => listSiteOrders(db, request.actor!.userId, request.params.siteId),
  );

  r.post(
    '/api/partner/orders/:orderId/hand-over',
    { config: partner, schema: { params: orderParams, body: handOverBody, response: { 200: handOverResponse } } },
    async (request) => ({
      order: await handOverToDriver(
        { db, bus },
        request.actor!.userId,
        request.params.orderId,
        request.body.pickupCode,
      ),
    }),
  );
}
