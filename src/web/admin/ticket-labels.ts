import type { TicketChannel, TicketPriority, TicketStatus } from '../../domain/tickets';

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  new: 'New',
  open: 'Open',
  pending_customer: 'Pending Customer',
  escalated: 'Escalated',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

export const TICKET_CHANNEL_LABELS: Record<TicketChannel, string> = {
  customer: 'Customer',
  driver: 'Driver',
  restaurant: 'Restaurant',
  halal_report: 'Halal Report',
  admin: 'Admin',
};
