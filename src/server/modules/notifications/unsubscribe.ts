import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../../domain/errors';
import { type GridDeliveryChannel, isPreferenceKind, notificationKindLabel } from '../../../domain/notifications';
import type { Db } from '../../db/client';
import { setPreferences } from './preferences';

type Subject = { userId: string; channel: GridDeliveryChannel; kind: string };

function same(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

function signature(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');
}

/**
 * The token of an e-mail's unsubscribe link: who, which channel, which kind, signed with the
 * server's secret, so the link works without signing in and cannot be forged for anyone else
 * (docs/decisions/0141-notification-preferences.md).
 */
export function unsubscribeToken(secret: string, s: Subject): string {
  const payload = Buffer.from(JSON.stringify([s.userId, s.channel, s.kind])).toString('base64url');
  return `${payload}.${signature(secret, payload)}`;
}

function readToken(secret: string, token: string): Subject | null {
  const [payload, sig] = token.split('.');
  if (!payload || !sig || !same(signature(secret, payload), sig)) return null;
  try {
    const [userId, channel, kind] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown[];
    if (typeof userId !== 'string' || typeof kind !== 'string' || !isPreferenceKind(kind)) return null;
    if (channel !== 'email' && channel !== 'push' && channel !== 'sms') return null;
    return { userId, channel, kind };
  } catch {
    return null;
  }
}

/** Turns off the one switch the link names (docs/product/orders.md#notifications); repeating it changes nothing. */
export async function unsubscribe(
  db: Db,
  secret: string,
  token: string,
): Promise<{ kind: string; channel: GridDeliveryChannel }> {
  const subject = readToken(secret, token);
  if (!subject) throw new AppError('VALIDATION_ERROR', 'This unsubscribe link is not valid');
  await setPreferences(db, subject.userId, [{ channel: subject.channel, kind: subject.kind, enabled: false }]);
  return { kind: notificationKindLabel(subject.kind), channel: subject.channel };
}
