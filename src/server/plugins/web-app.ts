import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Public settings the browser reads from <meta> tags in index.html (no round trip, no inline script). */
function withPublicConfig(html: string, pub: { mapTileUrl: string | null }): string {
  if (!pub.mapTileUrl) return html;
  return html.replace('</head>', `<meta name="halalnosh-map-tile-url" content="${escapeAttr(pub.mapTileUrl)}">\n</head>`);
}

/**
 * Serves the built single-page app from dist/: hashed assets cached for a year, every other
 * non-API GET answered with index.html so the browser router can show the page (or its 404).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | null, pub: { mapTileUrl: string | null } = { mapTileUrl: null }): Promise<void> {
  const indexFile = distDir ? path.join(distDir, 'index.html') : null;
  const hasBuild = !!indexFile && existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir!,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'public, max-age=300');
        }
      },
    });
  }
  const indexHtml = hasBuild ? withPublicConfig(readFileSync(indexFile!, 'utf8'), pub) : null;
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET' || !indexHtml) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
    if (/\.[a-z0-9]{2,5}$/i.test(url.split('?')[0])) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });
}
