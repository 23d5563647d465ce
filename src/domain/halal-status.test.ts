import { describe, expect, it } from 'vitest';
import { HALAL_STATUS_CASES } from './halal-status-cases';
import { certificateRenewsSoon, daysBetween, deriveHalalStatus } from './halal-status';

const today = '2026-11-25';
const approved = (expiresOn: string) => ({ status: 'approved' as const, expiresOn });
const of = (status: 'pending' | 'expired', expiresOn = '2027-06-30') => ({ status, expiresOn });

describe('deriveHalalStatus', () => {
  it.each(HALAL_STATUS_CASES)('$name → $status', ({ evidence, today: day, status }) => {
    expect(deriveHalalStatus(evidence, day)).toBe(status);
  });
  it('never says verified without an approved certificate current today', () => {
    for (const c of HALAL_STATUS_CASES) {
      const verified = deriveHalalStatus(c.evidence, c.today) === 'verified';
      const proven =
        !c.evidence.suspended && c.evidence.certificates.some((x) => x.status === 'approved' && x.expiresOn >= c.today);
      expect(verified, c.name).toBe(proven);
    }
  });
});

describe('certificateRenewsSoon', () => {
  it('says so when the current certificate lapses within 30 days', () => {
    expect(certificateRenewsSoon([approved('2026-12-25')], today)).toBe(true);
    expect(certificateRenewsSoon([approved(today)], today)).toBe(true);
  });
  it('stays quiet with more than 30 days left, a later certificate, a renewal under review, or none current', () => {
    expect(certificateRenewsSoon([approved('2026-12-26')], today)).toBe(false);
    expect(certificateRenewsSoon([approved('2026-12-01'), approved('2027-12-01')], today)).toBe(false);
    expect(certificateRenewsSoon([approved('2026-12-01'), of('pending')], today)).toBe(false);
    expect(certificateRenewsSoon([of('expired', '2026-11-01')], today)).toBe(false);
  });
  it('counts whole London days', () => {
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween(today, '2026-12-25')).toBe(30);
  });
});
