/**
 * Web Push rules both sides need (docs/decisions/0143-web-push.md).
 *
 * The server POSTs every push to the subscription's endpoint, so an endpoint is a URL a signed-in
 * person chose: in production only the browsers' own push services are accepted (no request to
 * an address of ours or of anyone else); outside production also a push service on this machine
 * (the local test service stands in for the vendors', which tests cannot reach).
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  'notify.windows.com',
] as const;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether the server may send pushes to this endpoint. */
export function isAllowedPushEndpoint(endpoint: string, opts: { production: boolean }): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (!opts.production && LOCAL_HOSTS.has(url.hostname) && (url.protocol === 'http:' || url.protocol === 'https:'))
    return true;
  if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) return false;
  return PUSH_SERVICE_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
}

/** What the service worker receives in every push (JSON): shown as a notification, opened at `url` when clicked. */
export type PushPayload = {
  title: string;
  body: string;
  /** An app path ("/orders/HN-1042") or an absolute URL on our site. */
  url: string;
  /** Replaces an earlier notification with the same tag (one per order or job) instead of stacking. */
  tag?: string;
};

/** The labelled states of a device's push opt-in, as the controls show them. */
export type PushState = 'unsupported' | 'blocked' | 'on' | 'off';

export const PUSH_STATE_TEXT: Record<PushState, string> = {
  unsupported: 'This browser cannot show notifications from HalalNosh.',
  blocked: 'Notifications are blocked for HalalNosh in this browser. Allow them in the site settings, then try again.',
  on: 'Notifications are on for this device.',
  off: 'Notifications are off for this device.',
};
