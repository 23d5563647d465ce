import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/index';
import { listDevDeliveries } from '../../platform/notify/dev-outbox';
import { createPushSender } from '../../platform/notify/push-sender';
import type { OutgoingMessage } from '../../platform/notify/channels';
import { type LocalPushService, startLocalPushService } from '../../test/push-service';
import { TEST_ORIGIN, type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';

/** Web Push (docs/decisions/0143-web-push.md): the opt-in routes and the sender, against a push service on this machine. */
let t: TestApp;
let push: LocalPushService;
let me: string;
let meId: string;
let other: string;
let otherId: string;
let driver: string;

beforeAll(async () => {
  [t, push] = await Promise.all([createTestApp(), startLocalPushService()]);
  meId = await createUser(t, { email: 'me@example.com', userType: 'customer', status: 'active' });
  otherId = await createUser(t, { email: 'other@example.com', userType: 'customer', status: 'active' });
  await createUser(t, { email: 'driver@example.com', userType: 'driver', status: 'approved' });
  [me, other, driver] = await Promise.all([
    signIn(t, 'me@example.com'),
    signIn(t, 'other@example.com'),
    signIn(t, 'driver@example.com'),
  ]);
}, 60_000);
afterAll(async () => {
  await push?.close();
  await t?.close();
});

function call(method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string | null, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), origin: TEST_ORIGIN, 'user-agent': 'Vitest Browser/1.0' },
    payload: payload as object | undefined,
  });
}

/** A browser subscribing with the server's key: the local push service hands out the endpoint and keys. */
async function browserSubscribes(cookie: string) {
  const key = (await call('GET', '/api/push/key', cookie)).json().publicKey as string;
  const { clientHash, ...subscription } = await push.subscribe(key);
  const res = await call('POST', '/api/push/subscriptions', cookie, { ...subscription, expirationTime: null });
  expect(res.statusCode, res.body).toBe(201);
  return { clientHash, subscription, id: res.json().subscription.id as string };
}

const message = (userId: string | null, over: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  dedupeKey: `order.accepted:HN-1042:${userId}:push`,
  recipient: { userId },
  title: 'Order accepted',
  text: 'Hot Grill has accepted order HN-1042. Estimated delivery 19:40.',
  url: '/orders/HN-1042',
  ...over,
});

describe('the opt-in routes', () => {
  it('give every signed-in person the VAPID public key, and strangers 401', async () => {
    const res = await call('GET', '/api/push/key', driver);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicKey: t.app.deps.config.vapid.publicKey });
    expect(Buffer.from(res.json().publicKey, 'base64url')).toHaveLength(65);
    for (const [method, url] of [
      ['GET', '/api/push/key'],
      ['GET', '/api/push/subscriptions'],
      ['POST', '/api/push/subscriptions'],
      ['DELETE', '/api/push/subscriptions/00000000-0000-4000-8000-000000000000'],
    ] as const)
      expect((await call(method, url, null, method === 'POST' ? {} : undefined)).statusCode, url).toBe(401);
  });

  it('save one row per browser: subscribing twice keeps one, and lists only the caller’s own', async () => {
    const { subscription, id } = await browserSubscribes(me);
    const again = await call('POST', '/api/push/subscriptions', me, subscription);
    expect(again.statusCode).toBe(201);
    expect(again.json().subscription.id).toBe(id);
    const rows = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, meId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      endpoint: subscription.endpoint,
      userAgent: 'Vitest Browser/1.0',
      lastUsedAt: null,
    });
    const mine = (await call('GET', '/api/push/subscriptions', me)).json().subscriptions;
    expect(mine).toEqual([
      {
        id,
        endpoint: subscription.endpoint,
        userAgent: 'Vitest Browser/1.0',
        createdAt: expect.any(String),
        lastUsedAt: null,
      },
    ]);
    expect(JSON.stringify(mine)).not.toContain(subscription.keys.auth);
    expect((await call('GET', '/api/push/subscriptions', other)).json().subscriptions).toEqual([]);
  });

  it('hand a browser to whoever signs in on it next', async () => {
    const { subscription, id } = await browserSubscribes(me);
    const res = await call('POST', '/api/push/subscriptions', other, subscription);
    expect(res.json().subscription.id).toBe(id);
    const [row] = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    expect(row.userId).toBe(otherId);
  });

  it('refuse an endpoint that is not a push service, bad keys and unknown fields with a readable 400', async () => {
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
    const cases: [unknown, RegExp][] = [
      [{ endpoint: 'https://evil.example/collect', keys }, /push service/],
      [{ endpoint: 'http://10.0.0.7/notify/x', keys }, /push service/],
      [{ endpoint: 'not a url', keys }, /endpoint must be a URL/],
      [{ endpoint: 'http://localhost:1/notify/x', keys: { ...keys, auth: 'short' } }, /keys.auth is too short/],
      [{ endpoint: 'http://localhost:1/notify/x', keys: { ...keys, p256dh: `${'*'.repeat(87)}` } }, /base64url/],
      [{ endpoint: 'http://localhost:1/notify/x', keys, userId: otherId }, /userId/],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/api/push/subscriptions', me, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toMatch(message);
    }
  });

  it("remove the caller's own subscription only: another person's is 404 and stays", async () => {
    const { id } = await browserSubscribes(me);
    expect((await call('DELETE', `/api/push/subscriptions/${id}`, other)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/push/subscriptions/${id}`, driver)).statusCode).toBe(404);
    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id))).toHaveLength(1);
    expect((await call('DELETE', `/api/push/subscriptions/${id}`, me)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/push/subscriptions/${id}`, me)).statusCode).toBe(404);
    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id))).toHaveLength(0);
  });
});

describe('the push sender', () => {
  const sender = () => createPushSender({ db: t.database.db, vapid: t.app.deps.config.vapid });

  it('encrypts the message to every browser of the person; the push service decrypts exactly the payload', async () => {
    await t.database.db.delete(pushSubscriptions);
    const phone = await browserSubscribes(me);
    const laptop = await browserSubscribes(me);
    const result = await sender().send(message(meId));
    expect(result).toEqual({ ok: true, detail: 'sent to 2 of 2 browsers' });
    for (const browser of [phone, laptop]) {
      const [payload] = await push.messages(browser.clientHash);
      expect(JSON.parse(payload)).toEqual({
        title: 'Order accepted',
        body: 'Hot Grill has accepted order HN-1042. Estimated delivery 19:40.',
        url: '/orders/HN-1042',
        tag: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      });
    }
    const rows = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, meId));
    expect(rows.every((r) => r.lastUsedAt instanceof Date)).toBe(true);
  });

  it('removes a subscription the push service answers 410 for, and still reaches the others', async () => {
    await t.database.db.delete(pushSubscriptions);
    const gone = await browserSubscribes(me);
    const live = await browserSubscribes(me);
    await push.expire(gone.clientHash);
    const result = await sender().send(message(meId));
    expect(result).toEqual({ ok: true, detail: 'sent to 1 of 2 browsers; removed 1 expired' });
    const left = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, meId));
    expect(left.map((r) => r.id)).toEqual([live.id]);
    expect(await push.messages(live.clientHash)).toHaveLength(1);
    expect(await push.messages(gone.clientHash)).toEqual([]);
  });

  it('asks for a retry on 429, 5xx and a push service it cannot reach, and gives up on other refusals', async () => {
    await t.database.db.delete(pushSubscriptions);
    await browserSubscribes(me);
    const answering = (status: number) =>
      createPushSender({
        db: t.database.db,
        vapid: t.app.deps.config.vapid,
        fetch: async () => new Response('busy', { status }),
      });
    for (const status of [429, 500, 503]) {
      expect(await answering(status).send(message(meId))).toMatchObject({ ok: false, retry: true });
    }
    expect(await answering(400).send(message(meId))).toEqual({
      ok: false,
      retry: false,
      error: 'push service answered 400: busy',
    });
    const unreachable = createPushSender({
      db: t.database.db,
      vapid: t.app.deps.config.vapid,
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    expect(await unreachable.send(message(meId))).toEqual({
      ok: false,
      retry: true,
      error: 'push service unreachable: fetch failed',
    });
    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, meId))).toHaveLength(
      1,
    );
  });

  it('signs with the server’s VAPID key: a push signed with another key is refused by the push service', async () => {
    await t.database.db.delete(pushSubscriptions);
    await browserSubscribes(me);
    const { generateVapidKeys } = await import('../../platform/notify/vapid-keys');
    const stranger = createPushSender({
      db: t.database.db,
      vapid: { ...generateVapidKeys(), subject: 'mailto:someone@example.com' },
    });
    const result = await stranger.send(message(meId));
    expect(result).toMatchObject({ ok: false, retry: false });
  });

  it('keeps the push in the dev outbox for a person with no subscription, and refuses a visitor', async () => {
    await t.database.db.delete(pushSubscriptions);
    const dev = createPushSender({ db: t.database.db, vapid: t.app.deps.config.vapid, devOutbox: true });
    expect(await dev.send(message(otherId))).toEqual({
      ok: true,
      detail: 'no push subscription: kept in the dev outbox',
    });
    const [kept] = await listDevDeliveries(t.database.db, 1);
    expect(kept).toMatchObject({
      channel: 'push',
      to: otherId,
      title: 'Order accepted',
      text: 'Hot Grill has accepted order HN-1042. Estimated delivery 19:40.',
      url: '/orders/HN-1042',
    });
    // Recorded once per outbox row, however often it is sent.
    await dev.send(message(otherId));
    expect((await listDevDeliveries(t.database.db)).filter((d) => d.to === otherId)).toHaveLength(1);
    expect(await sender().send(message(otherId))).toEqual({ ok: true, detail: 'no push subscription' });
    expect(await sender().send(message(null))).toMatchObject({ ok: false, retry: false });
  });
});
