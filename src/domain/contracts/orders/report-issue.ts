import { z } from 'zod';

/** POST /api/orders/:orderNumber/report (access as for viewing): raises a customer-service ticket. */
export const reportIssueBody = z.strictObject({
  description: z.string().max(2000, 'Please keep the description under 2000 characters').default(''),
});
export const REPORT_MESSAGES = {
  required: 'Please describe the issue',
  success: 'Your report has been submitted. Our team will review it shortly.',
} as const;
export const reportIssueResponse = z.object({ ticketNumber: z.string() });
