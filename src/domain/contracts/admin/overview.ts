import { z } from 'zod';
import { TICKET_STATUSES } from '../../tickets';

/** GET /api/admin/overview: the Overview cards, ticket summary and system status (docs/product/admin.md#overview). */
export const adminOverviewResponse = z.object({
  driversOnline: z.number().int(),
  driversTotal: z.number().int(),
  activeJobs: z.number().int(),
  newTickets: z.number().int(),
  escalatedTickets: z.number().int(),
  openTickets: z.number().int(),
  teamMembersActive: z.number().int(),
  pendingDrivers: z.number().int(),
  /** Ticket summary: how many tickets are in each status. */
  ticketsByStatus: z.record(z.enum(TICKET_STATUSES), z.number().int()),
  maintenanceMode: z.boolean(),
});
export type AdminOverview = z.infer<typeof adminOverviewResponse>;

/** GET /api/admin/drivers/pending-count: the top bar's pending-driver badge. */
export const pendingDriversResponse = z.object({ count: z.number().int() });
export type PendingDriversResponse = z.infer<typeof pendingDriversResponse>;

/** GET /api/admin/city-suggestions: what customers asked for through "Suggest a City", grouped by city. */
export const citySuggestionsResponse = z.object({
  cities: z.array(
    z.object({
      city: z.string(),
      count: z.number().int(),
      emails: z.array(z.string()),
      lastSuggestedAt: z.string(),
      /** When an admin marked the city opened; null while someone's suggestion still waits for it. */
      openedAt: z.string().nullable(),
    }),
  ),
  total: z.number().int(),
});
export type CitySuggestionsResponse = z.infer<typeof citySuggestionsResponse>;

/** GET /api/admin/profile: the signed-in admin. */
export const adminProfileResponse = z.object({
  name: z.string(),
  email: z.string(),
  role: z.string(),
  roleLabel: z.string(),
  lastLoginAt: z.string().nullable(),
  memberSince: z.string().nullable(),
});
export type AdminProfile = z.infer<typeof adminProfileResponse>;
