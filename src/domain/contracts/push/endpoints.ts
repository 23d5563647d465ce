import { POLICIES } from '../../policies';
import { NO_CONTENT, endpoint } from '../endpoint';
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
  getPushKey: endpoint({
    method: 'GET',
    path: '/api/push/key',
    policy: POLICIES.signedIn,
    summary: 'Get the VAPID public key browsers subscribe with',
    responses: { 200: pushKeyResponse },
  }),
  getPushSubscriptions: endpoint({
    method: 'GET',
    path: '/api/push/subscriptions',
    policy: POLICIES.signedIn,
    summary: "List the caller's push subscriptions (one per browser)",
    responses: { 200: listPushSubscriptionsResponse },
  }),
  postPushSubscriptions: endpoint({
    method: 'POST',
    path: '/api/push/subscriptions',
    policy: POLICIES.signedIn,
    summary: "Save this browser's push subscription for the caller (idempotent by endpoint)",
    body: subscribePushBody,
    responses: { 201: subscribePushResponse },
  }),
  deletePushSubscriptionsOne: endpoint({
    method: 'DELETE',
    path: '/api/push/subscriptions/:id',
    policy: POLICIES.signedIn,
    summary: "Remove one of the caller's push subscriptions (turning push off on that browser)",
    params: pushSubscriptionParams,
    responses: { 204: NO_CONTENT },
  }),
};
