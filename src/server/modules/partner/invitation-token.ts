import { createHash, randomBytes } from 'node:crypto';

/** A new invitation secret (256 bits); only its hash is stored. */
export function newInviteToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
