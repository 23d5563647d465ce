import { expect, test } from '@playwright/test';
import { type LocalPushService, startLocalPushService } from '../../src/server/test/push-service';
import { SLUG, openAllDay, progress, signedIn } from './live-orders';

/*
 * Web Push opt-in (docs/decisions/0143-web-push.md): a signed-in customer allows notifications,
 * turns them on from the order page, and the server keeps this browser's subscription. The
 * browser vendors' push services cannot be reached from here, so the page's PushManager hands out
 * subscriptions of the local push service (web-push-testing) instead, and the push it receives
 * is handed to the service worker through the DevTools protocol; the rest is the real app: the
 * permission, the opt-in control, the API, the outbox worker, the push sender and the service worker.
 */
let push: LocalPushService;
test.beforeAll(async () => {
  push = await startLocalPushService();
});
test.afterAll(async () => push?.close());

test('a customer turns on notifications on the order page, the partner accepts, and the push is shown', async ({
  browser,
  baseURL,
}) => {
  const partner = await signedIn(baseURL!, 'partner@halalnosh.test');
  const { restore } = await openAllDay(partner, baseURL!);
  const customer = await signedIn(baseURL!, 'customer@halalnosh.test');
  try {
    // A retry starts clean: a subscription an earlier attempt left (with its own push service's
    // endpoint) is removed, as turning push off on that browser would.
    const left = (await (await customer.get('/api/push/subscriptions')).json()).subscriptions as { id: string }[];
    for (const s of left) {
      const removed = await customer.delete(`/api/push/subscriptions/${s.id}`, { headers: { origin: baseURL! } });
      expect(removed.status()).toBe(204);
    }
    const { restaurant } = await (await customer.get(`/api/restaurants/${SLUG}`)).json();
    const item = restaurant.menu.sections[0].items[0] as { id: string; priceMinor: number };
    const placed = await customer.post('/api/orders', {
      headers: { 'idempotency-key': `e2e-push-${Date.now()}`, origin: baseURL! },
      data: {
        siteId: restaurant.id,
        orderType: 'PICKUP',
        items: [{ menuItemId: item.id, quantity: Math.max(1, Math.ceil(2500 / item.priceMinor)) }],
        customerName: 'Push Journey',
        customerPhone: '07700 900123',
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { order } = (await placed.json()) as { order: { id: string; orderNumber: string } };

    const context = await browser.newContext({ storageState: await customer.storageState() });
    await context.grantPermissions(['notifications']);
    let clientHash = '';
    await context.exposeBinding('__localPushSubscribe', async (_source, key: string) => {
      const subscription = await push.subscribe(key);
      clientHash = subscription.clientHash;
      return subscription;
    });
    await context.addInitScript(() => {
      type Json = { endpoint: string; keys: { p256dh: string; auth: string } };
      const w = window as unknown as { __localPushSubscribe: (key: string) => Promise<Json> };
      let current: PushSubscription | null = null;
      const toKey = (k: unknown) =>
        typeof k === 'string'
          ? k
          : btoa(String.fromCharCode(...new Uint8Array(k as ArrayBuffer)))
              .replace(/\+/g, '-')
              .replace(/\//g, '_')
              .replace(/=+$/, '');
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const json = await w.__localPushSubscribe(toKey(options?.applicationServerKey));
        current = {
          endpoint: json.endpoint,
          expirationTime: null,
          toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: json.keys }),
          unsubscribe: async () => {
            current = null;
            return true;
          },
        } as unknown as PushSubscription;
        return current;
      };
      PushManager.prototype.getSubscription = async () => current;
    });

    const page = await context.newPage();
    await page.goto(`/order/${order.orderNumber}`);
    const optIn = page.getByRole('region', { name: 'Updates on this device' });
    await expect(optIn.getByRole('status')).toHaveText('Notifications are off for this device.');
    await optIn.getByRole('button', { name: 'Turn on notifications' }).click();
    await expect(optIn.getByRole('status')).toHaveText('Notifications are on for this device.');
    await expect(optIn.getByRole('button', { name: 'Turn off notifications' })).toBeVisible();

    // The one service worker is installed at the site's root.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseURL}/`);

    // The server holds this browser's subscription for the customer.
    const { subscriptions } = await (await customer.get('/api/push/subscriptions')).json();
    expect(subscriptions).toEqual([
      expect.objectContaining({ endpoint: expect.stringContaining(`${push.url}/notify/`) }),
    ]);

    // The partner accepts: the outbox worker sends the push, which the push service decrypts.
    await progress(partner, baseURL!, order.id, 'accepted');
    const title = `Order ${order.orderNumber} accepted`;
    let received = '';
    await expect
      .poll(
        async () => {
          received = (await push.messages(clientHash)).find((m) => m.includes(title)) ?? '';
          return received;
        },
        { timeout: 30_000 },
      )
      .not.toBe('');
    const payload = JSON.parse(received) as { title: string; body: string; url: string; tag: string };
    expect(payload).toMatchObject({
      title,
      body: expect.stringContaining('has accepted your order'),
      url: `/order/${order.orderNumber}`,
    });

    // That push, handed to the service worker, is shown with its title and body.
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const deliver = async () =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: baseURL!,
        registrationId: await registrationId,
        data: received,
      });
    await deliver();
    let looks = 0;
    await expect
      .poll(
        async () => {
          const shown = await page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
              title: n.title,
              body: n.body,
              url: (n.data as { url: string }).url,
            })),
          );
          // DevTools' hand-over to the worker stands in for the push service reaching the browser.
          // On a loaded machine one hand-over once showed nothing within 10 s (the push had
          // reached the push service): with nothing shown after a few looks it is handed over
          // again. Only while nothing is shown, so a notification is never shown twice.
          if (shown.length === 0 && ++looks % 5 === 0) await deliver();
          return shown;
        },
        { timeout: 30_000 },
      )
      .toEqual([{ title, body: payload.body, url: `${baseURL}/order/${order.orderNumber}` }]);

    // Turning it off forgets this browser on the server.
    await optIn.getByRole('button', { name: 'Turn off notifications' }).click();
    await expect(optIn.getByRole('status')).toHaveText('Notifications are off for this device.');
    expect((await (await customer.get('/api/push/subscriptions')).json()).subscriptions).toEqual([]);
    await context.close();
  } finally {
    await restore();
    await partner.dispose();
    await customer.dispose();
  }
});
