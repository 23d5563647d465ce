import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url';

describe('redactUrl keeps secrets out of logged URLs', () => {
  it('hides the values of token-like query parameters and keeps the others', () => {
    expect(redactUrl('/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.abc.def&callbackURL=%2Fauth%2Fcallback')).toBe(
      '/api/auth/verify-email?token=[redacted]&callbackURL=%2Fauth%2Fcallback',
    );
    expect(redactUrl('/api/events?topics=order%3A1&orderToken=q1w2e3r4t5')).toBe(
      '/api/events?topics=order%3A1&orderToken=[redacted]',
    );
    expect(redactUrl('/order/HN-20261128-0042?token=abc')).toBe('/order/HN-20261128-0042?token=[redacted]');
    expect(redactUrl('/restaurants/london?q=lamb+biryani&page=2')).toBe('/restaurants/london?q=lamb+biryani&page=2');
    expect(redactUrl('/api/restaurants?postcode=E1+6AN&unsubscribe=1&code=4821')).toBe(
      '/api/restaurants?postcode=E1+6AN&unsubscribe=1&code=[redacted]',
    );
  });

  it('hides path segments that are tokens, keeps ids and slugs', () => {
    expect(redactUrl('/api/auth/reset-password/Ab3dEf6hIj9kLm2nOp5qRs8t?callbackURL=%2Freset-password')).toBe(
      '/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password',
    );
    expect(redactUrl('/api/partner/sites/3f2b9c1e-8d4a-4b7e-9c2d-1a2b3c4d5e6f/orders')).toBe(
      '/api/partner/sites/3f2b9c1e-8d4a-4b7e-9c2d-1a2b3c4d5e6f/orders',
    );
    expect(redactUrl('/restaurant/shahi-grill-whitechapel-london-e1')).toBe(
      '/restaurant/shahi-grill-whitechapel-london-e1',
    );
    expect(redactUrl('/reset-password')).toBe('/reset-password');
  });
});
