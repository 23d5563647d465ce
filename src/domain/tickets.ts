export const TICKET_STATUSES = ['new', 'open', 'pending_customer', 'escalated', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const TICKET_CHANNELS = ['customer', 'driver', 'restaurant', 'halal_report', 'admin'] as const;
export type TicketChannel = (typeof TICKET_CHANNELS)[number];
