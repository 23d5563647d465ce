import { eq } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { topicName } from '../../../domain/topics';
import type { Db } from '../../db/client';
import { userProfiles } from '../../db/schema/index';
import type { LiveBus } from '../../platform/live-bus';

/** Goes online or offline (docs/product/driver.md#availability); the back office's online count follows live. */
export async function setAvailability(
  deps: { db: Db; bus: LiveBus },
  userId: string,
  isOnline: boolean,
): Promise<{ isOnline: boolean }> {
  const [row] = await deps.db
    .update(userProfiles)
    .set({ isOnline, updatedAt: new Date() })
    .where(eq(userProfiles.userId, userId))
    .returning({ isOnline: userProfiles.isOnline });
  if (!row) throw new AppError('NOT_FOUND', 'Driver profile not found');
  await deps.bus.publish(topicName.admin, 'driver.availability', { driverId: userId, isOnline });
  return row;
}
