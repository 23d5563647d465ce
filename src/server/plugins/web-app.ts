import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ServerRenderEntry } from '../../domain/server-render';
import { addressCouldBeApi } from '../http/route';
import type { ResponseCache } from '../modules/catalog';
import { preferredEncoding } from './encoding';
import { apiGetOf, withRenderedPage } from './page-render';
import { BOOT_SCRIPT_SOURCE, type PageHint, hintTag, paintFirstShell } from './paint-first';
import { contentSecurityPolicy, tileOrigin } from './security';
import { redactUrl } from '../platform/redact-url';
import { countCachedAnswer } from '../platform/metrics';

/** The encoding to send: brotli, then gzip, when the browser accepts it (q=0 refuses). */
const escapeAttr = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Public settings the browser reads from <meta> tags in index.html (no round trip, no inline script). */
function withPublicConfig(html: string, pub: { mapTileUrl: string | null }): string {
  if (!pub.mapTileUrl) return html;
  return html.replace(
    '</head>',
    `<meta name="halalnosh-map-tile-url" content="${escapeAttr(pub.mapTileUrl)}">\n</head>`,
  );
}

/**
 * Serves the built single-page app from dist/: hashed assets cached for a year, every other
 * non-API GET answered with index.html so the browser router can show the page (or its 404).
 * Text is sent brotli- or gzip-compressed: assets from the build's precompressed twins
 * (vite.config.ts), index.html compressed once at start-up.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | null,
  pub: { mapTileUrl: string | null } = { mapTileUrl: null },
  pages: { entry: ServerRenderEntry | null; cache: ResponseCache } | null = null,
): Promise<void> {
  const indexFile = distDir ? path.join(distDir, 'index.html') : null;
  const hasBuild = !!indexFile && existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir!,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (path.basename(filePath).startsWith('sw.js')) {
          // The service worker is checked for a new version on every visit (docs/decisions/0143-web-push.md).
          res.header('cache-control', 'no-cache');
        } else {
          res.header('cache-control', 'public, max-age=300');
        }
      },
    });
  }
  const compressed = (html: Buffer) => ({
    identity: html,
    br: brotliCompressSync(html),
    gzip: gzipSync(html, { level: 9 }),
  });
  const indexHtml = hasBuild ? Buffer.from(withPublicConfig(readFileSync(indexFile!, 'utf8'), pub)) : null;
  const plain = indexHtml ? compressed(indexHtml) : null;
  // Each landing page's own chunks (the customer layout's and the page's: .vite/landing-chunks.json, written by
  // vite.config.ts), which the entry would only discover after it runs: announced in the page they open, so they
  // download alongside the entry; no other page's code comes with them
  // (docs/decisions/0176-honest-javascript-budget.md).
  const chunksFile = hasBuild ? path.join(distDir!, '.vite', 'landing-chunks.json') : null;
  const landingChunks: Record<string, string[]> =
    chunksFile && existsSync(chunksFile) ? JSON.parse(readFileSync(chunksFile, 'utf8')) : {};
  const landingHtml = new Map(
    Object.entries(landingChunks).map(([page, files]) => [
      page,
      indexHtml!
        .toString('utf8')
        .replace(
          '</head>',
          `${files.map((f) => `    <link rel="modulepreload" crossorigin href="/${f}">`).join('\n')}\n  </head>`,
        ),
    ]),
  );
  const compressedLanding = new Map([...landingHtml].map(([page, html]) => [page, compressed(Buffer.from(html))]));
  /** The landing page a URL opens (home, London, a city, a restaurant), or null. */
  const landingPage = (url: string): string | null => {
    const p = url.split(/[?#]/)[0];
    if (p === '/') return 'home';
    if (/^\/restaurants\/london\/?$/.test(p)) return 'london';
    if (p.startsWith('/restaurants/')) return 'city';
    if (p.startsWith('/restaurant/')) return 'restaurant';
    return null;
  };
  /** The HTML a landing page starts from: index.html with that page's own chunks announced. */
  const landingSource = (url: string): string | undefined => {
    const landing = landingPage(url);
    return landing ? landingHtml.get(landing) : undefined;
  };
  /**
   * The data the landing page's code will request first, announced in its HTML so it downloads
   * while the JavaScript does (LCP: docs/product/README.md#performance). Each URL is exactly the one the page builds
   * (home: the header's /api/me, London's default search, the city directory; a restaurant: its
   * data and halal details, with the cover image, read from the cached API answer), fetched in the
   * same credentials mode as the app's fetch (same-origin), so the browser uses the preloaded answer.
   */
  async function landingHints(url: string): Promise<PageHint[] | null> {
    const fetchHint = (href: string): PageHint => ({ as: 'fetch', href });
    if (url === '/') return ['/api/me', '/api/restaurants/search?location=London', '/api/cities'].map(fetchHint);
    const match = /^\/restaurant\/([^/?#]+)\/?(?:\?.*)?$/.exec(url);
    if (!match) return null;
    let slug: string;
    try {
      slug = decodeURIComponent(match[1]);
    } catch {
      return null;
    }
    const data = `/api/restaurants/${encodeURIComponent(slug)}`;
    const hints = [fetchHint('/api/me'), fetchHint(data), fetchHint(`${data}/halal`)];
    try {
      const res = await app.inject({ method: 'GET', url: data, headers: { accept: 'application/json' } });
      const r =
        res.statusCode === 200
          ? (res.json() as { restaurant?: { id?: unknown; imageUrl?: unknown; logoUrl?: unknown } }).restaurant
          : null;
      const local = (u: unknown): u is string => typeof u === 'string' && u.startsWith('/') && !u.startsWith('//');
      // The hero image is the page's largest paint: fetched at once, at high priority (same-origin images only; CSP).
      if (local(r?.imageUrl)) hints.unshift({ as: 'image', href: r.imageUrl, high: true });
      // The logo and the reviews (requested by the branch's id) would otherwise wait for the data to render.
      if (local(r?.logoUrl)) hints.push({ as: 'image', href: r.logoUrl });
      if (typeof r?.id === 'string' && /^[\w-]+$/.test(r.id)) hints.push(fetchHint(`/api/restaurants/${r.id}/reviews`));
    } catch {
      // no image hint
    }
    return hints;
  }
  /** The build's stylesheets by URL, to inline into rendered pages (null when not in dist/). */
  const stylesheets = new Map<string, string | null>();
  const readStylesheet = (href: string): string | null => {
    if (!stylesheets.has(href)) {
      const file = path.join(distDir!, ...href.split('/').filter(Boolean));
      const inDist = file.startsWith(path.join(distDir!, 'assets') + path.sep) && file.endsWith('.css');
      stylesheets.set(href, inDist && existsSync(file) ? readFileSync(file, 'utf8') : null);
    }
    return stylesheets.get(href)!;
  };
  /** A rendered page's policy: the site's, with its boot script admitted by hash (paint-first.ts). */
  const renderedCsp = contentSecurityPolicy(tileOrigin(pub.mapTileUrl), [BOOT_SCRIPT_SOURCE]);
  const apiGet = apiGetOf(app);
  /**
   * A customer landing page rendered on the server as a visitor sees it (its data in the HTML, the
   * browser hydrates it), or '' when it is not (client-rendered shell). Kept in the catalog's response
   * cache, so under the catalog version and the clock boundary like the answers it is made of
   * (docs/decisions/0177-server-rendered-customer-pages.md).
   */
  const renderedPage = async (url: string) => {
    let missed = false;
    const found = await pages!.cache.get(JSON.stringify(['page', url]), async () => {
      missed = true;
      let page;
      try {
        page = await pages!.entry!.renderPage(url, apiGet);
      } catch (err) {
        app.log.error({ err, url: redactUrl(url) }, 'server rendering failed; the page goes client-rendered');
        return '';
      }
      if (!page) return '';
      // The answers the page carries need no preload; the session, images, halal details and reviews still do.
      const hints = ((await landingHints(url)) ?? []).filter((h) => !page.fetched.includes(h.href));
      const source = landingSource(url) ?? indexHtml!.toString('utf8');
      // Painted before its scripts are requested (docs/decisions/0180-rendered-pages-paint-before-scripts.md).
      const shell =
        paintFirstShell(source, hints, readStylesheet) ??
        source.replace('</head>', `${hints.map(hintTag).join('\n')}\n  </head>`);
      return withRenderedPage(shell, page) ?? '';
    });
    countCachedAnswer('page', missed);
    return found;
  };
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    // Never a page for an address that reads as /api, however it is spelt (docs/decisions/0196-policy-decided-by-the-matched-route.md).
    if (addressCouldBeApi(url) || request.method !== 'GET' || !indexHtml) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
    if (/\.[a-z0-9]{2,5}$/i.test(url.split('?')[0])) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (pages?.entry && landingPage(url)) {
      const page = await renderedPage(url);
      if (page.body) {
        const encoded = encoding ? page.encoded(encoding) : null;
        // As the API's cached answers: each coding its own tag, a matching revalidation 304.
        const etag = encoded ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag;
        reply.header('etag', etag).header('content-security-policy', renderedCsp);
        if (request.headers['if-none-match'] === etag) return reply.status(304).send();
        if (encoded) return reply.header('content-encoding', encoding!).send(encoded);
        return reply.send(page.body);
      }
    }
    if (encoding) reply.header('content-encoding', encoding);
    const landing = landingPage(url);
    const source = landingSource(url);
    const hints = source ? await landingHints(url) : null;
    if (hints) {
      const html = Buffer.from(source!.replace('</head>', `${hints.map(hintTag).join('\n')}\n  </head>`));
      // Small (about 1.5 kB): compressed per request at a cheap level.
      const body =
        encoding === 'br'
          ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : encoding === 'gzip'
            ? gzipSync(html, { level: 6 })
            : html;
      return reply.send(body);
    }
    const page = (landing && compressedLanding.get(landing)) || plain!;
    return reply.send(encoding ? page[encoding] : page.identity);
  });
}
