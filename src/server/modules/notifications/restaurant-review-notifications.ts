import type { DbOrTx } from '../../db/client';
import { enqueueNotifications } from './enqueue';
import { statusMessage } from './templates';

/**
 * A reviewer's decision on a location or a brand, by e-mail to the partner: everyone who works at
 * the location, or every owner and admin of the brand (docs/product/partner.md#becoming-a-partner).
 * Written in the transaction of the decision.
 */
export function notifyRestaurantReview(
  tx: DbOrTx,
  d: { eventId: string; title: string; sentence: string; siteId?: string; userIds?: readonly string[] },
) {
  const payload = statusMessage(d.title, d.sentence, '/partner/onboarding', 'Open the partner console');
  const base = { kind: 'restaurantReview' as const, eventId: d.eventId, channel: 'email' as const, payload };
  return enqueueNotifications(
    tx,
    d.siteId ? [{ ...base, staffOfSite: d.siteId }] : (d.userIds ?? []).map((userId) => ({ ...base, userId })),
  );
}
