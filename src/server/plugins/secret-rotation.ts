import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { verifiedToken } from '../modules/auth';

/**
 * AUTH_SECRET rotation without signing everyone out (docs/decisions/0230-auth-secret-rotation.md):
 * better-auth signs its session cookies with the current secret only and has no list of older
 * ones for them, so a request whose session cookie the previous secret (AUTH_SECRET_PREVIOUS)
 * signed has that cookie re-signed with the current secret before anything reads it. better-auth
 * then sends the browser a cookie under the new secret at its next daily refresh of the session;
 * once every session has been refreshed or expired (7 days), the previous secret can go.
 */
const SIGNED_COOKIE = /(^|\.)(session_token|dont_remember)$/;

function sign(value: string, secret: string): string {
  return `${value}.${createHmac('sha256', secret).update(value).digest('base64')}`;
}

/** The Cookie header with every better-auth cookie signed by `previous` re-signed by `current`; null when none was. */
export function resignedCookieHeader(header: string, current: string, previous: string): string | null {
  let changed = false;
  const parts = header.split(';').map((part) => {
    const eq = part.indexOf('=');
    if (eq === -1) return part;
    const name = part.slice(0, eq).trim();
    if (!SIGNED_COOKIE.test(name)) return part;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      return part;
    }
    if (verifiedToken(value, current) !== null) return part;
    const token = verifiedToken(value, previous);
    if (token === null) return part;
    changed = true;
    return `${part.slice(0, part.indexOf(name))}${name}=${encodeURIComponent(sign(token, current))}`;
  });
  return changed ? parts.join(';') : null;
}

export function registerSecretRotation(
  app: FastifyInstance,
  secrets: { current: string; previous: string | null },
): void {
  const { current, previous } = secrets;
  if (!previous) return;
  app.addHook('onRequest', async (request) => {
    const header = request.headers.cookie;
    if (!header) return;
    const resigned = resignedCookieHeader(header, current, previous);
    if (resigned !== null) request.headers.cookie = resigned;
  });
}
