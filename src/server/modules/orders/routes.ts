import { ordersEndpoints } from '../../../domain/contracts/orders/endpoints';
import { route } from '../../http/route';
import type { FastifyInstance } from 'fastify';
import { ORDER_TOKEN_HEADER } from '../../../domain/contracts/orders/order-view';
import { orderPlacementDuration, secondsSince } from '../../platform/metrics';
import { rateLimited } from '../../plugins/rate-limit';
import { VOUCHER_CHECK_LIMIT, VOUCHER_MESSAGES } from '../../../domain/vouchers';
import { AppError } from '../../../domain/errors';
import { cancelOrder } from './cancel-order';
import { loadViewableOrder } from './find-order';
import { buildOrderView } from './order-view';
import { placeOrder } from './place-order';
import { quoteOrder } from './quote-order';
import { rateOrder } from './rate-order';
import { reorder } from './reorder';
import { reportIssue } from './report-issue';
import { requestCancellation } from './request-cancellation';
import { switchToPickup } from './switch-to-pickup';
import { listSiteSlots } from './list-site-slots';
import { checkDeliversTo } from './check-delivers-to';

/** Customer-side order routes. All public: who may see an order is decided per order (orderViewer). */
export function orderRoutes(app: FastifyInstance): void {
  const { bus, geocoder, config, routes } = app.deps;
  const db = app.deps.database.db;
  const { windowSeconds } = config.rateLimits;
  // Abuse limits per IP and per account (docs/decisions/0061-abuse-limits-and-client-ip.md): placing orders, and feedback that
  // reaches people (ratings and reports raise tips and tickets).
  const placing = rateLimited(db, 'orders', config.rateLimits.orders, windowSeconds);
  const feedback = rateLimited(db, 'reviews', config.rateLimits.reviews, windowSeconds);

  route(app, ordersEndpoints.postOrders, { onRequest: placing }, async (request, reply) => {
    const started = process.hrtime.bigint();
    const result = await placeOrder(
      { db, bus, geocoder, config, routes },
      { body: request.body, idempotencyKey: request.headers['idempotency-key'], actor: request.actor },
    ).finally(() => orderPlacementDuration.observe(secondsSince(started)));
    reply.status(result.created ? 201 : 200);
    return { order: result.order, ...(result.orderToken ? { orderToken: result.orderToken } : {}) };
  });

  // Voucher code checks, per IP and per account, so codes cannot be found by trying
  // (docs/decisions/0255-voucher-codes-and-brute-force.md): counted on every quote that carries a code.
  const voucherChecks = rateLimited(db, 'voucher-checks', VOUCHER_CHECK_LIMIT, windowSeconds);

  // Asked when checkout opens and when a voucher code is applied: priced from the menu, nothing written.
  route(app, ordersEndpoints.postOrdersQuote, async (request, reply) => {
    if (request.body.voucherCode?.trim()) {
      await voucherChecks(request, reply).catch((err: unknown) => {
        throw err instanceof AppError && err.code === 'RATE_LIMITED'
          ? new AppError('RATE_LIMITED', VOUCHER_MESSAGES.tooManyChecks, { field: 'voucherCode' })
          : err;
      });
    }
    return { quote: await quoteOrder(db, request.body, request.actor) };
  });

  route(app, ordersEndpoints.getOrdersByOrderNumber, async (request) => {
    const { order, audience } = await loadViewableOrder(
      db,
      request.params.orderNumber,
      request.actor,
      request.headers[ORDER_TOKEN_HEADER],
    );
    return { order: await buildOrderView(db, order.id, audience) };
  });

  route(app, ordersEndpoints.postOrdersByOrderNumberReorder, async (request) => {
    const { order } = await loadViewableOrder(
      db,
      request.params.orderNumber,
      request.actor,
      request.headers[ORDER_TOKEN_HEADER],
    );
    return reorder(db, order);
  });

  route(app, ordersEndpoints.postOrdersByOrderNumberReport, { onRequest: feedback }, async (request, reply) => {
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
  });

  route(app, ordersEndpoints.postOrdersByOrderNumberRating, { onRequest: feedback }, async (request, reply) => {
    const { order, viewer } = await loadViewableOrder(
      db,
      request.params.orderNumber,
      request.actor,
      request.headers[ORDER_TOKEN_HEADER],
    );
    const result = await rateOrder(
      { db, bus },
      { order, viewer, rating: request.body.rating, comment: request.body.comment },
    );
    reply.status(201);
    return result;
  });

  route(app, ordersEndpoints.postOrdersByOrderNumberCancel, async (request) => {
    const token = request.headers[ORDER_TOKEN_HEADER] ?? null;
    const { order, viewer, audience } = await loadViewableOrder(db, request.params.orderNumber, request.actor, token);
    const actor = request.actor ? { userId: request.actor.userId, name: request.actor.name } : null;
    await cancelOrder({ db, bus }, { order, viewer, actor, visitorToken: token, reason: request.body.reason });
    return { order: await buildOrderView(db, order.id, audience) };
  });

  route(app, ordersEndpoints.postOrdersByOrderNumberCancelRequest, { onRequest: feedback }, async (request, reply) => {
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
  });

  route(app, ordersEndpoints.postOrdersByOrderNumberSwitchToPickup, async (request) => {
    const token = request.headers[ORDER_TOKEN_HEADER] ?? null;
    const { order, viewer, audience } = await loadViewableOrder(db, request.params.orderNumber, request.actor, token);
    const actor = request.actor ? { userId: request.actor.userId } : null;
    await switchToPickup({ db, bus }, { order, viewer, actor, visitorToken: token });
    return { order: await buildOrderView(db, order.id, audience) };
  });

  // Orders for later (docs/product/customer.md#order-for-later).
  route(app, ordersEndpoints.getSitesBySiteIdSlots, async (request) => listSiteSlots(db, request.params.siteId));

  // Checkout's delivery range check before Place Order (docs/product/customer.md#checkout).
  route(app, ordersEndpoints.getSitesBySiteIdDeliversTo, async (request) =>
    checkDeliversTo({ db, geocoder }, request.params.siteId, request.query.postcode),
  );
}
