import { z } from 'zod';
import { ADMIN_ROLES } from '../../roles';
import { TICKET_CHANNELS, TICKET_PRIORITIES, TICKET_STATUSES } from '../../tickets';

/** The product texts for the Customer Service screen (docs/product/admin.md#tickets). */
export const TICKET_MESSAGES = {
  loadFailed: 'Failed to load tickets',
  required: 'Please fill in required fields',
  createFailed: 'Failed to create ticket',
  created: 'Ticket created successfully',
  sent: 'Message sent successfully',
  sendFailed: 'Failed to send message',
  statusUpdated: 'Ticket status updated',
  statusFailed: 'Failed to update ticket status',
} as const;

/** GET /api/admin/tickets?q=&status=&priority=: newest first; q matches number, subject or customer e-mail. */
export const listTicketsQuery = z.strictObject({
  q: z.string().trim().max(100).optional(),
  status: z.enum(TICKET_STATUSES).optional(),
  priority: z.enum(TICKET_PRIORITIES).optional(),
});

export const ticketSummary = z.object({
  id: z.string(),
  ticketNumber: z.string(),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES),
  channel: z.enum(TICKET_CHANNELS),
  customerEmail: z.string().nullable(),
  orderNumber: z.string().nullable(),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  messageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TicketSummary = z.infer<typeof ticketSummary>;

export const listTicketsResponse = z.object({ tickets: z.array(ticketSummary), matches: z.number().int() });
export type ListTicketsResponse = z.infer<typeof listTicketsResponse>;

export const ticketMessage = z.object({
  id: z.string(),
  senderType: z.enum(['staff', 'customer', 'driver', 'restaurant', 'system']),
  senderName: z.string(),
  message: z.string(),
  isInternal: z.boolean(),
  createdAt: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessage>;

export const ticketDetail = ticketSummary.extend({
  description: z.string(),
  orderId: z.string().nullable(),
  siteName: z.string().nullable(),
  createdByName: z.string().nullable(),
  messages: z.array(ticketMessage),
});
export type TicketDetail = z.infer<typeof ticketDetail>;
export const ticketResponse = z.object({ ticket: ticketDetail });
export type TicketResponse = z.infer<typeof ticketResponse>;

export const ticketParams = z.strictObject({ id: z.uuid() });

/** POST /api/admin/tickets: the New Ticket dialog; subject and description required, customer e-mail optional. */
export const createTicketBody = z.strictObject({
  subject: z.string({ error: TICKET_MESSAGES.required }).trim().min(1, TICKET_MESSAGES.required).max(200),
  description: z.string({ error: TICKET_MESSAGES.required }).trim().min(1, TICKET_MESSAGES.required).max(5000),
  customerEmail: z
    .string()
    .trim()
    .max(254)
    .transform((v) => v.toLowerCase())
    .pipe(z.union([z.literal(''), z.email('Please enter a valid email address')]))
    .optional()
    .nullable(),
  channel: z.enum(TICKET_CHANNELS).default('admin'),
  priority: z.enum(TICKET_PRIORITIES).default('normal'),
});
export type CreateTicketBody = z.input<typeof createTicketBody>;

/** PATCH /api/admin/tickets/:id: status, priority and assignee persist (docs/product/admin.md#tickets). */
export const updateTicketBody = z
  .strictObject({
    status: z.enum(TICKET_STATUSES).optional(),
    priority: z.enum(TICKET_PRIORITIES).optional(),
    assigneeId: z.string().min(1).max(64).nullable().optional(),
  })
  .refine(
    (b) => b.status !== undefined || b.priority !== undefined || b.assigneeId !== undefined,
    'Send a status, priority or assignee',
  );

/** POST /api/admin/tickets/:id/messages: a reply or an internal note; non-empty after trimming. */
export const addMessageBody = z.strictObject({
  message: z.string().trim().min(1, 'Please enter a message').max(5000),
  isInternal: z.boolean().default(false),
});

/** GET /api/admin/tickets/assignees: active team members whose role handles tickets. */
export const assigneesResponse = z.object({
  assignees: z.array(z.object({ userId: z.string(), name: z.string(), role: z.enum(ADMIN_ROLES) })),
});
export type AssigneesResponse = z.infer<typeof assigneesResponse>;
