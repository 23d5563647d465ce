import { orderConsoleEndpoints as endpoints } from '../../../domain/contracts/admin/order-console-endpoints';
import { topicName } from '../../../domain/topics';
import type { Actor } from '../../../domain/policies';
import { route } from '../../http/route';
import type { FastifyInstance } from 'fastify';
import { assignJob, completeDeliveryByOps, unassignJob } from '../dispatch';
import { transitionOrder } from '../orders';
import { addOrderNote } from './orders/add-order-note';
import { getConsoleOrder } from './orders/get-console-order';
import { linkOrderTicket } from './orders/link-order-ticket';
import { listCandidateDrivers } from './orders/list-candidate-drivers';
import { openOrderTicket } from './orders/open-order-ticket';
import { findOrderByNumber } from './orders/order-ref';
import { searchOrders } from './orders/search-orders';

/**
 * The order console (docs/product/admin.md#order-console). Reading, notes and tickets: area `orders`;
 * moves of the order: area `order_actions`, each through the state machine and audited
 * (docs/decisions/0136-admin-order-console.md). Every action answers with the order page as it now stands.
 */
export function orderConsoleRoutes(app: FastifyInstance): void {
  const { bus } = app.deps;
  const db = app.deps.database.db;
  const who = (actor: Actor) => ({ userId: actor.userId, name: actor.name });
  const page = (orderId: string, actor: Actor) => getConsoleOrder(db, orderId, actor.adminRole);
  const annotated = (orderId: string) => bus.publish(topicName.admin, 'order.annotated', { orderId });

  route(app, endpoints.getAdminOrders, async (request) => searchOrders(db, request.query));

  route(app, endpoints.getAdminOrdersByOrderNumber, async (request) => {
    const order = await findOrderByNumber(db, request.params.orderNumber);
    return page(order.id, request.actor!);
  });

  route(app, endpoints.getAdminOrdersByOrderNumberDrivers, async (request) => {
    const order = await findOrderByNumber(db, request.params.orderNumber);
    return listCandidateDrivers(db, order.id);
  });

  route(app, endpoints.postAdminOrdersByOrderNumberCancel, async (request) => {
    const order = await findOrderByNumber(db, request.params.orderNumber);
    const actor = request.actor!;
    await transitionOrder(
      { db, bus },
      { orderId: order.id, action: 'cancel', actor: { kind: 'ops', ...who(actor) }, reason: request.body.reason },
    );
    return page(order.id, actor);
  });

  route(app, endpoints.postAdminOrdersByOrderNumberDeliver, async (request) => {
    const order = await findOrderByNumber(db, request.params.orderNumber);
    await completeDeliveryByOps({ db, bus }, who(request.actor!), order.id, request.body.note);
    return page(order.id, request.actor!);
  });

  route(app, endpoints.postAdminOrdersByOrderNumberDriver, async (request) => {
    const order = await findOrderByNumber(db, request.params.orderNumber);
    await assignJob({ db, bus }, who(request.actor!), order.id, request.body.driverId);
    return page(order.id, request.actor!);
  });

  route(app, endpoints.postAdminOrdersByOrderNumberDriverUnassign, async (request) => {
    const order = await findOrderByNumber(db, request.params.orderNumber);
    await unassignJob({ db, bus }, who(request.actor!), order.id, request.body.reason);
    return page(order.id, request.actor!);
  });

  route(app, endpoints.postAdminOrdersByOrderNumberNotes, async (request) => {
    const order = await findOrderByNumber(db, request.params.orderNumber);
    if (await addOrderNote(db, who(request.actor!), order, request.body)) await annotated(order.id);
    return page(order.id, request.actor!);
  });

  route(app, endpoints.postAdminOrdersByOrderNumberTickets, async (request) => {
    const order = await findOrderByNumber(db, request.params.orderNumber);
    await openOrderTicket({ db, bus }, who(request.actor!), order.id, request.body);
    await annotated(order.id);
    return page(order.id, request.actor!);
  });

  route(app, endpoints.postAdminOrdersByOrderNumberTicketsLink, async (request) => {
    const order = await findOrderByNumber(db, request.params.orderNumber);
    await linkOrderTicket({ db, bus }, who(request.actor!), order, request.body.ticketNumber);
    await annotated(order.id);
    return page(order.id, request.actor!);
  });
}
