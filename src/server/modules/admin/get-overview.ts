import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { ACTIVE_JOB_STATUSES } from '../../../domain/order-flow';
import type { Db } from '../../db/client';
import { deliveryJobs, teamMembers, tickets, userProfiles } from '../../db/schema/index';

/** The real counts behind the admin Overview cards. */
export async function getAdminOverview(db: Db) {
  const [drivers] = await db
    .select({
      total: count(),
      online: sql<number>`count(*) filter (where ${userProfiles.isOnline} and ${userProfiles.status} = 'approved')`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${userProfiles.status} = 'pending')`.mapWith(Number),
    })
    .from(userProfiles)
    .where(eq(userProfiles.userType, 'driver'));
  const [jobs] = await db
    .select({ active: count() })
    .from(deliveryJobs)
    .where(inArray(deliveryJobs.status, [...ACTIVE_JOB_STATUSES]));
  const [t] = await db
    .select({
      fresh: sql<number>`count(*) filter (where ${tickets.status} = 'new')`.mapWith(Number),
      escalated: sql<number>`count(*) filter (where ${tickets.status} = 'escalated')`.mapWith(Number),
      open: sql<number>`count(*) filter (where ${tickets.status} not in ('resolved', 'closed'))`.mapWith(Number),
    })
    .from(tickets);
  const [team] = await db.select({ active: count() }).from(teamMembers).where(and(eq(teamMembers.isActive, true)));
  return {
    driversOnline: drivers.online,
    driversTotal: drivers.total,
    pendingDrivers: drivers.pending,
    activeJobs: jobs.active,
    newTickets: t.fresh,
    escalatedTickets: t.escalated,
    openTickets: t.open,
    teamMembersActive: team.active,
  };
}
