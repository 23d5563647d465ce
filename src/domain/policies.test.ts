import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from './contracts/endpoints';
import {
  type Actor,
  POLICIES,
  WORK_IN_PROGRESS,
  adminArea,
  decide,
  homePathFor,
  needsCurrentTerms,
  opensBranch,
  takesNewWork,
} from './policies';

const base: Actor = {
  userId: 'u1',
  email: 'a@b.c',
  name: 'A',
  userType: 'customer',
  status: 'active',
  adminRole: null,
};

describe('decide', () => {
  it('lets anyone through a public policy', () => {
    expect(decide(POLICIES.public, null)).toBe('allow');
  });
  it('answers unauthenticated to a stranger on a protected policy', () => {
    expect(decide(POLICIES.customer, null)).toBe('unauthenticated');
    expect(decide(POLICIES.anyAdmin, null)).toBe('unauthenticated');
  });
  it('forbids a customer from partner, driver and admin policies', () => {
    expect(decide(POLICIES.partner, base)).toBe('forbidden');
    expect(decide(POLICIES.driver, base)).toBe('forbidden');
    expect(decide(POLICIES.anyAdmin, base)).toBe('forbidden');
  });
  it('lets only approved drivers through the approved-driver policy', () => {
    const pending: Actor = { ...base, userType: 'driver', status: 'pending' };
    expect(decide(POLICIES.driver, pending)).toBe('allow');
    expect(decide(POLICIES.approvedDriver, pending)).toBe('forbidden');
    expect(decide(POLICIES.approvedDriver, { ...pending, status: 'approved' })).toBe('allow');
  });
  it('checks the admin role against the area table', () => {
    const agent: Actor = { ...base, userType: 'admin', adminRole: 'cs_agent' };
    expect(decide(adminArea('tickets'), agent)).toBe('allow');
    expect(decide(adminArea('drivers'), agent)).toBe('forbidden');
    expect(decide(adminArea('audit'), { ...agent, adminRole: 'ops_manager' })).toBe('forbidden');
    expect(decide(adminArea('audit'), { ...agent, adminRole: 'super_admin' })).toBe('allow');
  });
});

describe('homePathFor', () => {
  it('sends each kind of user where docs/product/README.md#accounts says', () => {
    expect(homePathFor({ userType: 'customer', status: 'active', adminRole: null })).toBe('/');
    expect(homePathFor({ userType: 'partner', status: null, adminRole: null })).toBe('/partner/dashboard');
    expect(homePathFor({ userType: 'admin', status: null, adminRole: 'finance' })).toBe('/admin/dashboard');
    expect(homePathFor({ userType: 'driver', status: 'approved', adminRole: null })).toBe('/driver/jobs');
    expect(homePathFor({ userType: 'driver', status: 'pending', adminRole: null })).toBe('/driver/onboarding');
    expect(homePathFor({ userType: 'driver', status: 'rejected', adminRole: null })).toBe('/driver/onboarding');
    expect(homePathFor({ userType: 'driver', status: null, adminRole: null })).toBe('/driver/onboarding');
  });
});

describe('needsCurrentTerms', () => {
  it('asks for the current terms on partner and approved-driver writes only', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(needsCurrentTerms(POLICIES.partner, method)).toBe(true);
      expect(needsCurrentTerms(POLICIES.approvedDriver, method)).toBe(true);
    }
  });

  it('never asks to finish taken work, stop working or get paid, but does to take new work', () => {
    const driver = POLICIES.approvedDriver;
    expect(needsCurrentTerms(driver, 'POST', '/api/driver/jobs/:jobId/complete')).toBe(false);
    expect(needsCurrentTerms(driver, 'POST', '/api/driver/jobs/:jobId/arrival')).toBe(false);
    expect(needsCurrentTerms(POLICIES.partner, 'POST', '/api/partner/orders/:orderId/actions')).toBe(false);
    expect(needsCurrentTerms(driver, 'POST', '/api/driver/jobs/:jobId/accept')).toBe(true);
    expect(needsCurrentTerms(POLICIES.partner, 'POST', '/api/partner/brands')).toBe(true);
    expect(needsCurrentTerms(POLICIES.partner, 'POST', '/api/partner/brands/:brandId/sites')).toBe(true);
  });

  it('names only real partner and approved-driver writes as work in progress', () => {
    const writes = new Set(
      Object.values(ENDPOINTS)
        .flatMap((area) => Object.values(area))
        .filter((e) => needsCurrentTerms(e.policy, e.method))
        .map((e) => `${e.method} ${e.path}`),
    );
    for (const route of WORK_IN_PROGRESS) expect(writes.has(route), route).toBe(true);
  });

  it('leaves reads, applications, customers, staff and the signed-in routes (the terms themselves) alone', () => {
    expect(needsCurrentTerms(POLICIES.partner, 'GET')).toBe(false);
    expect(needsCurrentTerms(POLICIES.approvedDriver, 'HEAD')).toBe(false);
    expect(needsCurrentTerms(POLICIES.driver, 'POST')).toBe(false);
    expect(needsCurrentTerms(POLICIES.customer, 'POST')).toBe(false);
    expect(needsCurrentTerms(POLICIES.signedIn, 'POST')).toBe(false);
    expect(needsCurrentTerms(POLICIES.anyAdmin, 'POST')).toBe(false);
    expect(needsCurrentTerms(adminArea('settings'), 'PUT')).toBe(false);
  });
});

describe('takesNewWork and opensBranch', () => {
  const now = new Date('2026-11-28T20:00:00Z');
  it('counts going online, not going offline', () => {
    expect(takesNewWork({ isOnline: true })).toBe(true);
    expect(takesNewWork({ isOnline: false })).toBe(false);
  });

  it('counts opening a closed branch and ending a pause early, not closing, pausing or editing an open one', () => {
    const open = { isOpen: true, pausedUntil: null };
    const closed = { isOpen: false, pausedUntil: null };
    const paused = { isOpen: true, pausedUntil: new Date('2026-11-28T21:00:00Z') };
    expect(opensBranch(closed, { isOpen: true }, now)).toBe(true);
    expect(opensBranch(paused, { pausedUntil: null }, now)).toBe(true);
    expect(opensBranch(open, { isOpen: false }, now)).toBe(false);
    expect(opensBranch(open, { isOpen: true }, now)).toBe(false);
    expect(opensBranch(open, { pausedUntil: '2026-11-28T21:00:00Z' }, now)).toBe(false);
    expect(
      opensBranch({ isOpen: true, pausedUntil: new Date('2026-11-28T19:00:00Z') }, { pausedUntil: null }, now),
    ).toBe(false);
  });
});
