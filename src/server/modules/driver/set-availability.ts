import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { topicName } from '../../../domain/topics';
import type { Db } from '../../db/client';
import { userProfiles } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';
import { type Actor, takesNewWork } from '../../../domain/policies';
import { requireCurrentTerms } from '../account';
import { withdrawDriverOffers } from '../dispatcher';

/**
 * Goes online or offline (docs/product/driver.md#availability); the back office's online count
 * follows live. Going online takes new work, so it needs the current terms; going offline never
 * does (docs/decisions/0206-new-terms-hold-back-new-work-only.md). Going offline withdraws the
 * driver's open dispatcher offer.
 */
export async function setAvailability(
  deps: { db: Db; bus: LiveBus },
  actor: Actor,
  isOnline: boolean,
): Promise<{ isOnline: boolean }> {
  const userId = actor.userId;
  if (takesNewWork({ isOnline })) await requireCurrentTerms(deps.db, actor);
  const now = new Date();
  const [row] = await deps.db
    .update(userProfiles)
    // The online session starts when they go online (a second "online" keeps it) and ends offline: their
    // earnings per online hour count over it (docs/decisions/0283-learned-travel-and-fair-earnings.md).
    .set({
      isOnline,
      onlineSince: isOnline ? sql`coalesce(${userProfiles.onlineSince}, ${now.toISOString()}::timestamptz)` : null,
      updatedAt: now,
    })
    .where(eq(userProfiles.userId, userId))
    .returning({ isOnline: userProfiles.isOnline });
  if (!row) throw new AppError('NOT_FOUND', 'Driver profile not found');
  await deps.bus.publish(topicName.admin, 'driver.availability', { driverId: userId, isOnline });
  // Offline frees their open offer at once for the next driver (docs/product/driver.md#offers).
  if (!isOnline) await withdrawDriverOffers(deps, userId);
  return row;
}
