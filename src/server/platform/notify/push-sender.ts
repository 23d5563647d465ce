import { createHash } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushPayload } from '../../../domain/push';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { pushSubscriptions } from '../../db/schema/index';
import { batched } from './batched';
import type { ChannelSender, OutgoingMessage, SendResult } from './channels';
import { recordDevDelivery } from './dev-outbox';

export type PushSenderOptions = {
  db: Db;
  vapid: { publicKey: string; privateKey: string; subject: string };
  /**
   * Outside production: a person with no subscription gets the push in the dev outbox instead
   * (docs/decisions/0143-web-push.md), so a demo shows what would have been sent.
   */
  devOutbox?: boolean;
  /** How long a push service keeps an undelivered push (seconds); a status update is stale after a day. */
  ttlSeconds?: number;
  timeoutMs?: number;
  /** The HTTP client (tests may pass one that fails); the global fetch by default. */
  fetch?: typeof fetch;
};

type Subscription = { id: string; userId: string; endpoint: string; p256dh: string; auth: string };

/**
 * The subscriptions of several people (their ids as a JSON array), prepared once per database, on
 * PGlite too: every push of the outbox asks it, and planning it each time was most of its cost on
 * the embedded database (docs/decisions/0191-outbox-lighter-writes.md).
 */
const subscriptionsOfUsers = preparedStatement<Subscription>(
  'push_subscriptions_of',
  () => sql`select id, user_id as "userId", endpoint, p256dh, auth from push_subscriptions
    where user_id = any(array(select jsonb_array_elements_text(${sql.placeholder('users')}::jsonb)))`,
  { prepareOnPglite: true },
);

/** Title and body are capped: a push payload must stay under the push services' 4 kB. */
const TITLE_MAX = 120;
const BODY_MAX = 1000;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The JSON the service worker shows (public/sw.js); the tag is the event's, so a repeat replaces rather than stacks. */
export function pushPayload(message: OutgoingMessage): PushPayload {
  return {
    title: clip(message.title, TITLE_MAX),
    body: clip(message.text, BODY_MAX),
    url: message.url ?? '/',
    tag: topicOf(message.dedupeKey),
  };
}

/** A push service keeps only the latest pending push per Topic (at most 32 base64url characters). */
function topicOf(dedupeKey: string): string {
  return createHash('sha256').update(dedupeKey).digest('base64url').slice(0, 32);
}

type Outcome =
  { kind: 'sent' } | { kind: 'expired' } | { kind: 'retry'; error: string } | { kind: 'refused'; error: string };

/** What a push service's answer means for this subscription (RFC 8030; 404/410: gone for good). */
export function classifyPushStatus(status: number): Outcome['kind'] {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'expired';
  if (status === 429 || status >= 500 || status === 408) return 'retry';
  return 'refused';
}

/**
 * Sends a message to every push subscription of `recipient.userId` (docs/decisions/0143-web-push.md).
 * Subscriptions the push service answers 404/410 for are removed. The message counts as sent
 * when at least one browser took it (a retry would repeat it on that one); otherwise a 429, a
 * 5xx or a network failure asks for a retry, and any other refusal is final.
 */
export function createPushSender(options: PushSenderOptions): ChannelSender {
  const doFetch = options.fetch ?? fetch;
  const ttl = options.ttlSeconds ?? 24 * 60 * 60;
  const timeoutMs = options.timeoutMs ?? 10_000;
  // Every person's subscriptions for the pushes of a busy moment in one query.
  const subscriptionsOf = batched(async (userIds: string[]) => {
    const rows = await subscriptionsOfUsers(options.db, { users: JSON.stringify([...new Set(userIds)]) });
    return userIds.map((id) => rows.filter((r) => r.userId === id));
  });

  async function deliver(sub: Subscription, body: string, topic: string): Promise<Outcome> {
    let details: webpush.RequestDetails;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        body,
        { vapidDetails: options.vapid, TTL: ttl, urgency: 'high', topic },
      );
    } catch (err) {
      // Keys the browser never made (encryption refuses them): this subscription cannot work.
      return { kind: 'refused', error: `bad subscription keys: ${(err as Error).message}` };
    }
    const headers = Object.fromEntries(
      Object.entries(details.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    try {
      const res = await doFetch(details.endpoint, {
        method: 'POST',
        headers,
        body: details.body ? new Uint8Array(details.body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      const kind = classifyPushStatus(res.status);
      const text = kind === 'sent' ? '' : (await res.text().catch(() => '')).slice(0, 200);
      if (kind === 'sent' || kind === 'expired') return { kind };
      return { kind, error: `push service answered ${res.status}${text ? `: ${text}` : ''}` };
    } catch (err) {
      return { kind: 'retry', error: `push service unreachable: ${(err as Error).message}` };
    }
  }

  return {
    channel: 'push',
    async send(message): Promise<SendResult> {
      const userId = message.recipient.userId;
      if (!userId) return { ok: false, retry: false, error: 'Push goes only to signed-in people' };
      const subs = await subscriptionsOf(userId);
      const payload = pushPayload(message);
      if (subs.length === 0) {
        if (options.devOutbox) {
          await recordDevDelivery(options.db, {
            channel: 'push',
            to: userId,
            title: payload.title,
            text: payload.body,
            url: payload.url,
            dedupeKey: message.dedupeKey,
          });
          return { ok: true, detail: 'no push subscription: kept in the dev outbox' };
        }
        return { ok: true, detail: 'no push subscription' };
      }
      const body = JSON.stringify(payload);
      const outcomes = await Promise.all(subs.map((sub) => deliver(sub, body, payload.tag!)));
      const sent = subs.filter((_, i) => outcomes[i].kind === 'sent').map((s) => s.id);
      const expired = subs.filter((_, i) => outcomes[i].kind === 'expired').map((s) => s.id);
      if (expired.length) await options.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, expired));
      if (sent.length)
        await options.db
          .update(pushSubscriptions)
          .set({ lastUsedAt: new Date() })
          .where(inArray(pushSubscriptions.id, sent));
      const removed = expired.length ? `; removed ${expired.length} expired` : '';
      if (sent.length) return { ok: true, detail: `sent to ${sent.length} of ${subs.length} browsers${removed}` };
      const errors = outcomes.flatMap((o) => ('error' in o ? [o.error] : []));
      if (outcomes.some((o) => o.kind === 'retry')) return { ok: false, retry: true, error: errors.join('; ') };
      if (errors.length) return { ok: false, retry: false, error: errors.join('; ') };
      return { ok: true, detail: `no live push subscription${removed}` };
    },
  };
}
