import { eq } from 'drizzle-orm';
import type { AdminSiteHalalResponse } from '../../../domain/contracts/halal/admin-halal';
import { AppError } from '../../../domain/errors';
import { halalStatusLabel } from '../../../domain/halal';
import { londonDate } from '../../../domain/halal-facts';
import type { Actor } from '../../../domain/policies';
import type { Db } from '../../db/client';
import { sites } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { lockSite, publishHalalStatus, siteHalalState, withHalalMove } from './change-status';
import { getSiteHalal } from './get-site-halal';

/**
 * Suspends a location after a concern, or lifts the suspension. The suspension is the one halal
 * fact kept on the site (halal_suspended_at); lifting it leaves the status to the certificates
 * (verified with a current one, Verification Pending after one lapsed, else self-declared:
 * docs/decisions/0100-halal-status-derived.md). Suspending a suspended location, or reinstating one that is not, is 409.
 */
export async function setSuspension(
  deps: { db: Db; bus: LiveBus },
  actor: Actor,
  siteId: string,
  move: 'suspend' | 'reinstate',
  input: { reason: string; ticketId?: string },
  now = new Date(),
): Promise<AdminSiteHalalResponse> {
  const today = londonDate(now);
  const event = await deps.db.transaction(async (tx) => {
    const site = await lockSite(tx, siteId);
    if (!site) throw new AppError('NOT_FOUND', 'Location not found');
    const suspended = site.halalSuspendedAt !== null;
    if (suspended === (move === 'suspend')) {
      const { halalStatus } = await siteHalalState(tx, siteId, today);
      throw new AppError(
        'CONFLICT',
        `This location is ${halalStatusLabel(halalStatus)}; it cannot be ${move === 'suspend' ? 'suspended' : 'reinstated'}`,
      );
    }
    const { event } = await withHalalMove(
      tx,
      siteId,
      today,
      () =>
        tx
          .update(sites)
          .set({ halalSuspendedAt: move === 'suspend' ? now : null, updatedAt: now })
          .where(eq(sites.id, siteId)),
      () => ({
        reason: input.reason,
        actor: { userId: actor.userId, name: actor.name },
        details: { move, ticketId: input.ticketId ?? null },
      }),
    );
    return event;
  });
  await publishHalalStatus(deps.bus, [event]);
  return getSiteHalal(deps.db, siteId, now);
}
