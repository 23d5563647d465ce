import { z } from 'zod';
import type { Policy } from '../../policies';
import { ADMIN_ROLES } from '../../roles';
import { endpoint } from '../endpoint';
import { memberParams, memberStatusResponse } from './team';

/** Only a Super Admin changes what a team member may do (docs/product/admin.md#team). */
const superAdminOnly = { kind: 'admin', roles: ['super_admin'] } as const satisfies Policy;

export const memberRoleBody = z.strictObject({ role: z.enum(ADMIN_ROLES, { error: 'Please choose a role' }) });

/** Changing a team member's role. */
export const teamRoleEndpoints = {
  postAdminTeamMembersByIdRole: endpoint({
    method: 'POST',
    path: '/api/admin/team/members/:id/role',
    policy: superAdminOnly,
    summary: "Change a team member's role",
    params: memberParams,
    body: memberRoleBody,
    responses: { 200: memberStatusResponse },
  }),
};
