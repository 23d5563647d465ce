/**
 * The dispatcher's offers as the product shows and judges them (docs/product/driver.md#offers,
 * docs/decisions/0273-dispatcher-offers-in-the-product.md): who has been tried for a job, the
 * countdown's words, the decline reasons. The policy itself (who, when, stacking) is domain/dispatch.ts.
 */

/** How a city's jobs reach drivers (docs/product/admin.md#dispatch-mode). */
export const DISPATCH_MODES = ['board', 'dispatcher'] as const;
export type DispatchMode = (typeof DISPATCH_MODES)[number];
export const DISPATCH_MODE_LABELS: Record<DispatchMode, string> = {
  board: 'Jobs board',
  dispatcher: 'Dispatcher (offers to one driver at a time)',
};

export const DECLINE_REASONS = ['too_far', 'pay_too_low', 'on_a_break', 'vehicle', 'other'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];
export const DECLINE_REASON_LABELS: Record<DeclineReason, string> = {
  too_far: 'Too far away',
  pay_too_low: 'Pay too low',
  on_a_break: 'Taking a break',
  vehicle: 'Not right for my vehicle',
  other: 'Another reason',
};

export const OFFER_STATUSES = ['offered', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const OFFER_MESSAGES = {
  notFound: 'Offer not found',
  ended: 'This offer has ended',
  offline: 'Go online to accept offers',
  noteTooLong: 'Keep the note under 200 characters',
} as const;

/** Decliners are asked again this long after the first refusal (docs/decisions/0259-dispatcher-offers-one-driver-at-a-time.md). */
export const ASK_AGAIN_AFTER_MS = 3 * 60_000;

/** One earlier offer of a job: who, and when they declined or let it run out (null while open or accepted). */
export type PastOffer = { driverId: string; refusedAt: number | null };

/**
 * The drivers not to offer a job to now: those who declined it or let it run out in the current
 * three-minute spell counted from the first refusal. Once a spell ends, everyone in reach may be asked
 * again; a driver who refuses again is left out for the rest of the new spell.
 */
export function triedDrivers(past: readonly PastOffer[], now: number, askAgainMs = ASK_AGAIN_AFTER_MS): Set<string> {
  const refusals = past.filter((p): p is { driverId: string; refusedAt: number } => p.refusedAt !== null);
  if (!refusals.length) return new Set();
  const first = Math.min(...refusals.map((r) => r.refusedAt));
  const spellStart = first + Math.floor(Math.max(0, now - first) / askAgainMs) * askAgainMs;
  return new Set(refusals.filter((r) => r.refusedAt >= spellStart).map((r) => r.driverId));
}

/** Whole seconds left to accept (never below zero). */
export function secondsLeft(expiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

/** The countdown in words, for the card and for screen readers. */
export function countdownText(seconds: number): string {
  if (seconds <= 0) return 'Time is up';
  return seconds === 1 ? '1 second left to accept' : `${seconds} seconds left to accept`;
}

/**
 * When a screen reader hears the countdown: at the start, at 20 and 10 seconds, and at 5 or fewer,
 * not every second (an aria-live region read every second drowns everything else).
 */
export function announceCountdown(seconds: number, total: number): boolean {
  return seconds === total || seconds === 20 || seconds === 10 || (seconds <= 5 && seconds >= 0);
}
