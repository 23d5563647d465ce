import { describe, expect, it } from 'vitest';
import { signInPathFrom } from './auth';

describe('signInPathFrom', () => {
  it('returns the sign-in page a reset link names', () => {
    expect(signInPathFrom('/driver/login')).toBe('/driver/login');
    expect(signInPathFrom('/partner/login')).toBe('/partner/login');
    expect(signInPathFrom('/admin/login')).toBe('/admin/login');
  });

  it("falls back to the customer's sign-in for anything else, so a link cannot send people off the site", () => {
    expect(signInPathFrom(null)).toBe('/auth');
    expect(signInPathFrom('https://evil.example/login')).toBe('/auth');
    expect(signInPathFrom('//evil.example')).toBe('/auth');
    expect(signInPathFrom('/account')).toBe('/auth');
  });
});
