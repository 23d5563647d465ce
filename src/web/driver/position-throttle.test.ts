import { describe, expect, it } from 'vitest';
import { shouldSend } from './position-throttle';

const A = { lat: 51.52, lng: -0.07 };
// About 111 m north of A.
const B = { lat: 51.521, lng: -0.07 };
// About 11 m north of A.
const C = { lat: 51.5201, lng: -0.07 };

describe('shouldSend', () => {
  it('sends the first fix at once', () => {
    expect(shouldSend(null, A, 0)).toBe(true);
  });
  it('waits 10 s while the driver stays put', () => {
    const last = { position: A, at: 0 };
    expect(shouldSend(last, C, 9_999)).toBe(false);
    expect(shouldSend(last, C, 10_000)).toBe(true);
  });
  it('sends sooner after 50 m of movement, but never twice within 2 s', () => {
    const last = { position: A, at: 0 };
    expect(shouldSend(last, B, 1_000)).toBe(false);
    expect(shouldSend(last, B, 2_000)).toBe(true);
  });
});
