import { z } from 'zod';
import type { Policy } from '../../policies';
import { ADMIN_ROLES } from '../../roles';
import { api } from '../endpoint';
import { memberParams, memberStatusResponse } from './team';

/** Only a Super Admin changes what a team member may do (docs/product/admin.md#team). */
const superAdminOnly = { kind: 'admin', roles: ['super_admin'] } as const satisfies Policy;

export const memberRoleBody = z.strictObject({ role: z.enum(ADMIN_ROLES, { error: 'Please choose a role' }) });

/** Changing a team member's role. */
export const teamRoleEndpoints = {
  postAdminTeamMembersByIdRole: api('POST /api/admin/team/members/:id/role', superAdminOnly)
    .summary("Change a team member's role")
    .takes({ params: memberParams, body: memberRoleBody })
    .answers({ 200: memberStatusResponse }),
};
