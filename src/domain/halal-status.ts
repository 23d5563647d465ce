import type { HalalStatus } from './halal';
import type { CertificateStatus } from './halal-facts';

/** What a location's halal status is derived from: its certificates and whether a suspension stands. */
export type HalalEvidence = {
  /** A halal verifier suspended the location and has not reinstated it. */
  suspended: boolean;
  certificates: readonly { status: CertificateStatus; expiresOn: string }[];
};

/**
 * The one rule for the halal status a customer, partner or admin sees (docs/decisions/0100-halal-status-derived.md),
 * for `today` as a London calendar date (YYYY-MM-DD):
 * - suspended while a suspension stands;
 * - verified with an approved certificate whose last valid day (expires_on) is today or later;
 * - temp-unverified ("Verification Pending") while a certificate awaits review, or once an
 *   approved one has run out (approved past its date, or marked expired by the sweeper);
 * - self-declared otherwise (no certificate, or only rejected ones).
 * The SQL twin is server/modules/halal/halal-status-sql.ts; a test proves they agree.
 */
export function deriveHalalStatus(evidence: HalalEvidence, today: string): HalalStatus {
  if (evidence.suspended) return 'suspended';
  const certs = evidence.certificates;
  if (certs.some((c) => c.status === 'approved' && c.expiresOn >= today)) return 'verified';
  // Any approved one left here is past its date.
  if (certs.some((c) => c.status === 'pending' || c.status === 'approved' || c.status === 'expired'))
    return 'temp-unverified';
  return 'self-declared';
}

/** Days a certificate has left before it lapses; "Certificate renews soon" shows within this window. */
export const RENEWS_SOON_DAYS = 30;

/** Whole days from one London date to another (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The partner's reminder: the location's current certificate (the one lasting longest) lapses
 * within RENEWS_SOON_DAYS and no renewal awaits review.
 */
export function certificateRenewsSoon(
  certificates: readonly { status: CertificateStatus; expiresOn: string }[],
  today: string,
): boolean {
  const current = certificates.filter((c) => c.status === 'approved' && c.expiresOn >= today);
  if (!current.length || certificates.some((c) => c.status === 'pending')) return false;
  const last = current.reduce((a, b) => (a.expiresOn >= b.expiresOn ? a : b));
  return daysBetween(today, last.expiresOn) <= RENEWS_SOON_DAYS;
}
