import { type Page, expect } from '@playwright/test';

/**
 * Waits until React has hydrated the server-rendered page (docs/decisions/0177-server-rendered-customer-pages.md):
 * the hydrated tree has committed and run its effects, which marks `#root` with `data-hydrated`
 * (src/web/ssr/hydrate.tsx). Before that the page is readable, its links load the next page from
 * the server instead of navigating in the app, and a tap on a button is only kept, to be replayed
 * once it has hydrated (docs/decisions/0237-early-input-kept.md). A page the browser
 * renders itself is marked the same way once it has rendered, and the mark stays through in-app
 * navigation, so this is also true at once after a click that moved within the running app.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getElementById('root')?.dataset.hydrated === 'true');
}

/**
 * Opens a page and waits until a person could use it: loaded, and its buttons and links answering
 * in the app (docs/decisions/0220-journeys-wait-for-what-a-person-sees.md). Use it before a click,
 * a key press or a typed search on a page the server renders (home, search, city and restaurant
 * pages): clicked earlier, a link loads the next page from the server and a button does nothing.
 */
export async function gotoReady(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
}

/** Reloads the page and waits until a person could use it, as gotoReady does. */
export async function reloadReady(page: Page): Promise<void> {
  await page.reload();
  await waitForHydration(page);
}

/**
 * Waits until the page has hydrated and has no "Loading…" left on it (a page's spinner and its
 * label), which is what a person waits for before reading a page whose data comes after it opens.
 * On a loaded machine that data can take longer than an assertion's usual 10 seconds, so this
 * allows longer; the assertions after it then read a page that has its content.
 */
export async function waitForContent(page: Page, timeout = 45_000): Promise<void> {
  await waitForHydration(page);
  await expect(page.getByText(/^Loading\b.*\.\.\.$/)).toHaveCount(0, { timeout });
}
