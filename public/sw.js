/*
 * HalalNosh's one service worker (docs/decisions/0143-web-push.md): Web Push only. It shows each
 * push as a notification and opens (or focuses) the page the push names when it is clicked. It has
 * no fetch handler and caches nothing, so a deploy is never hidden behind a stale shell
 * (docs/decisions/0045-installable-driver-app.md).
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** Only pages of this site are opened; anything else opens the home page. */
function pageUrl(url) {
  try {
    const target = new URL(url || '/', self.location.origin);
    return target.origin === self.location.origin ? target.href : self.location.origin + '/';
  } catch {
    return self.location.origin + '/';
  }
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'HalalNosh';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/icons/driver-192.png',
      data: { url: pageUrl(data.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = pageUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => w.url === url);
      if (open) return open.focus();
      // A tab of ours this worker controls is taken to the page; otherwise a new one opens.
      const ours = windows.find((w) => w.url.startsWith(self.location.origin) && 'navigate' in w);
      if (ours) {
        try {
          const moved = await ours.navigate(url);
          if (moved) return moved.focus();
        } catch {
          // not controlled by this worker: open a new tab instead
        }
      }
      return self.clients.openWindow(url);
    })(),
  );
});

/** The browser renewed the subscription: tell the server, as the person signed in on this browser. */
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const key = await fetch('/api/push/key', { credentials: 'same-origin' });
      if (!key.ok) return;
      const { publicKey } = await key.json();
      const subscription = await self.registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: publicKey,
      });
      await fetch('/api/push/subscriptions', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(subscription.toJSON()),
      });
    })(),
  );
});
