import { and, eq, inArray, ne } from 'drizzle-orm';
import type { StaffMember } from '../../../domain/contracts/partner/invitations';
import { AppError } from '../../../domain/errors';
import type { InviteRole } from '../../../domain/partner-access';
import type { Actor } from '../../../domain/policies';
import type { BrandRole } from '../../../domain/roles';
import type { Db, DbOrTx } from '../../db/client';
import { brandMemberships, siteStaff, sites } from '../../db/schema/index';
import { recordAudit } from '../audit';
import { requireBrand } from './access';
import { listStaff } from './list-staff';

/*
 * Owners and admins change who works for the brand (docs/product/partner.md#staff): a member's role
 * and a site manager's locations, or removing them. The owner is nobody's to change, and nobody
 * changes or removes themselves, so a brand always keeps its owner and the person acting keeps
 * their access. Access is read from these rows on every request, so a change acts at once.
 */

/** The member's current role in the brand, locked for the change; 404 when they do not work for it. */
async function lockMember(tx: DbOrTx, actor: Actor, brandId: string, userId: string, self: string): Promise<BrandRole> {
  await requireBrand(tx, actor.userId, brandId, 'manage');
  const [member] = await tx
    .select({ role: brandMemberships.role })
    .from(brandMemberships)
    .where(and(eq(brandMemberships.brandId, brandId), eq(brandMemberships.userId, userId)))
    .for('update');
  if (!member) throw new AppError('NOT_FOUND', 'Staff member not found');
  if (member.role === 'owner') throw new AppError('CONFLICT', 'The brand owner cannot be changed or removed');
  if (userId === actor.userId) throw new AppError('CONFLICT', self);
  return member.role;
}

/** The ids of the brand's live (not archived) locations. */
async function brandSiteIds(tx: DbOrTx, brandId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.brandId, brandId), ne(sites.status, 'archived')));
  return rows.map((r) => r.id);
}

/**
 * Takes every link of this member to the brand's locations away, archived ones included: the staff
 * page lists only live locations, so a link to an archived one would be access nobody can see.
 */
async function unlinkBrandSites(tx: DbOrTx, brandId: string, userId: string): Promise<void> {
  const ofBrand = tx.select({ id: sites.id }).from(sites).where(eq(sites.brandId, brandId));
  await tx.delete(siteStaff).where(and(eq(siteStaff.userId, userId), inArray(siteStaff.siteId, ofBrand)));
}

export async function updateStaffMember(
  db: Db,
  actor: Actor,
  brandId: string,
  userId: string,
  body: { role: InviteRole; siteIds: string[] },
): Promise<StaffMember> {
  await db.transaction(async (tx) => {
    const before = await lockMember(tx, actor, brandId, userId, 'You cannot change your own role');
    const live = await brandSiteIds(tx, brandId);
    const siteIds = body.role === 'site_manager' ? [...new Set(body.siteIds)] : [];
    if (siteIds.some((id) => !live.includes(id)))
      throw new AppError('VALIDATION_ERROR', 'Select locations of this brand', { field: 'siteIds' });
    await tx
      .update(brandMemberships)
      .set({ role: body.role })
      .where(and(eq(brandMemberships.brandId, brandId), eq(brandMemberships.userId, userId)));
    await unlinkBrandSites(tx, brandId, userId);
    if (siteIds.length) await tx.insert(siteStaff).values(siteIds.map((siteId) => ({ siteId, userId })));
    await recordAudit(tx, {
      actionType: 'staff_changed',
      entityType: 'brand_membership',
      entityId: brandId,
      actor: { userId: actor.userId, name: actor.name || actor.email },
      details: { brandId, userId, from: before, to: body.role, siteIds },
    });
  });
  const member = (await listStaff(db, actor.userId, brandId)).find((m) => m.userId === userId);
  if (!member) throw new AppError('NOT_FOUND', 'Staff member not found');
  return member;
}

export async function removeStaffMember(db: Db, actor: Actor, brandId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const role = await lockMember(tx, actor, brandId, userId, 'You cannot remove yourself');
    await unlinkBrandSites(tx, brandId, userId);
    await tx
      .delete(brandMemberships)
      .where(and(eq(brandMemberships.brandId, brandId), eq(brandMemberships.userId, userId)));
    await recordAudit(tx, {
      actionType: 'staff_removed',
      entityType: 'brand_membership',
      entityId: brandId,
      actor: { userId: actor.userId, name: actor.name || actor.email },
      details: { brandId, userId, role },
    });
  });
}
