import type { PushState } from '../../domain/push';
import { call } from './call';
import { endpoints } from './endpoints.generated';

/**
 * This browser's Web Push opt-in (docs/decisions/0143-web-push.md): the one service worker at
 * /sw.js, the browser's permission and subscription, and the server's record of it for the
 * person signed in.
 */

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    window.isSecureContext
  );
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

async function existingSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration('/');
  return reg ? reg.pushManager.getSubscription() : null;
}

/** The state the controls show: on only when this browser's subscription is saved for this person. */
export async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  const subscription = await existingSubscription();
  if (!subscription) return 'off';
  const { subscriptions } = await call(endpoints.push.getPushSubscriptions);
  return subscriptions.some((s) => s.endpoint === subscription.endpoint) ? 'on' : 'off';
}

/** Asks for permission (call it from the click), subscribes with the server's key and saves the subscription. */
export async function turnPushOn(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const [reg, { publicKey }] = await Promise.all([registration(), call(endpoints.push.getPushKey)]);
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
  const json = subscription.toJSON();
  await call(endpoints.push.postPushSubscriptions, {
    body: {
      endpoint: subscription.endpoint,
      expirationTime: subscription.expirationTime ?? null,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    },
  });
  return 'on';
}

/** Forgets this browser on the server, then unsubscribes it. */
export async function turnPushOff(): Promise<PushState> {
  const subscription = await existingSubscription();
  if (subscription) {
    const { subscriptions } = await call(endpoints.push.getPushSubscriptions);
    const mine = subscriptions.find((s) => s.endpoint === subscription.endpoint);
    if (mine) await call(endpoints.push.deletePushSubscriptionsOne, { params: { id: mine.id } });
    await subscription.unsubscribe();
  }
  return 'off';
}
