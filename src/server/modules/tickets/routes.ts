import { ticketsEndpoints } from '../../../domain/contracts/tickets/endpoints';
import { route } from '../../http/route';
import type { FastifyInstance } from 'fastify';
import { addTicketMessage } from './add-message';
import { createAdminTicket } from './create-admin-ticket';
import { getTicket } from './get-ticket';
import { listAssignees } from './list-assignees';
import { listTickets } from './list-tickets';
import { updateTicket } from './update-ticket';
import { createHelpTicket, getHelpTicket, listHelpOrders, listHelpTickets, replyToHelpTicket } from './help-tickets';

/** Customer Service (area tickets): real tickets and threads (docs/product/admin.md#tickets). */
export function ticketRoutes(app: FastifyInstance): void {
  const db = app.deps.database.db;
  const bus = app.deps.bus;

  route(app, ticketsEndpoints.getAdminTickets, async (request) => listTickets(db, request.query));
  route(app, ticketsEndpoints.getAdminTicketsAssignees, async () => listAssignees(db));
  route(app, ticketsEndpoints.postAdminTickets, async (request, reply) => {
    const created = await createAdminTicket({ db, bus }, request.actor!, request.body);
    return reply.status(201).send({ ticket: await getTicket(db, created.id) });
  });
  route(app, ticketsEndpoints.getAdminTicketsOne, async (request) => ({
    ticket: await getTicket(db, request.params.id),
  }));
  route(app, ticketsEndpoints.patchAdminTicketsOne, async (request) => ({
    ticket: await updateTicket({ db, bus }, request.actor!, request.params.id, request.body),
  }));
  // Help: the caller's own requests (docs/product/customer.md#help).
  route(app, ticketsEndpoints.getHelpTickets, async (request) => ({
    tickets: await listHelpTickets(db, request.actor!),
  }));
  route(app, ticketsEndpoints.getHelpOrders, async (request) => ({
    orders: await listHelpOrders(db, request.actor!),
  }));
  route(app, ticketsEndpoints.postHelpTickets, async (request, reply) =>
    reply.status(201).send({ ticket: await createHelpTicket({ db, bus }, request.actor!, request.body) }),
  );
  route(app, ticketsEndpoints.getHelpTicketsById, async (request) => ({
    ticket: await getHelpTicket(db, request.actor!, request.params.id),
  }));
  route(app, ticketsEndpoints.postHelpTicketsByIdMessages, async (request) => ({
    ticket: await replyToHelpTicket({ db, bus }, request.actor!, request.params.id, request.body.message),
  }));

  route(app, ticketsEndpoints.postAdminTicketsByIdMessages, async (request, reply) =>
    reply
      .status(201)
      .send({ ticket: await addTicketMessage({ db, bus }, request.actor!, request.params.id, request.body) }),
  );
}
