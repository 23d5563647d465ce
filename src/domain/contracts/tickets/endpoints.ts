import {
  addMessageBody,
  assigneesResponse,
  createTicketBody,
  listTicketsQuery,
  listTicketsResponse,
  ticketParams,
  ticketResponse,
  updateTicketBody,
} from './tickets';
import { adminArea } from '../../policies';
import { api } from '../endpoint';
import { helpEndpoints } from './help-endpoints';

/** The tickets endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const ticketsEndpoints = {
  getAdminTickets: api('GET /api/admin/tickets', adminArea('tickets'))
    .takes({ query: listTicketsQuery })
    .answers({ 200: listTicketsResponse }),
  getAdminTicketsAssignees: api('GET /api/admin/tickets/assignees', adminArea('tickets')).answers({
    200: assigneesResponse,
  }),
  postAdminTickets: api('POST /api/admin/tickets', adminArea('tickets'))
    .takes({ body: createTicketBody })
    .answers({ 201: ticketResponse }),
  getAdminTicketsOne: api('GET /api/admin/tickets/:id', adminArea('tickets'))
    .takes({ params: ticketParams })
    .answers({ 200: ticketResponse }),
  patchAdminTicketsOne: api('PATCH /api/admin/tickets/:id', adminArea('tickets'))
    .takes({ params: ticketParams, body: updateTicketBody })
    .answers({ 200: ticketResponse }),
  postAdminTicketsByIdMessages: api('POST /api/admin/tickets/:id/messages', adminArea('tickets'))
    .takes({ params: ticketParams, body: addMessageBody })
    .answers({ 201: ticketResponse }),
  ...helpEndpoints,
};
