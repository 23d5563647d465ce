import type { HalalStatus } from './halal';
import type { HalalEvidence } from './halal-status';

const today = '2026-11-25';
const approved = (expiresOn: string) => ({ status: 'approved' as const, expiresOn });
const of = (status: 'pending' | 'rejected' | 'expired', expiresOn = '2027-06-30') => ({ status, expiresOn });

/**
 * The table of cases both tests of the halal status rule run: the domain function's own
 * (halal-status.test.ts) and its SQL twin's (server/modules/halal/halal-status-sql.test.ts).
 */
export const HALAL_STATUS_CASES: { name: string; evidence: HalalEvidence; today: string; status: HalalStatus }[] = [
  { name: 'no certificate', evidence: { suspended: false, certificates: [] }, today, status: 'self-declared' },
  {
    name: 'only a rejected certificate',
    evidence: { suspended: false, certificates: [of('rejected')] },
    today,
    status: 'self-declared',
  },
  {
    name: 'an approved certificate valid for a year',
    evidence: { suspended: false, certificates: [approved('2027-11-24')] },
    today,
    status: 'verified',
  },
  {
    name: 'an approved certificate on its last valid day',
    evidence: { suspended: false, certificates: [approved(today)] },
    today,
    status: 'verified',
  },
  {
    name: 'an approved certificate the day after its last valid day (sweeper not yet run)',
    evidence: { suspended: false, certificates: [approved('2026-11-24')] },
    today,
    status: 'temp-unverified',
  },
  {
    name: 'a certificate marked expired',
    evidence: { suspended: false, certificates: [of('expired', '2026-10-31')] },
    today,
    status: 'temp-unverified',
  },
  {
    name: 'a first certificate awaiting review',
    evidence: { suspended: false, certificates: [of('pending')] },
    today,
    status: 'temp-unverified',
  },
  {
    name: 'a renewal awaiting review beside a current certificate',
    evidence: { suspended: false, certificates: [approved('2026-12-10'), of('pending')] },
    today,
    status: 'verified',
  },
  {
    name: 'an expired certificate and a current renewal',
    evidence: { suspended: false, certificates: [of('expired', '2026-01-31'), approved('2027-01-31')] },
    today,
    status: 'verified',
  },
  {
    name: 'a rejected renewal after an expired certificate',
    evidence: { suspended: false, certificates: [of('expired', '2026-01-31'), of('rejected')] },
    today,
    status: 'temp-unverified',
  },
  {
    name: 'suspended with a current certificate',
    evidence: { suspended: true, certificates: [approved('2027-11-24')] },
    today,
    status: 'suspended',
  },
  { name: 'suspended with nothing', evidence: { suspended: true, certificates: [] }, today, status: 'suspended' },
  {
    name: 'London midnight: the last valid day, then the next',
    evidence: { suspended: false, certificates: [approved('2026-03-28')] },
    today: '2026-03-29',
    status: 'temp-unverified',
  },
];
