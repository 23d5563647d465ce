import { z } from 'zod';

/** GET /api/admin/overview: the Overview cards and system status (spec 3, section 2.4). */
export const adminOverviewResponse = z.object({
  driversOnline: z.number().int(),
  driversTotal: z.number().int(),
  activeJobs: z.number().int(),
  newTickets: z.number().int(),
  escalatedTickets: z.number().int(),
  openTickets: z.number().int(),
  teamMembersActive: z.number().int(),
  pendingDrivers: z.number().int(),
});

/** GET /api/admin/drivers/pending-count: the top bar's pending-driver badge. */
export const pendingDriversResponse = z.object({ count: z.number().int() });
