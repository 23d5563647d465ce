import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  partnerOrderActionBody,
  partnerOrderActionResponse,
  partnerOrderParams,
} from '../../../domain/contracts/orders/partner-order-action';
import { partnerActions } from '../../../domain/partner-orders';
import { POLICIES } from '../../../domain/policies';
import { buildOrderView } from './order-view';
import { transitionOrder } from './transition-order';

/** The partner's order actions; the partner console issue builds the screens on top. */
export function partnerOrderRoutes(app: FastifyInstance): void {
  const { bus } = app.deps;
  const db = app.deps.database.db;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/partner/orders/:orderId/actions',
    {
      config: { policy: POLICIES.partner },
      schema: {
        params: partnerOrderParams,
        body: partnerOrderActionBody,
        response: { 200: partnerOrderActionResponse },
      },
    },
    async (request) => {
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
      const order = await buildOrderView(db, result.orderId, 'staff');
      return { order, availableActions: partnerActions(order.status, order.orderType, !!result.driverId) };
    },
  );
}
