import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { StaffMember } from '../../../domain/contracts/partner/invitations';
import type { DbOrTx } from '../../db/client';
import { brandMemberships, siteStaff, sites, user, userProfiles } from '../../db/schema/index';
import { requireBrand } from './access';

const ROLE_ORDER = { owner: 0, admin: 1, site_manager: 2 } as const;

/** Who works for a brand (owner or admin asking): each member's role and, for site managers, their locations. */
export async function listStaff(db: DbOrTx, userId: string, brandId: string): Promise<StaffMember[]> {
  await requireBrand(db, userId, brandId, 'manage');
  const members = await db
    .select({
      userId: brandMemberships.userId,
      role: brandMemberships.role,
      email: user.email,
      name: userProfiles.displayName,
      fallbackName: user.name,
    })
    .from(brandMemberships)
    .innerJoin(user, eq(user.id, brandMemberships.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, brandMemberships.userId))
    .where(eq(brandMemberships.brandId, brandId))
    .orderBy(asc(user.email));
  const ids = members.map((m) => m.userId);
  const assigned = ids.length
    ? await db
        .select({ userId: siteStaff.userId, id: sites.id, name: sites.name })
        .from(siteStaff)
        .innerJoin(sites, eq(sites.id, siteStaff.siteId))
        .where(and(inArray(siteStaff.userId, ids), eq(sites.brandId, brandId), ne(sites.status, 'archived')))
        .orderBy(asc(sites.name))
    : [];
  return members
    .map((m) => ({
      userId: m.userId,
      name: m.name || m.fallbackName,
      email: m.email,
      role: m.role,
      sites:
        m.role === 'site_manager'
          ? assigned.filter((a) => a.userId === m.userId).map(({ id, name }) => ({ id, name }))
          : [],
    }))
    .sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role]);
}
