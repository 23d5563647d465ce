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
import { endpoint } from '../endpoint';
import { helpEndpoints } from './help-endpoints';

/** The tickets endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const ticketsEndpoints = {
  getAdminTickets: endpoint({
    method: 'GET',
    path: '/api/admin/tickets',
    policy: adminArea('tickets'),
    summary: 'Get admin tickets',
    query: listTicketsQuery,
    responses: { 200: listTicketsResponse },
  }),
  getAdminTicketsAssignees: endpoint({
    method: 'GET',
    path: '/api/admin/tickets/assignees',
    policy: adminArea('tickets'),
    summary: 'Get admin tickets assignees',
    responses: { 200: assigneesResponse },
  }),
  postAdminTickets: endpoint({
    method: 'POST',
    path: '/api/admin/tickets',
    policy: adminArea('tickets'),
    summary: 'Post admin tickets',
    body: createTicketBody,
    responses: { 201: ticketResponse },
  }),
  getAdminTicketsOne: endpoint({
    method: 'GET',
    path: '/api/admin/tickets/:id',
    policy: adminArea('tickets'),
    summary: 'Get admin tickets one',
    params: ticketParams,
    responses: { 200: ticketResponse },
  }),
  patchAdminTicketsOne: endpoint({
    method: 'PATCH',
    path: '/api/admin/tickets/:id',
    policy: adminArea('tickets'),
    summary: 'Patch admin tickets one',
    params: ticketParams,
    body: updateTicketBody,
    responses: { 200: ticketResponse },
  }),
  postAdminTicketsByIdMessages: endpoint({
    method: 'POST',
    path: '/api/admin/tickets/:id/messages',
    policy: adminArea('tickets'),
    summary: 'Post admin tickets by id messages',
    params: ticketParams,
    body: addMessageBody,
    responses: { 201: ticketResponse },
  }),
  ...helpEndpoints,
};
