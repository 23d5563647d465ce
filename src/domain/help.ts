import type { UserType } from './roles';
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

/**
 * The request raised for a customer when no driver took their delivery order in time
 * (docs/product/orders.md#no-driver-found), in the customer's words: they read it on their Help tab.
 */
export const noDriverTicketSubject = (orderNumber: string) => `Still looking for a driver for order ${orderNumber}`;
export const noDriverTicketMessage = (orderNumber: string) =>
  `We haven't found a driver for your order ${orderNumber} yet. You can collect it from the restaurant instead, or cancel it, on your order page. Our team has been told and will answer here if there is anything more we can do.`;

export const lateOrderTicketSubject = (orderNumber: string) => `Your order ${orderNumber} is running late`;
export const lateOrderTicketMessage = (orderNumber: string) =>
  `Sorry, your order ${orderNumber} is taking longer than expected. We're checking with the restaurant and will answer here with what we find.`;

/**
 * Where one help request is read, by the kind of account that raised it: a customer's Help tab in
 * their account, the driver app's and the partner console's Help pages; anyone else (no account,
 * back office) `/help`, which sends each person to their own (docs/product/customer.md#help).
 */
export function helpRequestPath(userType: UserType | null | undefined, ticketId: string): string {
  const request = encodeURIComponent(ticketId);
  switch (userType) {
    case 'customer':
      return `/account?tab=help&request=${request}`;
    case 'driver':
      return `/driver/help?request=${request}`;
    case 'partner':
      return `/partner/help?request=${request}`;
    default:
      return `/help?request=${request}`;
  }
}
