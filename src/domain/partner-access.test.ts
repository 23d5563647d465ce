import { describe, expect, it } from 'vitest';
import { canManageBrand, inviteExpiry, inviteStatus } from './partner-access';

describe('canManageBrand', () => {
  it('lets owners and admins run the brand, not site managers', () => {
    expect(canManageBrand('owner')).toBe(true);
    expect(canManageBrand('admin')).toBe(true);
    expect(canManageBrand('site_manager')).toBe(false);
    expect(canManageBrand(null)).toBe(false);
  });
});

describe('inviteStatus', () => {
  const now = new Date('2026-03-10T12:00:00Z');

  it('reads a pending invitation past its expiry as expired', () => {
    expect(inviteStatus({ status: 'pending', expiresAt: new Date('2026-03-10T11:59:59Z') }, now)).toBe('expired');
    expect(inviteStatus({ status: 'pending', expiresAt: now }, now)).toBe('expired');
  });

  it('keeps pending before expiry and leaves final statuses alone', () => {
    expect(inviteStatus({ status: 'pending', expiresAt: new Date('2026-03-11T00:00:00Z') }, now)).toBe('pending');
    expect(inviteStatus({ status: 'accepted', expiresAt: new Date(0) }, now)).toBe('accepted');
    expect(inviteStatus({ status: 'revoked', expiresAt: new Date(0) }, now)).toBe('revoked');
  });
});

describe('inviteExpiry', () => {
  it('is seven days later', () => {
    expect(inviteExpiry(new Date('2026-03-01T09:00:00Z')).toISOString()).toBe('2026-03-08T09:00:00.000Z');
  });
});
