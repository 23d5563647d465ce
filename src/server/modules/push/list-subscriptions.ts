import { desc, eq } from 'drizzle-orm';
import type { PushSubscriptionView } from '../../../domain/contracts/push/subscriptions';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema/index';
import { subscriptionView } from './subscription-view';

/** The caller's subscriptions, newest first: the browser finds its own by endpoint. */
export async function listPushSubscriptions(db: Db, userId: string): Promise<PushSubscriptionView[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt));
  return rows.map(subscriptionView);
}
