import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ApiGet, RenderedPage, ServerRenderEntry } from '../../domain/server-render';

/**
 * Server rendering of the customer landing pages (docs/decisions/0177-server-rendered-customer-pages.md).
 * The web app's rendering bundle is loaded by path, never imported: without it (no build, `npm run dev`)
 * every page is the client-rendered shell, as before.
 */
export async function loadRenderEntry(file: string | null, log: FastifyBaseLogger): Promise<ServerRenderEntry | null> {
  if (!file || !existsSync(file)) return null;
  try {
    const entry = (await import(pathToFileURL(file).href)) as Partial<ServerRenderEntry>;
    if (typeof entry.renderPage !== 'function') throw new Error('it exports no renderPage');
    return entry as ServerRenderEntry;
  } catch (err) {
    log.warn({ err }, `server rendering is off: ${file} could not be loaded`);
    return null;
  }
}

/** The page's data read from the API inside this process, as a visitor (no cookie): the same routes and response cache as the browser's requests. */
export function apiGetOf(app: FastifyInstance): ApiGet {
  return async (url) => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    return { status: res.statusCode, body: res.body };
  };
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The shell with the rendered page in place of its empty root element, and the page's own title in
 * place of the shell's, so the tab names the page before any script runs (null when the shell has
 * no empty root).
 */
export function withRenderedPage(shell: string, page: RenderedPage): string | null {
  const root = '<div id="root"></div>';
  if (!shell.includes(root)) return null;
  const titled = page.title
    ? shell.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(page.title!)}</title>`)
    : shell;
  return titled.replace(root, () => page.root);
}
