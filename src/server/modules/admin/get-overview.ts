import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AdminOverview } from '../../../domain/contracts/admin/overview';
import { ACTIVE_JOB_STATUSES } from '../../../domain/order-flow';
import { TICKET_STATUSES, type TicketStatus } from '../../../domain/tickets';
import type { Db } from '../../db/client';
import { deliveryJobs, teamMembers, tickets, userProfiles } from '../../db/schema/index';
import { getSettings } from '../settings';

/** Drivers waiting for approval: the top bar's badge. */
export async function countPendingDrivers(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(userProfiles)
    .where(and(eq(userProfiles.userType, 'driver'), eq(userProfiles.status, 'pending')));
  return row.count;
}

/** The real counts behind the admin Overview cards, the ticket summary and the system status. */
export async function getAdminOverview(db: Db): Promise<AdminOverview> {
  const [drivers] = await db
    .select({
      total: count(),
      online:
        sql<number>`count(*) filter (where ${userProfiles.isOnline} and ${userProfiles.status} = 'approved')`.mapWith(
          Number,
        ),
      pending: sql<number>`count(*) filter (where ${userProfiles.status} = 'pending')`.mapWith(Number),
    })
    .from(userProfiles)
    .where(eq(userProfiles.userType, 'driver'));
  const [jobs] = await db
    .select({ active: count() })
    .from(deliveryJobs)
    .where(inArray(deliveryJobs.status, [...ACTIVE_JOB_STATUSES]));
  const byStatus = await db.select({ status: tickets.status, n: count() }).from(tickets).groupBy(tickets.status);
  const ticketsByStatus = Object.fromEntries(TICKET_STATUSES.map((s) => [s, 0])) as Record<TicketStatus, number>;
  for (const row of byStatus) if (row.status in ticketsByStatus) ticketsByStatus[row.status] = row.n;
  const [team] = await db
    .select({ active: count() })
    .from(teamMembers)
    .where(and(eq(teamMembers.isActive, true), isNotNull(teamMembers.userId)));
  const settings = await getSettings(db);
  return {
    driversOnline: drivers.online,
    driversTotal: drivers.total,
    pendingDrivers: drivers.pending,
    activeJobs: jobs.active,
    newTickets: ticketsByStatus.new,
    escalatedTickets: ticketsByStatus.escalated,
    openTickets: TICKET_STATUSES.filter((s) => s !== 'resolved' && s !== 'closed').reduce(
      (sum, s) => sum + ticketsByStatus[s],
      0,
    ),
    teamMembersActive: team.active,
    ticketsByStatus,
    maintenanceMode: settings.maintenance_mode,
  };
}
