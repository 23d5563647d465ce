/**
 * A URL as the request log may keep it: the values of secret-bearing query parameters (reset,
 * confirmation, invitation and unsubscribe tokens, a visitor's order token) and path segments that
 * are tokens (better-auth's /reset-password/{token}, or any random-looking segment) become
 * "[redacted]"; everything else is kept for reading the log (docs/decisions/0203-secret-check-limits.md).
 */
const SECRET_PARAM = /(token|secret|password|signature)$|^(code|key|sig)$/i;
/** Personal data a query string may carry (docs/decisions/0231-logs-without-personal-data.md). */
const PERSONAL_PARAM = /(email|phone)$/i;
const REDACTED = '[redacted]';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path segment that is a generated secret: 20+ URL-safe characters mixing capitals, small letters and digits (ids are UUIDs, slugs lower-case). */
function looksLikeToken(segment: string): boolean {
  if (segment.length < 20 || UUID.test(segment) || !/^[A-Za-z0-9_.~%-]+$/.test(segment)) return false;
  return /[A-Z]/.test(segment) && /[a-z]/.test(segment) && /[0-9]/.test(segment);
}

/** Segments that follow these are secrets whatever they look like. */
const TOKEN_AFTER = new Set(['reset-password', 'verify-email', 'invite', 'unsubscribe']);

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q + 1);
  const segments = path.split('/');
  const safePath = segments
    .map((segment, i) =>
      segment && (looksLikeToken(segment) || (i > 1 && TOKEN_AFTER.has(segments[i - 1]) && segment.length >= 8))
        ? REDACTED
        : segment,
    )
    .join('/');
  if (q === -1) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return looksLikeToken(pair) ? REDACTED : pair;
      const name = pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed escape: judged as written
      }
      return SECRET_PARAM.test(decoded) || PERSONAL_PARAM.test(decoded) || looksLikeToken(pair.slice(eq + 1))
        ? `${name}=${REDACTED}`
        : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}
