import { describe, expect, it } from 'vitest';
import { STREAM_ENDINGS, reconnectsAfter, refusalIsFinal } from './live-stream-end';

describe('after the server ends a live stream', () => {
  it('the browser stops when its session is gone or a topic is no longer its own', () => {
    expect(reconnectsAfter('signed_out')).toBe(false);
    expect(reconnectsAfter('forbidden')).toBe(false);
  });

  it('the browser reconnects at once when only the role or status moved, the process is stopping, or the reason is unknown', () => {
    expect(reconnectsAfter('access_changed')).toBe(true);
    expect(reconnectsAfter('server_stopping')).toBe(true);
    expect(reconnectsAfter(undefined)).toBe(true);
    expect(STREAM_ENDINGS.filter(reconnectsAfter)).toEqual(['access_changed', 'server_stopping']);
  });

  it('a 401 or 403 refusal is final; a server error or a lost connection is retried', () => {
    expect([401, 403].map(refusalIsFinal)).toEqual([true, true]);
    expect([0, 429, 500, 502, 503].map(refusalIsFinal)).toEqual([false, false, false, false, false]);
  });
});
