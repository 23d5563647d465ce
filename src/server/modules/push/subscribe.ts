import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { subscribePushBody, PushSubscriptionView } from '../../../domain/contracts/push/subscriptions';
import { AppError } from '../../../domain/errors';
import { isAllowedPushEndpoint } from '../../../domain/push';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema/index';
import { subscriptionView } from './subscription-view';

/**
 * Saves this browser's push subscription for the caller (docs/decisions/0143-web-push.md).
 * One row per endpoint: subscribing again (a double click, a second tab) updates it, and a browser
 * someone else signs in on afterwards now notifies them, since the endpoint is that browser's.
 */
export async function subscribePush(
  db: Db,
  userId: string,
  body: z.output<typeof subscribePushBody>,
  opts: { production: boolean; userAgent: string | null },
): Promise<PushSubscriptionView> {
  if (!isAllowedPushEndpoint(body.endpoint, opts)) {
    throw new AppError('VALIDATION_ERROR', "endpoint must be a browser push service's https address");
  }
  const userAgent = opts.userAgent ? opts.userAgent.slice(0, 300) : null;
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, userAgent })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        userAgent,
        // A browser handed to another person starts afresh.
        createdAt: sql`case when ${pushSubscriptions.userId} = excluded.user_id then ${pushSubscriptions.createdAt} else now() end`,
      },
    })
    .returning();
  return subscriptionView(row);
}
