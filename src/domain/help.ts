import type { TicketStatus } from './tickets';

/** The product texts of the Help pages (docs/product/customer.md#help); no zod, so any page may use them. */
export const HELP_MESSAGES = {
  loadFailed: 'Failed to load your help requests',
  required: 'Please fill in required fields',
  created: 'Request sent',
  createFailed: 'Failed to send your request',
  replied: 'Reply sent',
  replyFailed: 'Failed to send your reply',
  closed: 'This request is closed. Please open a new one.',
} as const;

/** A ticket's status as the person who raised it reads it. */
export const HELP_STATUS_LABELS: Record<TicketStatus, string> = {
  new: 'Sent',
  open: 'In progress',
  pending_customer: 'Waiting for your answer',
  escalated: 'In progress',
  resolved: 'Resolved',
  closed: 'Closed',
};
