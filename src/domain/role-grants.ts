import { ADMIN_AREAS, type AdminArea } from './policies';
import { ADMIN_ROLES, type AdminRole, type BrandRole } from './roles';

/*
 * No one grants more than they hold (docs/decisions/0200-grant-within-own-role.md): an inviter may
 * offer only a role whose areas are all among their own, so a second address of their own can never
 * open what they cannot. The server refuses anything else; the invite dialogs offer only these roles.
 */

/** The back-office areas a role may use (policies.ts, ADMIN_AREAS). */
export function areasOf(role: AdminRole): AdminArea[] {
  return (Object.keys(ADMIN_AREAS) as AdminArea[]).filter((area) =>
    (ADMIN_AREAS[area] as readonly AdminRole[]).includes(role),
  );
}

/**
 * Whether a team member of `inviter`'s role may offer `offered` (invite to it, or switch a member
 * of it on or off): a Super Admin anything, anyone else only roles whose areas they all have.
 */
export function mayOffer(inviter: AdminRole | null | undefined, offered: AdminRole): boolean {
  if (!inviter) return false;
  if (inviter === 'super_admin') return true;
  const own = new Set(areasOf(inviter));
  return areasOf(offered).every((area) => own.has(area));
}

/** The roles this team member may offer, in the usual order. */
export function offerableRoles(inviter: AdminRole | null | undefined): AdminRole[] {
  return ADMIN_ROLES.filter((role) => mayOffer(inviter, role));
}

/**
 * Whether a brand member of role `inviter` may give `offered` (docs/product/partner.md#staff):
 * owners and admins run the whole brand and may make admins and site managers; the owner is the
 * brand's creator, never given; a site manager gives nothing.
 */
export function mayOfferBrandRole(inviter: BrandRole | null | undefined, offered: BrandRole): boolean {
  if (offered === 'owner') return false;
  return inviter === 'owner' || inviter === 'admin';
}
