import { z } from 'zod';
import { HELP_MESSAGES } from '../../help';
import { POLICIES } from '../../policies';
import { TICKET_STATUSES } from '../../tickets';
import { api } from '../endpoint';
import { ticketParams } from './tickets';

export { HELP_MESSAGES };

const subject = z.string({ error: HELP_MESSAGES.required }).trim().min(1, HELP_MESSAGES.required).max(200);
const message = z.string({ error: HELP_MESSAGES.required }).trim().min(1, HELP_MESSAGES.required).max(5000);

/** One of the caller's own requests, as they see it (staff-only notes are never part of it). */
export const helpTicketSummary = z.object({
  id: z.string(),
  ticketNumber: z.string(),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  orderNumber: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type HelpTicketSummary = z.infer<typeof helpTicketSummary>;

export const helpMessage = z.object({
  id: z.string(),
  /** Who wrote it, as the caller sees it: themselves, HalalNosh staff, or the system. */
  from: z.enum(['me', 'staff', 'system']),
  senderName: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export const helpTicket = helpTicketSummary.extend({ messages: z.array(helpMessage) });
export type HelpTicket = z.infer<typeof helpTicket>;

export const helpTicketsResponse = z.object({ tickets: z.array(helpTicketSummary) });
export const helpTicketResponse = z.object({ ticket: helpTicket });

/** An order the caller may link to a new request: a customer's own, a driver's job, a partner's branch's. */
export const helpOrder = z.object({ orderNumber: z.string(), branchName: z.string(), createdAt: z.string() });
export type HelpOrder = z.infer<typeof helpOrder>;
export const helpOrdersResponse = z.object({ orders: z.array(helpOrder) });

/** POST /api/help/tickets: a new request; the caller may name one of their own orders (`helpOrder`). */
export const createHelpTicketBody = z.strictObject({
  subject,
  message,
  orderNumber: z.string().trim().max(30).optional(),
});
export const helpReplyBody = z.strictObject({ message });

/** Help: customers, drivers and partners raise requests and follow the answers (docs/product/customer.md#help). */
export const helpEndpoints = {
  getHelpTickets: api('GET /api/help/tickets', POLICIES.signedIn)
    .summary("The caller's own help requests, newest activity first")
    .answers({ 200: helpTicketsResponse }),
  getHelpOrders: api('GET /api/help/orders', POLICIES.signedIn)
    .summary('The orders the caller may link to a help request, newest first')
    .answers({ 200: helpOrdersResponse }),
  postHelpTickets: api('POST /api/help/tickets', POLICIES.signedIn)
    .summary('Raise a help request')
    .takes({ body: createHelpTicketBody })
    .answers({ 201: helpTicketResponse }),
  getHelpTicketsById: api('GET /api/help/tickets/:id', POLICIES.signedIn)
    .summary('One of your help requests with its conversation')
    .takes({ params: ticketParams })
    .answers({ 200: helpTicketResponse }),
  postHelpTicketsByIdMessages: api('POST /api/help/tickets/:id/messages', POLICIES.signedIn)
    .summary('Answer on one of your help requests')
    .takes({ params: ticketParams, body: helpReplyBody })
    .answers({ 200: helpTicketResponse }),
};
