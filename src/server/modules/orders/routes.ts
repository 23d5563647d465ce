import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cancelOrderBody,
  cancelOrderResponse,
  cancelRequestBody,
  cancelRequestResponse,
} from '../../../domain/contracts/orders/cancel-order';
import { getOrderResponse } from '../../../domain/contracts/orders/get-order';
import { ORDER_TOKEN_HEADER, orderRefParams, orderTokenHeaders } from '../../../domain/contracts/orders/order-view';
import { placeOrderBody, placeOrderHeaders, placeOrderResponse } from '../../../domain/contracts/orders/place-order';
import { rateOrderBody, rateOrderResponse } from '../../../domain/contracts/orders/rate-order';
import { reorderResponse } from '../../../domain/contracts/orders/reorder';
import { reportIssueBody, reportIssueResponse } from '../../../domain/contracts/orders/report-issue';
import { POLICIES } from '../../../domain/policies';
import { rateLimited } from '../../plugins/rate-limit';
import { cancelOrder } from './cancel-order';
import { loadViewableOrder } from './find-order';
import { buildOrderView } from './order-view';
import { placeOrder } from './place-order';
import { rateOrder } from './rate-order';
import { reorder } from './reorder';
import { reportIssue } from './report-issue';
import { requestCancellation } from './request-cancellation';

/** Customer-side order routes. All public: who may see an order is decided per order (orderViewer). */
export function orderRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { bus, geocoder, config, routes } = app.deps;
  const db = app.deps.database.db;
  const { windowSeconds } = config.rateLimits;
  // Abuse limits per IP and per account (docs/decisions/0061): placing orders, and feedback that
  // reaches people (ratings and reports raise tips and tickets).
  const placing = rateLimited(db, 'orders', config.rateLimits.orders, windowSeconds);
  const feedback = rateLimited(db, 'reviews', config.rateLimits.reviews, windowSeconds);

  r.post(
    '/api/orders',
    {
      config: { policy: POLICIES.public },
      onRequest: placing,
      schema: {
        headers: placeOrderHeaders,
        body: placeOrderBody,
        response: { 200: placeOrderResponse, 201: placeOrderResponse },
      },
    },
    async (request, reply) => {
      const result = await placeOrder(
        { db, bus, geocoder, config, routes },
        { body: request.body, idempotencyKey: request.headers['idempotency-key'], actor: request.actor },
      );
      reply.status(result.created ? 201 : 200);
      return { order: result.order, ...(result.orderToken ? { orderToken: result.orderToken } : {}) };
    },
  );

  r.get(
    '/api/orders/:orderNumber',
    {
      config: { policy: POLICIES.public },
      schema: { params: orderRefParams, headers: orderTokenHeaders, response: { 200: getOrderResponse } },
    },
    async (request) => {
      const { order, viewer } = await loadViewableOrder(
        db,
        request.params.orderNumber,
        request.actor,
        request.headers[ORDER_TOKEN_HEADER],
      );
      return { order: await buildOrderView(db, order.id, viewer) };
    },
  );

  r.post(
    '/api/orders/:orderNumber/reorder',
    {
      config: { policy: POLICIES.public },
      schema: { params: orderRefParams, headers: orderTokenHeaders, response: { 200: reorderResponse } },
    },
    async (request) => {
      const { order } = await loadViewableOrder(
        db,
        request.params.orderNumber,
        request.actor,
        request.headers[ORDER_TOKEN_HEADER],
      );
      return reorder(db, order);
    },
  );

  r.post(
    '/api/orders/:orderNumber/report',
    {
      config: { policy: POLICIES.public },
      onRequest: feedback,
      schema: {
        params: orderRefParams,
        headers: orderTokenHeaders,
        body: reportIssueBody,
        response: { 201: reportIssueResponse },
      },
    },
    async (request, reply) => {
      const { order, viewer } = await loadViewableOrder(
        db,
        request.params.orderNumber,
        request.actor,
        request.headers[ORDER_TOKEN_HEADER],
      );
      const actor = request.actor ? { userId: request.actor.userId, name: request.actor.name } : null;
      const result = await reportIssue({ db, bus }, { order, viewer, description: request.body.description, actor });
      reply.status(201);
      return result;
    },
  );

  r.post(
    '/api/orders/:orderNumber/rating',
    {
      config: { policy: POLICIES.public },
      onRequest: feedback,
      schema: {
        params: orderRefParams,
        headers: orderTokenHeaders,
        body: rateOrderBody,
        response: { 201: rateOrderResponse },
      },
    },
    async (request, reply) => {
      const { order, viewer } = await loadViewableOrder(
        db,
        request.params.orderNumber,
        request.actor,
        request.headers[ORDER_TOKEN_HEADER],
      );
      const result = await rateOrder({ db, bus }, { order, viewer, ...request.body });
      reply.status(201);
      return result;
    },
  );

  r.post(
    '/api/orders/:orderNumber/cancel',
    {
      config: { policy: POLICIES.public },
      schema: {
        params: orderRefParams,
        headers: orderTokenHeaders,
        body: cancelOrderBody,
        response: { 200: cancelOrderResponse },
      },
    },
    async (request) => {
      const token = request.headers[ORDER_TOKEN_HEADER] ?? null;
      const { order, viewer } = await loadViewableOrder(db, request.params.orderNumber, request.actor, token);
      const actor = request.actor ? { userId: request.actor.userId, name: request.actor.name } : null;
      await cancelOrder({ db, bus }, { order, viewer, actor, visitorToken: token, reason: request.body.reason });
      return { order: await buildOrderView(db, order.id, viewer) };
    },
  );

  r.post(
    '/api/orders/:orderNumber/cancel-request',
    {
      config: { policy: POLICIES.public },
      onRequest: feedback,
      schema: {
        params: orderRefParams,
        headers: orderTokenHeaders,
        body: cancelRequestBody,
        response: { 201: cancelRequestResponse },
      },
    },
    async (request, reply) => {
      const { order, viewer } = await loadViewableOrder(
        db,
        request.params.orderNumber,
        request.actor,
        request.headers[ORDER_TOKEN_HEADER],
      );
      const actor = request.actor ? { userId: request.actor.userId } : null;
      const result = await requestCancellation({ db, bus }, { order, viewer, actor, reason: request.body.reason });
      reply.status(201);
      return result;
    },
  );
}
