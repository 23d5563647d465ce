import { ticketsEndpoints } from '../../../domain/contracts/tickets/endpoints';
import { route } from '../../http/route';
import type { FastifyInstance } from 'fastify';
import { addTicketMessage } from './add-message';
import { createAdminTicket } from './create-admin-ticket';
import { getTicket } from './get-ticket';
import { listAssignees } from './list-assignees';
import { listTickets } from './list-tickets';
import { updateTicket } from './update-ticket';

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
  route(app, ticketsEndpoints.postAdminTicketsByIdMessages, async (request, reply) =>
    reply
      .status(201)
      .send({ ticket: await addTicketMessage({ db, bus }, request.actor!, request.params.id, request.body) }),
  );
}
