import { z } from 'zod';

/** GET /api/push/key: the server's VAPID public key, the browser's applicationServerKey (docs/decisions/0143-web-push.md). */
export const pushKeyResponse = z.object({ publicKey: z.string() });

const base64url = (name: string, min: number, max: number) =>
  z
    .string()
    .min(min, `${name} is too short`)
    .max(max, `${name} is too long`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${name} must be base64url`);

/**
 * POST /api/push/subscriptions: the browser's PushSubscription.toJSON(). Idempotent by endpoint:
 * subscribing again (a second click, another tab) keeps one row.
 */
export const subscribePushBody = z.strictObject({
  endpoint: z.url({ error: 'endpoint must be a URL' }).max(1000, 'endpoint is too long'),
  expirationTime: z.number().int().nonnegative().nullish(),
  keys: z.strictObject({
    /** The browser's P-256 public key (65 bytes: 87 characters of base64url). */
    p256dh: base64url('keys.p256dh', 80, 100),
    /** The 16-byte auth secret (22 characters). */
    auth: base64url('keys.auth', 16, 32),
  }),
});

export const pushSubscription = z.object({
  id: z.uuid(),
  endpoint: z.string(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PushSubscriptionView = z.infer<typeof pushSubscription>;

export const subscribePushResponse = z.object({ subscription: pushSubscription });
export const listPushSubscriptionsResponse = z.object({ subscriptions: z.array(pushSubscription) });

/** DELETE /api/push/subscriptions/:id: one of the caller's subscriptions (another person's is 404). */
export const pushSubscriptionParams = z.strictObject({ id: z.uuid('id must be a UUID') });
