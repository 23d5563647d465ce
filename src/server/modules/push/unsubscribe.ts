import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema/index';

/** Removes one of the caller's subscriptions; another person's (or one already gone) is 404. */
export async function unsubscribePush(db: Db, userId: string, id: string): Promise<void> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw new AppError('NOT_FOUND', 'Subscription not found');
}
