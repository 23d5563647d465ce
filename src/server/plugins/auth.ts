import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { AppError, type ErrorBody, type ErrorCode } from '../../domain/errors';
import { authEndpoints } from '../../domain/contracts/auth/endpoints';
import { type Actor, type Policy, TERMS_NOT_ACCEPTED_MESSAGE, decide, needsCurrentTerms } from '../../domain/policies';
import { matchedEndpoint, route } from '../http/route';
import { type Auth, RESET_REQUEST_PATH, answerResetRequest, resolveActor, sessionActor } from '../modules/auth';
import { mustAcceptTerms } from '../modules/account';
import type { Db } from '../db/client';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route; every /api route must declare one. */
    policy?: Policy;
  }
  interface FastifyRequest {
    /** The signed-in caller, resolved once per request (null for a visitor). */
    actor: Actor | null;
  }
}

const AUTH_ERROR_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  422: 'CONFLICT',
  429: 'RATE_LIMITED',
};

/**
 * better-auth's error codes that have a code of our own, so a client branches on the code and
 * never on the words (docs/decisions/0221-forms-branch-on-codes-and-paths.md).
 */
const AUTH_OWN_CODES: Record<string, ErrorCode> = {
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_CONFIRMED',
};

/** better-auth's error texts, in the words the sign-in screens use (docs/product/customer.md#sign-in). */
function authMessage(status: number, message: string): string {
  if (/already exists/i.test(message)) return 'This email is already registered. Please sign in instead.';
  if (status === 429) return 'Too many attempts. Please wait a minute and try again.';
  return message;
}

/** The field of the sign-up and sign-in forms a better-auth error code is about, so the form shows it there. */
const AUTH_ERROR_FIELDS: Record<string, string> = {
  USER_ALREADY_EXISTS: 'email',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email',
  INVALID_EMAIL: 'email',
  PASSWORD_TOO_SHORT: 'password',
  PASSWORD_TOO_LONG: 'password',
};

/** The session token lives only in the httpOnly cookie; it is taken out of JSON bodies. */
function withoutSessionToken(text: string): string {
  if (!text.includes('"token"')) return text;
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    if (parsed && typeof parsed === 'object' && 'token' in parsed) {
      delete parsed.token;
      return JSON.stringify(parsed);
    }
  } catch {
    // not JSON
  }
  return text;
}

/**
 * The address better-auth is handed: the mount's path with the sub-path the router matched,
 * re-encoded, and the query string; never the raw address, whose escapes and dot segments
 * better-auth's own router and rate limiter would read differently from ours
 * (docs/decisions/0196-policy-decided-by-the-matched-route.md). Null for a sub-path with an
 * empty, `.` or `..` segment, which names no better-auth endpoint.
 */
export function mountAddress(request: FastifyRequest): string | null {
  const rest = (request.params as Record<string, string | undefined>)['*'] ?? '';
  const segments = rest.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return null;
  const query = request.url.indexOf('?');
  return `/api/auth/${segments.map(encodeURIComponent).join('/')}${query >= 0 ? request.url.slice(query) : ''}`;
}

/**
 * The current actor of a request, from the better-auth session cookie: one prepared statement
 * while the session only needs reading, better-auth's getSession when it would expire or extend
 * the session (docs/decisions/0184-one-statement-session-lookup.md).
 */
export async function actorOf(auth: Auth, db: Db, request: FastifyRequest): Promise<Actor | null> {
  // Sessions travel only in the cookie (no bearer plugin): without one there is nobody to look up.
  if (!request.headers.cookie) return null;
  const fast = await sessionActor(auth, db, request.headers.cookie);
  if (fast !== undefined) return fast;
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  return resolveActor(db, session.user);
}

/**
 * Mounts better-auth on /api/auth/*, resolves the actor of every API request and enforces each
 * route's policy before validation: a stranger gets 401 and a wrong role 403 whatever they send.
 * A partner's or approved driver's write also needs the current terms version accepted, or it is
 * a 403 TERMS_NOT_ACCEPTED (docs/decisions/0154-terms-acceptance.md).
 */
export function registerAuth(app: FastifyInstance, auth: Auth, db: Db, publicUrl: string): void {
  app.decorateRequest('actor', null);

  // better-auth's mount answers for itself (its routes are public); its requests need no actor.
  const mountEndpoints = new Set<unknown>([authEndpoints.mountGet, authEndpoints.mountPost]);
  app.addHook('onRequest', async (request) => {
    // The matched route's contract, never the address: `/%61pi/admin/drivers` is routed to
    // /api/admin/drivers and must meet its policy (docs/decisions/0196-policy-decided-by-the-matched-route.md).
    const endpoint = matchedEndpoint(request);
    if (!endpoint || mountEndpoints.has(endpoint)) return;
    const policy = request.routeOptions.config.policy ?? endpoint.policy;
    request.actor = await actorOf(auth, db, request);
    const decision = decide(policy, request.actor);
    if (decision === 'unauthenticated') throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    if (decision === 'forbidden') throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
    if (
      needsCurrentTerms(policy, request.method, request.routeOptions.url) &&
      (await mustAcceptTerms(db, request.actor!))
    ) {
      throw new AppError('TERMS_NOT_ACCEPTED', TERMS_NOT_ACCEPTED_MESSAGE);
    }
  });

  // better-auth validates its own requests: the mount's contract declares no schema of ours.
  // better-auth is handed the canonical address of what the router matched (docs/decisions/0196-policy-decided-by-the-matched-route.md).
  const toAuth = (request: FastifyRequest, address: string) => {
    const headers = fromNodeHeaders(request.headers);
    // The client IP as Fastify sees it (trustProxy aware); a client-sent value is overwritten.
    headers.set('x-halalnosh-client-ip', request.ip);
    const hasBody = request.method !== 'GET' && request.body !== undefined;
    return auth.handler(
      new Request(new URL(address, publicUrl), {
        method: request.method,
        headers,
        body: hasBody ? JSON.stringify(request.body) : undefined,
      }),
    );
  };
  const mount = async (request: FastifyRequest, reply: FastifyReply) => {
    const address = mountAddress(request);
    if (!address) throw new AppError('NOT_FOUND', 'Not found');
    // The same answer, after the same steps, for a known and an unknown address (docs/decisions/0204-password-reset-tokens-and-timing.md).
    if (request.method === 'POST' && address.split('?')[0] === RESET_REQUEST_PATH) {
      const forward = (r: FastifyRequest) => toAuth(r, address);
      return answerResetRequest({ db, background: app.deps.background, forward }, request, reply);
    }
    const response = await toAuth(request, address);
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    const retry = response.headers.get('x-retry-after');
    if (retry) reply.header('retry-after', retry);
    const text = await response.text();
    if (response.status >= 400) {
      let message = response.statusText || 'Request failed';
      let authCode: string | undefined;
      try {
        const parsed = JSON.parse(text) as { message?: string; code?: string };
        if (parsed.message) message = parsed.message;
        if (typeof parsed.code === 'string') authCode = parsed.code;
      } catch {
        // not JSON: keep the status text
      }
      const code =
        (authCode ? AUTH_OWN_CODES[authCode] : undefined) ??
        AUTH_ERROR_CODES[response.status] ??
        (response.status >= 500 ? 'INTERNAL' : 'VALIDATION_ERROR');
      const readable = authMessage(response.status, message);
      const field = authCode ? AUTH_ERROR_FIELDS[authCode] : undefined;
      const body: ErrorBody = field
        ? { error: { code, message: readable, fields: [{ in: 'body', path: field, message: readable }] } }
        : { error: { code, message: readable } };
      reply.header('content-type', 'application/json; charset=utf-8');
      return reply.send(body);
    }
    return reply.send(withoutSessionToken(text));
  };
  route(app, authEndpoints.mountGet, mount);
  route(app, authEndpoints.mountPost, mount);
}
