import { createContext, useContext, useEffect } from 'react';

/**
 * Where a server render collects the page's title (docs/decisions/0177-server-rendered-customer-pages.md):
 * effects do not run on the server, so the title is handed over while rendering and written into
 * the HTML's `<title>`. Null in the browser.
 */
export const ServerTitle = createContext<((title: string) => void) | null>(null);

/** The tab title of a page: " | HalalNosh" is added unless the title names the product already. */
export function fullTitle(title: string): string {
  return title.includes('HalalNosh') ? title : `${title} | HalalNosh`;
}

/** Sets the tab title for a page (and, when rendered on the server, the HTML's title). */
export function useDocumentTitle(title: string): void {
  useContext(ServerTitle)?.(fullTitle(title));
  useEffect(() => {
    document.title = fullTitle(title);
  }, [title]);
}
