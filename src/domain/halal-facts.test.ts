import { describe, expect, it } from 'vitest';
import { certificateDatesProblem, certifyingBodyName, isCertificateCurrent, londonDate } from './halal-facts';

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
    expect(certificateDatesProblem('2030-02-01', '2030-01-01', '2029-01-01')).toEqual({
      field: 'expiresOn',
      message: 'The expiry date must be after the issue date',
    });
    expect(certificateDatesProblem('2020-01-01', '2020-12-31', '2021-01-01')).toEqual({
      field: 'expiresOn',
      message: 'This certificate has already expired',
    });
    expect(certificateDatesProblem('2021-07-01', '2022-01-01', '2021-06-01')).toEqual({
      field: 'issuedOn',
      message: 'The issue date cannot be in the future',
    });
    expect(certificateDatesProblem('2021-01-01', '2022-01-01', '2021-06-01')).toBeNull();
  });
  it('names another body by its own name', () => {
    expect(certifyingBodyName('hmc', null)).toBe('Halal Monitoring Committee');
    expect(certifyingBodyName('other', 'Shariah Board UK')).toBe('Shariah Board UK');
  });
});
