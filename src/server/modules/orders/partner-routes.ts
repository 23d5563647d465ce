import { ordersEndpoints } from '../../../domain/contracts/orders/endpoints';
import { route } from '../../http/route';
import type { FastifyInstance } from 'fastify';
import { partnerActions } from '../../../domain/partner-orders';
import { buildOrderView } from './order-view';
import { transitionOrder } from './transition-order';

/** The partner's order actions; the partner console issue builds the screens on top. */
export function partnerOrderRoutes(app: FastifyInstance): void {
  const { bus } = app.deps;
  const db = app.deps.database.db;
  route(app, ordersEndpoints.postPartnerOrdersByOrderIdActions, async (request) => {
    const body = request.body;
    const result = await transitionOrder(
      { db, bus },
      {
        orderId: request.params.orderId,
        action: body.action,
        actor: { kind: 'partner', userId: request.actor!.userId },
        prepTimeMinutes: body.action === 'accept' ? body.prepTimeMinutes : undefined,
        reason: body.action === 'reject' ? body.reason : undefined,
      },
    );
    const order = await buildOrderView(db, result.orderId, 'site_staff');
    return { order, availableActions: partnerActions(order.status, order.orderType, !!result.driverId) };
  });
}
