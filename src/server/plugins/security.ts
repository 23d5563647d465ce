import type { FastifyInstance } from 'fastify';

/** The origin of a map tile URL template (MAP_TILE_URL), for img-src; null when it has none. */
export function tileOrigin(template: string | null | undefined): string | null {
  if (!template) return null;
  try {
    return new URL(template.replace(/\{[a-z]\}/g, '0')).origin;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy; `scripts` adds sources to script-src (a server-rendered page's boot
 * script by its hash: docs/decisions/0180-rendered-pages-paint-before-scripts.md).
 */
export const contentSecurityPolicy = (extraImg: string | null, scripts: string[] = []) =>
  [
    "default-src 'self'",
    ["script-src 'self'", ...scripts].join(' '),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https://*.tile.openstreetmap.org${extraImg ? ` ${extraImg}` : ''}`,
    "connect-src 'self'",
    "font-src 'self' data:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');

/** Security headers on every response; a configured map tile server's origin may serve images. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { https: boolean; mapTileUrl?: string | null },
): void {
  const CSP = contentSecurityPolicy(tileOrigin(opts.mapTileUrl));
  app.addHook('onSend', async (_request, reply, payload) => {
    // A route may set a stricter policy of its own (uploads are served with `sandbox`): keep it.
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', CSP);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (opts.https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}
