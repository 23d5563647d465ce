import type { AdminSiteHalalResponse } from '../../../domain/contracts/halal/admin-halal';
import { AppError } from '../../../domain/errors';
import { halalStatusLabel } from '../../../domain/halal';
import { londonDate, nextHalalStatus } from '../../../domain/halal-facts';
import type { Actor } from '../../../domain/policies';
import type { Db } from '../../db/client';
import type { LiveBus } from '../../platform/live-bus';
import { applyHalalStatus, certificateContext, lockSite, publishHalalStatus } from './change-status';
import { getSiteHalal } from './get-site-halal';

/**
 * Suspends a location after a concern, or reinstates it (to what its certificates support).
 * A move that does not apply (suspending a suspended location) is 409.
 */
export async function setSuspension(
  deps: { db: Db; bus: LiveBus },
  actor: Actor,
  siteId: string,
  move: 'suspend' | 'reinstate',
  input: { reason: string; ticketId?: string },
  now = new Date(),
): Promise<AdminSiteHalalResponse> {
  const event = await deps.db.transaction(async (tx) => {
    const site = await lockSite(tx, siteId);
    if (!site) throw new AppError('NOT_FOUND', 'Location not found');
    const to = nextHalalStatus(site.halalStatus, move, await certificateContext(tx, siteId, londonDate(now)));
    if (!to)
      throw new AppError(
        'CONFLICT',
        `This location is ${halalStatusLabel(site.halalStatus)}; it cannot be ${move === 'suspend' ? 'suspended' : 'reinstated'}`,
      );
    return applyHalalStatus(
      tx,
      site,
      to,
      input.reason,
      { userId: actor.userId, name: actor.name },
      { details: { move, ticketId: input.ticketId ?? null } },
    );
  });
  await publishHalalStatus(deps.bus, [event]);
  return getSiteHalal(deps.db, siteId);
}
