import type { Page } from '@playwright/test';

/**
 * Waits until React has hydrated the server-rendered page (docs/decisions/0177-server-rendered-customer-pages.md):
 * the hydrated tree has committed and run its effects, which marks `#root` with `data-hydrated`
 * (src/web/ssr/hydrate.tsx). Before that the page is readable but its buttons do nothing and its
 * links load the next page from the server instead of navigating in the app.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getElementById('root')?.dataset.hydrated === 'true');
}
