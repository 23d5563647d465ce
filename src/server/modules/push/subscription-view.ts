import type { PushSubscriptionView } from '../../../domain/contracts/push/subscriptions';
import type { pushSubscriptions } from '../../db/schema/index';

/** A stored subscription as its owner sees it (never its keys). */
export function subscriptionView(row: typeof pushSubscriptions.$inferSelect): PushSubscriptionView {
  return {
    id: row.id,
    endpoint: row.endpoint,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}
