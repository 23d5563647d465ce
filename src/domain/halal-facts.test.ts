import { describe, expect, it } from 'vitest';
import {
  certificateDatesProblem,
  certifyingBodyName,
  isCertificateCurrent,
  londonDate,
  nextHalalStatus,
} from './halal-facts';

const none = { hasCurrentCertificate: false, everApproved: false };

describe('nextHalalStatus', () => {
  it('verifies a self-declared location when a certificate is approved', () => {
    expect(nextHalalStatus('self-declared', 'approve', none)).toBe('verified');
    expect(nextHalalStatus('temp-unverified', 'approve', none)).toBe('verified');
  });
  it('keeps a suspended location suspended when a certificate is approved', () => {
    expect(nextHalalStatus('suspended', 'approve', none)).toBeNull();
  });
  it('moves only a verified location to temp-unverified on expiry, and only without another current certificate', () => {
    expect(nextHalalStatus('verified', 'expire', none)).toBe('temp-unverified');
    expect(nextHalalStatus('verified', 'expire', { hasCurrentCertificate: true, everApproved: true })).toBeNull();
    expect(nextHalalStatus('self-declared', 'expire', none)).toBeNull();
    expect(nextHalalStatus('suspended', 'expire', none)).toBeNull();
  });
  it('suspends any status once', () => {
    expect(nextHalalStatus('verified', 'suspend', none)).toBe('suspended');
    expect(nextHalalStatus('suspended', 'suspend', none)).toBeNull();
  });
  it('reinstates to what the certificates support', () => {
    expect(nextHalalStatus('suspended', 'reinstate', { hasCurrentCertificate: true, everApproved: true })).toBe(
      'verified',
    );
    expect(nextHalalStatus('suspended', 'reinstate', { hasCurrentCertificate: false, everApproved: true })).toBe(
      'temp-unverified',
    );
    expect(nextHalalStatus('suspended', 'reinstate', none)).toBe('self-declared');
    expect(nextHalalStatus('verified', 'reinstate', none)).toBeNull();
  });
});

describe('certificates', () => {
  it('is current up to and including its expiry date', () => {
    expect(isCertificateCurrent({ status: 'approved', expiresOn: '2030-01-31' }, '2030-01-31')).toBe(true);
    expect(isCertificateCurrent({ status: 'approved', expiresOn: '2030-01-31' }, '2030-02-01')).toBe(false);
    expect(isCertificateCurrent({ status: 'pending', expiresOn: '2030-01-31' }, '2030-01-01')).toBe(false);
  });
  it('takes the London date, not the UTC one', () => {
    expect(londonDate(new Date('2030-06-30T23:30:00Z'))).toBe('2030-07-01');
    expect(londonDate(new Date('2030-12-31T23:30:00Z'))).toBe('2030-12-31');
  });
  it('refuses impossible dates', () => {
    expect(certificateDatesProblem('2030-02-01', '2030-01-01', '2029-01-01')).toMatch(/after the issue/);
    expect(certificateDatesProblem('2020-01-01', '2020-12-31', '2021-01-01')).toMatch(/expired/);
    expect(certificateDatesProblem('2021-01-01', '2022-01-01', '2021-06-01')).toBeNull();
  });
  it('names another body by its own name', () => {
    expect(certifyingBodyName('hmc', null)).toBe('Halal Monitoring Committee');
    expect(certifyingBodyName('other', 'Shariah Board UK')).toBe('Shariah Board UK');
  });
});
