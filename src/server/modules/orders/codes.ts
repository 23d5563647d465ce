import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** A 4-digit hand-over code from the CSPRNG ("0042" included). */
export function fourDigitCode(): string {
  return randomInt(0, 10_000).toString().padStart(4, '0');
}

/**
 * A visitor's order token: HMAC of the order id under the server secret. Only its hash is stored;
 * deriving it (rather than drawing it at random) lets an idempotent replay hand the placing
 * browser the same token again.
 */
export function visitorTokenFor(secret: string, orderId: string): string {
  return createHmac('sha256', secret).update(`order-token:${orderId}`).digest('base64url');
}

/** Compares two short secrets in constant time. */
export function sameSecret(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
}

/** The fingerprint of an order request: who sent it and exactly what (after the contract's parse). */
export function requestFingerprint(callerId: string | null, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify({ caller: callerId, body }))
    .digest('hex');
}
