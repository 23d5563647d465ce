import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addMessageBody,
  assigneesResponse,
  createTicketBody,
  listTicketsQuery,
  listTicketsResponse,
  ticketParams,
  ticketResponse,
  updateTicketBody,
} from '../../../domain/contracts/tickets/tickets';
import { adminArea } from '../../../domain/policies';
import { addTicketMessage } from './add-message';
import { createAdminTicket } from './create-admin-ticket';
import { getTicket } from './get-ticket';
import { listAssignees } from './list-assignees';
import { listTickets } from './list-tickets';
import { updateTicket } from './update-ticket';

/** Customer Service (area tickets): real tickets and threads (docs/product/admin.md#tickets). */
export function ticketRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;
  const bus = app.deps.bus;
  const policy = adminArea('tickets');

  r.get(
    '/api/admin/tickets',
    { config: { policy }, schema: { querystring: listTicketsQuery, response: { 200: listTicketsResponse } } },
    async (request) => listTickets(db, request.query),
  );
  r.get(
    '/api/admin/tickets/assignees',
    { config: { policy }, schema: { response: { 200: assigneesResponse } } },
    async () => listAssignees(db),
  );
  r.post(
    '/api/admin/tickets',
    { config: { policy }, schema: { body: createTicketBody, response: { 201: ticketResponse } } },
    async (request, reply) => {
      const created = await createAdminTicket({ db, bus }, request.actor!, request.body);
      return reply.status(201).send({ ticket: await getTicket(db, created.id) });
    },
  );
  r.get(
    '/api/admin/tickets/:id',
    { config: { policy }, schema: { params: ticketParams, response: { 200: ticketResponse } } },
    async (request) => ({
      ticket: await getTicket(db, request.params.id),
    }),
  );
  r.patch(
    '/api/admin/tickets/:id',
    { config: { policy }, schema: { params: ticketParams, body: updateTicketBody, response: { 200: ticketResponse } } },
    async (request) => ({ ticket: await updateTicket({ db, bus }, request.actor!, request.params.id, request.body) }),
  );
  r.post(
    '/api/admin/tickets/:id/messages',
    { config: { policy }, schema: { params: ticketParams, body: addMessageBody, response: { 201: ticketResponse } } },
    async (request, reply) =>
      reply
        .status(201)
        .send({ ticket: await addTicketMessage({ db, bus }, request.actor!, request.params.id, request.body) }),
  );
}
