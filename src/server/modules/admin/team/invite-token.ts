import { createHash, randomBytes } from 'node:crypto';

/** A new invite token: the link carries it; the database keeps only its hash. */
export function newInviteToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInviteToken(token) };
}

export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
