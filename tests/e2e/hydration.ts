import type { Page } from '@playwright/test';

/**
 * Waits until React has hydrated the server-rendered page (docs/decisions/0177-server-rendered-customer-pages.md):
 * its h1 carries React's fiber. Before that the page is readable but its buttons do nothing and its
 * links load the next page from the server instead of navigating in the app.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const h1 = document.querySelector('h1');
    return !!h1 && Object.keys(h1).some((k) => k.startsWith('__reactFiber'));
  });
}
