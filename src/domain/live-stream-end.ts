/**
 * How the server ends an /api/events stream whose access ended, and what the browser does then
 * (docs/decisions/0198-live-streams-end-with-access.md). The last message is a named SSE event,
 * `event: end`, whose data is `{ "reason": … }`; then the server closes the stream.
 */
export const STREAM_END_EVENT = 'end';

/**
 * - `signed_out`: the stream's session is gone (signed out, password reset, revoked, account deleted);
 * - `forbidden`: a topic is no longer the caller's (deactivated, removed from a site, suspended, moved area);
 * - `access_changed`: the role or status moved but every topic is still allowed;
 * - `server_stopping`: this process is stopping (docs/decisions/0234-graceful-stop-with-a-deadline.md):
 *   the browser reconnects, and the load balancer sends it to another process.
 */
export const STREAM_ENDINGS = ['signed_out', 'forbidden', 'access_changed', 'server_stopping'] as const;
export type StreamEnding = (typeof STREAM_ENDINGS)[number];

/**
 * Whether the browser opens the stream again after the server ended it: not after `signed_out` or
 * `forbidden`, which the same request would only be refused again (401 or 403); after anything
 * else, at once, so the new subscription is checked against the new rights.
 */
export function reconnectsAfter(reason: unknown): boolean {
  return reason !== 'signed_out' && reason !== 'forbidden';
}

/** Whether a refused subscription stays refused until the user signs in again or their rights change: 401 and 403. */
export function refusalIsFinal(status: number): boolean {
  return status === 401 || status === 403;
}
