import { POLICIES } from '../../policies';
import { NO_CONTENT, api } from '../endpoint';
import {
  listPushSubscriptionsResponse,
  pushKeyResponse,
  subscribePushBody,
  subscribePushResponse,
  pushSubscriptionParams,
} from './subscriptions';

/**
 * Web Push opt-in for every signed-in person: customers, drivers, partner staff and admins
 * (docs/decisions/0143-web-push.md). Each acts only on the caller's own subscriptions.
 */
export const pushEndpoints = {
  getPushKey: api('GET /api/push/key', POLICIES.signedIn)
    .summary('Get the VAPID public key browsers subscribe with')
    .answers({ 200: pushKeyResponse }),
  getPushSubscriptions: api('GET /api/push/subscriptions', POLICIES.signedIn)
    .summary("List the caller's push subscriptions (one per browser)")
    .answers({ 200: listPushSubscriptionsResponse }),
  postPushSubscriptions: api('POST /api/push/subscriptions', POLICIES.signedIn)
    .summary("Save this browser's push subscription for the caller (idempotent by endpoint)")
    .takes({ body: subscribePushBody })
    .answers({ 201: subscribePushResponse }),
  deletePushSubscriptionsOne: api('DELETE /api/push/subscriptions/:id', POLICIES.signedIn)
    .summary("Remove one of the caller's push subscriptions (turning push off on that browser)")
    .takes({ params: pushSubscriptionParams })
    .answers({ 204: NO_CONTENT }),
};
