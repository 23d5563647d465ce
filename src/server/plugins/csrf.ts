import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import type { Config } from '../config';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// better-auth's session cookie, with the __Secure- prefix it takes on HTTPS.
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/**
 * The origins our own pages are served from: PUBLIC_URL's, and outside production the local
 * dev origins (the API port and Vite's 5173). better-auth trusts the same list.
 */
export function trustedOrigins(config: Pick<Config, 'publicUrl' | 'production' | 'port'>): string[] {
  const origins = new Set([new URL(config.publicUrl).origin]);
  if (!config.production) {
    for (const host of ['localhost', '127.0.0.1']) {
      origins.add(`http://${host}:${config.port}`);
      origins.add(`http://${host}:5173`);
    }
  }
  return [...origins];
}

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return 'null';
  }
}

/**
 * Whether a write must be refused as cross-site. Only requests that carry the session cookie
 * matter (a request without it acts as a visitor, with nothing of anyone's to abuse). A browser
 * names the page that sent it (Origin on every cross-origin and same-origin POST, Referer as a
 * fallback, Sec-Fetch-Site in current browsers): any of those pointing elsewhere is refused. A
 * request with none of them is not a browser's (server-to-server, tests, curl) and passes:
 * forging a request from another site requires a browser, which always says where it comes from.
 */
export function isCrossSite(request: FastifyRequest, origins: ReadonlySet<string>): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const cookie = request.headers.cookie;
  if (!cookie || !SESSION_COOKIE.test(cookie)) return false;
  const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
  if (origin) return !origins.has(origin);
  const site = request.headers['sec-fetch-site'];
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}

/**
 * CSRF protection for every cookie-authenticated write, /api/auth included: better-auth
 * checks the same origins itself, but switches its check off under NODE_ENV=test, so without
 * this the test suite could never prove it. Runs first, before the session is even read. It looks
 * at no address at all: every route that takes writes is an API route, and a write that matched
 * nothing is refused as well as it would be answered 404, so `/%61pi/…` cannot slip past
 * (docs/decisions/0196-policy-decided-by-the-matched-route.md).
 */
export function registerCsrfCheck(
  app: FastifyInstance,
  config: Pick<Config, 'publicUrl' | 'production' | 'port'>,
): void {
  const origins = new Set(trustedOrigins(config));
  app.addHook('onRequest', async (request) => {
    if (isCrossSite(request, origins)) throw new AppError('FORBIDDEN', 'Cross-site request refused');
  });
}
