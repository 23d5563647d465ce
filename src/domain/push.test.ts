import { describe, expect, it } from 'vitest';
import { isAllowedPushEndpoint } from './push';

const prod = { production: true };
const dev = { production: false };

describe('isAllowedPushEndpoint', () => {
  it('accepts the browsers’ push services over https', () => {
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/abc:def', prod)).toBe(true);
    expect(isAllowedPushEndpoint('https://updates.push.services.mozilla.com/wpush/v2/gAAA', prod)).toBe(true);
    expect(isAllowedPushEndpoint('https://web.push.apple.com/QGz', prod)).toBe(true);
    expect(isAllowedPushEndpoint('https://db5p.notify.windows.com/w/?token=x', prod)).toBe(true);
  });

  it('refuses any other host, plain http, another port and credentials in production', () => {
    expect(isAllowedPushEndpoint('https://evil.example/push', prod)).toBe(false);
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com.evil.example/x', prod)).toBe(false);
    expect(isAllowedPushEndpoint('http://fcm.googleapis.com/fcm/send/x', prod)).toBe(false);
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com:8443/x', prod)).toBe(false);
    expect(isAllowedPushEndpoint('https://u:p@fcm.googleapis.com/x', prod)).toBe(false);
    expect(isAllowedPushEndpoint('http://localhost:8090/notify/abc', prod)).toBe(false);
    expect(isAllowedPushEndpoint('http://169.254.169.254/latest', prod)).toBe(false);
    expect(isAllowedPushEndpoint('not a url', prod)).toBe(false);
  });

  it('also accepts a push service on this machine outside production (the local test service)', () => {
    expect(isAllowedPushEndpoint('http://localhost:8090/notify/abc', dev)).toBe(true);
    expect(isAllowedPushEndpoint('http://127.0.0.1:8090/notify/abc', dev)).toBe(true);
    expect(isAllowedPushEndpoint('http://10.0.0.5/notify/abc', dev)).toBe(false);
  });
});
