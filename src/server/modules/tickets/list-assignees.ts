import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { AssigneesResponse } from '../../../domain/contracts/tickets/tickets';
import { ADMIN_AREAS } from '../../../domain/policies';
import type { DbOrTx } from '../../db/client';
import { teamMembers } from '../../db/schema/index';

/** Who a ticket may be assigned to: active team members with an account whose role handles tickets. */
export async function listAssignees(db: DbOrTx): Promise<AssigneesResponse> {
  const rows = await db
    .select({ userId: teamMembers.userId, name: teamMembers.fullName, role: teamMembers.role })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.isActive, true),
        isNotNull(teamMembers.userId),
        inArray(teamMembers.role, [...ADMIN_AREAS.tickets]),
      ),
    )
    .orderBy(asc(teamMembers.fullName));
  return { assignees: rows.map((r) => ({ userId: r.userId!, name: r.name, role: r.role })) };
}
