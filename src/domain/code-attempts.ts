/**
 * How many times a 4-digit hand-over code may be tried on one delivery job
 * (docs/decisions/0203-secret-check-limits.md): the restaurant typing the driver's pickup code, the
 * driver typing the customer's delivery code. 5 tries, then one try per 15 minutes, and after 10
 * wrong tries in a row the code is locked until support acts; the right code starts the count afresh.
 * At most 10 guesses of 10,000: a 1 in 1,000 chance, not a brute force.
 */
export const CODE_FREE_TRIES = 5;
export const CODE_WAIT_MINUTES = 15;
export const CODE_MAX_TRIES = 10;

export type CodeTryVerdict = 'allowed' | 'wait' | 'locked';

/** Whether one more try is allowed after `failures` wrong tries in a row, the last at `lastFailedAt`. */
export function codeTryVerdict(failures: number, lastFailedAt: Date | null, now: Date): CodeTryVerdict {
  if (failures < CODE_FREE_TRIES) return 'allowed';
  if (failures >= CODE_MAX_TRIES) return 'locked';
  const waited = !lastFailedAt || now.getTime() - lastFailedAt.getTime() >= CODE_WAIT_MINUTES * 60_000;
  return waited ? 'allowed' : 'wait';
}

/** The restaurant's words for the pickup code (docs/product/partner.md#orders-console). */
export const PICKUP_CODE_MESSAGES = {
  invalid: "Invalid pickup code. Please check the driver's 4-digit code.",
  wait: `Too many wrong pickup codes. Please wait ${CODE_WAIT_MINUTES} minutes and check the code on the driver's screen again.`,
  locked: 'Too many wrong pickup codes. The code is locked: please contact HalalNosh support.',
} as const;
