import { eq } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { topicName } from '../../../domain/topics';
import type { Db } from '../../db/client';
import { userProfiles } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';

/** Saves how far the driver takes jobs (docs/product/driver.md#jobs-board); the contract bounds it to 1-10 miles. */
export async function setJobRadius(db: Db, userId: string, miles: number): Promise<{ jobRadiusMiles: number }> {
  const [row] = await db
    .update(userProfiles)
    .set({ jobRadiusMiles: miles, updatedAt: new Date() })
    .where(eq(userProfiles.userId, userId))
    .returning({ jobRadiusMiles: userProfiles.jobRadiusMiles });
  if (!row) throw new AppError('NOT_FOUND', 'Driver profile not found');
  return row;
}

/**
 * The driver shares where they are for the jobs board (docs/decisions/0158-dispatch-by-distance.md):
 * only the last fix is kept, and it centres the board only while fresh. The back office's dispatch
 * map hears that the driver moved (docs/decisions/0170-ops-dispatch-map.md).
 */
export async function setBoardPosition(
  deps: { db: Db; bus: LiveBus },
  userId: string,
  position: { lat: number; lng: number },
  now = new Date(),
): Promise<{ ok: true; at: string }> {
  const [row] = await deps.db
    .update(userProfiles)
    .set({ boardLat: position.lat, boardLng: position.lng, boardLocatedAt: now })
    .where(eq(userProfiles.userId, userId))
    .returning({ id: userProfiles.id });
  if (!row) throw new AppError('NOT_FOUND', 'Driver profile not found');
  await deps.bus.publish(topicName.admin, 'driver.located', { driverId: userId, at: now.toISOString() });
  return { ok: true, at: now.toISOString() };
}

/** The driver stops sharing: the position is forgotten and their postcode centres the board again. */
export async function clearBoardPosition(
  deps: { db: Db; bus: LiveBus },
  userId: string,
  now = new Date(),
): Promise<{ ok: true; at: string }> {
  await deps.db
    .update(userProfiles)
    .set({ boardLat: null, boardLng: null, boardLocatedAt: null })
    .where(eq(userProfiles.userId, userId));
  await deps.bus.publish(topicName.admin, 'driver.located', { driverId: userId, at: now.toISOString() });
  return { ok: true, at: now.toISOString() };
}
