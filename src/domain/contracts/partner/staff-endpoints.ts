import { z } from 'zod';
import { INVITE_ROLES } from '../../partner-access';
import { POLICIES } from '../../policies';
import { api } from '../endpoint';
import { okResponse } from '../menu/sections';
import { staffMember } from './invitations';

export const staffMemberParams = z.strictObject({
  brandId: z.uuid('brandId must be a UUID'),
  userId: z.string().min(1).max(100),
});

/**
 * PATCH /api/partner/brands/:brandId/staff/:userId (owner or admin): a member's new role and, for a
 * site manager, at least one of the brand's locations (docs/product/partner.md#staff).
 */
export const updateStaffBody = z
  .strictObject({
    role: z.enum(INVITE_ROLES, { error: 'Role is site_manager or admin' }),
    siteIds: z.array(z.uuid()).max(200).default([]),
  })
  .refine((b) => b.role !== 'site_manager' || b.siteIds.length > 0, {
    message: 'Select at least one location',
    path: ['siteIds'],
  });
export type UpdateStaffBody = z.input<typeof updateStaffBody>;
export const staffMemberResponse = z.object({ member: staffMember });

/** Changing and removing the people who work for a brand. */
export const staffEndpoints = {
  patchPartnerBrandsByBrandIdStaffByUserId: api('PATCH /api/partner/brands/:brandId/staff/:userId', POLICIES.partner)
    .summary("Change a staff member's role and locations")
    .takes({ params: staffMemberParams, body: updateStaffBody })
    .answers({ 200: staffMemberResponse }),
  deletePartnerBrandsByBrandIdStaffByUserId: api('DELETE /api/partner/brands/:brandId/staff/:userId', POLICIES.partner)
    .summary('Remove a staff member from the brand')
    .takes({ params: staffMemberParams })
    .answers({ 200: okResponse }),
};
