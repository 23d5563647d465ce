import { z } from 'zod';
import { INVITE_ROLES, INVITE_STATUSES } from '../../partner-access';
import { BRAND_ROLES } from '../../roles';

export const invitationParams = z.strictObject({ invitationId: z.uuid('invitationId must be a UUID') });
export const brandStaffParams = z.strictObject({ brandId: z.uuid('brandId must be a UUID') });

/**
 * POST /api/partner/brands/:brandId/invitations (owner or admin): e-mail required, role
 * site_manager or admin, and for a site manager at least one of the brand's locations.
 */
export const createInvitationBody = z
  .strictObject({
    email: z
      .string({ error: 'Email is required' })
      .trim()
      .toLowerCase()
      .min(1, 'Email is required')
      .pipe(z.email('Please enter a valid email address')),
    role: z.enum(INVITE_ROLES, { error: 'Role is site_manager or admin' }),
    siteIds: z.array(z.uuid()).max(200).default([]),
  })
  .refine((b) => b.role !== 'site_manager' || b.siteIds.length > 0, {
    message: 'Select at least one location',
    path: ['siteIds'],
  });
export type CreateInvitationBody = z.infer<typeof createInvitationBody>;

export const invitation = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(INVITE_ROLES),
  /** Expired is worked out when read: a pending invitation past its 7 days. */
  status: z.enum(INVITE_STATUSES),
  sites: z.array(z.object({ id: z.uuid(), name: z.string() })),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitation>;

export const invitationResponse = z.object({ invitation });
export const listInvitationsResponse = z.object({ invitations: z.array(invitation) });
export type ListInvitationsResponse = z.infer<typeof listInvitationsResponse>;

/** GET /api/partner/brands/:brandId/staff (owner or admin): who works for the brand, and where. */
export const staffMember = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(BRAND_ROLES),
  /** A site manager's locations; owners and admins run all of them. */
  sites: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type StaffMember = z.infer<typeof staffMember>;
export const listStaffResponse = z.object({ staff: z.array(staffMember) });
export type ListStaffResponse = z.infer<typeof listStaffResponse>;

/** The invitation link's secret, sent in bodies only (never in an API URL, so never in access logs). */
const token = z.string().min(20).max(200);

/** POST /api/invitations/lookup (public): what the invitation offers, for the accept page. */
export const lookupInvitationBody = z.strictObject({ token });
export const lookupInvitationResponse = z.object({
  invitation: z.object({
    email: z.string(),
    brandName: z.string(),
    role: z.enum(INVITE_ROLES),
    sites: z.array(z.string()),
    status: z.enum(INVITE_STATUSES),
    expiresAt: z.string(),
  }),
  /** Whether to offer "sign in" rather than "create your account". */
  accountExists: z.boolean(),
});
export type LookupInvitationResponse = z.infer<typeof lookupInvitationResponse>;

/**
 * POST /api/invitations/accept (public). Signed in with the invited e-mail: joins the brand.
 * Not signed in and no account yet: name and password create a confirmed partner account with
 * the invited e-mail (the link proves the address), then the browser signs in.
 */
export const acceptInvitationBody = z.strictObject({
  token,
  name: z.string().trim().min(1, 'Please enter your name').max(100).optional(),
  password: z.string().min(8, 'Password must be at least 8 characters').max(128).optional(),
});
export const acceptInvitationResponse = z.object({
  brandId: z.uuid(),
  brandName: z.string(),
  role: z.enum(BRAND_ROLES),
  accountCreated: z.boolean(),
});
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponse>;
