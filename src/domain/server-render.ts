/**
 * The contract between the server and the web app's server-rendering bundle (dist-ssr/, built from
 * src/web/ssr/entry-server.tsx): the server loads that file at start-up by path and never imports
 * the web app (docs/decisions/0177-server-rendered-customer-pages.md). Types only: nothing of it
 * reaches the browser's bundle.
 */

/** A public GET of the API made inside the server process (no cookie): its status and JSON text. */
export type ApiGet = (url: string) => Promise<{ status: number; body: string }>;

export type RenderedPage = {
  /**
   * What replaces the shell's empty `<div id="root"></div>`: the root element with the page inside,
   * then the state the browser hydrates with (the query cache) as a JSON
   * block (`<script type="application/json">`, data the CSP lets through, every `<` escaped).
   */
  root: string;
  /** The API URLs whose answers the state carries (the page need not preload them). */
  fetched: string[];
  /** The page's tab title, as the page sets it in the browser (none when the page sets none). */
  title?: string;
};

export type ServerRenderEntry = {
  /**
   * The page at `url` as a visitor sees it, or null when this URL is not server-rendered (not a
   * customer landing page, or its data did not answer 200): the plain client-rendered shell then.
   */
  renderPage(url: string, get: ApiGet): Promise<RenderedPage | null>;
};
