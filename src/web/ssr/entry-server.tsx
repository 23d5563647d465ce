import { Writable } from 'node:stream';
import { QueryClient, dehydrate } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import type { ApiGet, RenderedPage, ServerRenderEntry } from '../../domain/server-render';
import { AppRoutes, preloadPages } from '../app/router';
import { StaticRouter } from '../lib/router';
import { ServerTitle } from '../lib/use-document-title';
import { AppTree, SERVER_STATE_ID, type ServerState } from './app-tree';
import { pageQueries } from './page-data';

/**
 * The server-rendering bundle (`npm run build` writes it to dist-ssr/; the server loads it by path:
 * docs/decisions/0177-server-rendered-customer-pages.md). A customer landing page is rendered as a
 * visitor sees it, from the API's own answers, into the markup of `<div id="root">` and the state
 * the browser hydrates with.
 */

/** JSON that cannot end its script element nor open a comment: every `<` (and the two JS line breaks) escaped. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
    });
    sink.on('finish', resolve);
    sink.on('error', reject);
    stream.on('error', reject);
    stream.pipe(sink);
  });
  return Buffer.concat(chunks).toString('utf8');
}

export const renderPage: ServerRenderEntry['renderPage'] = async (
  href: string,
  get: ApiGet,
): Promise<RenderedPage | null> => {
  const url = new URL(href, 'http://localhost');
  const needs = pageQueries(url);
  if (!needs) return null;

  // The page's data, from the API's answers (the same handlers and response cache as the browser's
  // requests); a page whose data is not there (an unknown restaurant) stays client-rendered.
  const queryClient = new QueryClient();
  for (const need of needs) {
    const answer = await get(need.url);
    if (answer.status !== 200) return null;
    const data: unknown = JSON.parse(answer.body);
    if (need.infinite) {
      await queryClient.fetchInfiniteQuery({ queryKey: need.key, queryFn: () => data, initialPageParam: 0 });
    } else {
      queryClient.setQueryData(need.key, data);
    }
  }
  const queries = dehydrate(queryClient);
  queryClient.clear();

  // The page's code first, as the browser does before hydrating, so nothing suspends while rendering.
  await preloadPages(url.pathname);
  let title: string | undefined;
  const { prelude } = await prerenderToNodeStream(
    <ServerTitle.Provider value={(t) => (title = t)}>
      <AppTree queries={queries}>
        <StaticRouter location={url.pathname + url.search}>
          <AppRoutes />
        </StaticRouter>
      </AppTree>
    </ServerTitle.Provider>,
    // Every Suspense boundary in place, never outlined to the end of the HTML with an inline script
    // that moves it (refused by the CSP): the parts that hydrate when seen are boundaries
    // (docs/decisions/0264-landing-pages-hydrate-in-parts.md), and React outlines any boundary past
    // its default 12,800 bytes of HTML.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const state: ServerState = { queries };
  const html = await streamText(prelude);
  return {
    root: `<div id="root">${html}</div>\n    <script type="application/json" id="${SERVER_STATE_ID}">${scriptSafeJson(state)}</script>`,
    fetched: needs.map((n) => n.url),
    ...(title ? { title } : {}),
  };
};
