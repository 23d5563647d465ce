import { madeOnce } from './made-once';

/** The certifying bodies a partner picks from; "other" carries the body's name. */
export const CERTIFYING_BODIES = ['hmc', 'hfa', 'other'] as const;
export type CertifyingBody = (typeof CERTIFYING_BODIES)[number];
export const CERTIFYING_BODY_LABELS: Record<CertifyingBody, string> = {
  hmc: 'Halal Monitoring Committee',
  hfa: 'Halal Food Authority',
  other: 'Other body',
};

/** The name a customer sees for a certificate's body. */
export function certifyingBodyName(body: CertifyingBody, otherName: string | null | undefined): string {
  return body === 'other' ? otherName?.trim() || 'Other body' : CERTIFYING_BODY_LABELS[body];
}

export const CERTIFICATE_SCOPES = ['whole_menu', 'listed_items'] as const;
export type CertificateScope = (typeof CERTIFICATE_SCOPES)[number];
export const CERTIFICATE_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];
export const CERTIFICATE_STATUS_LABELS: Record<CertificateStatus, string> = {
  pending: 'Awaiting review',
  approved: 'Approved',
  rejected: 'Rejected',
  expired: 'Expired',
};

export const SLAUGHTER_METHODS = ['hand_slaughtered', 'stunned', 'mixed', 'not_stated'] as const;
export type SlaughterMethod = (typeof SLAUGHTER_METHODS)[number];
export const SLAUGHTER_METHOD_LABELS: Record<SlaughterMethod, string> = {
  hand_slaughtered: 'Hand-slaughtered',
  stunned: 'Stunned',
  mixed: 'Mixed',
  not_stated: 'Not stated',
};

export const HALAL_SCOPES = ['whole_menu', 'some_items'] as const;
export type HalalScope = (typeof HALAL_SCOPES)[number];
export const HALAL_SCOPE_LABELS: Record<HalalScope, string> = {
  whole_menu: 'The whole menu is halal',
  some_items: 'Only some items are halal',
};

export type HalalFacts = {
  alcoholServed: boolean;
  porkOnPremises: boolean;
  slaughterMethod: SlaughterMethod;
  halalScope: HalalScope;
};

/** What a location declares before its partner has said anything: nothing is assumed. */
export const DEFAULT_HALAL_FACTS: HalalFacts = {
  alcoholServed: false,
  porkOnPremises: false,
  slaughterMethod: 'not_stated',
  halalScope: 'whole_menu',
};

// Made once: building a DateTimeFormat per call was a twentieth of an uncached search's time.
const LONDON_DATE = madeOnce(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }),
);

let lastDate: { at: number; date: string } | null = null;

/** The London calendar date of an instant, YYYY-MM-DD (certificates expire by date, not by hour). */
export function londonDate(now: Date): string {
  // One request asks for the same instant's date once per card and per offer: formatting is the cost.
  const at = now.getTime();
  if (lastDate?.at !== at) lastDate = { at, date: LONDON_DATE().format(now) };
  return lastDate.date;
}

/** A certificate is current on its expiry date and stops the day after (expires_on is the last valid day). */
export function isCertificateCurrent(cert: { status: CertificateStatus; expiresOn: string }, today: string): boolean {
  return cert.status === 'approved' && cert.expiresOn >= today;
}

/**
 * Checks the dates a partner enters: issued no later than expiry, expiry not already past, issue not
 * ahead. Names the date to correct, so the form shows the message beside it.
 */
export function certificateDatesProblem(
  issuedOn: string,
  expiresOn: string,
  today: string,
): { field: 'issuedOn' | 'expiresOn'; message: string } | null {
  if (issuedOn > expiresOn) return { field: 'expiresOn', message: 'The expiry date must be after the issue date' };
  if (expiresOn < today) return { field: 'expiresOn', message: 'This certificate has already expired' };
  if (issuedOn > today) return { field: 'issuedOn', message: 'The issue date cannot be in the future' };
  return null;
}
