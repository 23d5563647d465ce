import { type Page, expect, test } from '@playwright/test';
import { SAMPLE_RESTAURANTS } from '../../src/domain/sample-data/sample-restaurants';
import { waitForHydration } from './hydration';
import { keepSampleOpen } from './live-orders';

/*
 * Server-rendered customer pages (docs/decisions/0177-server-rendered-customer-pages.md): the home
 * and restaurant pages arrive with their content, readable without JavaScript, and hydrate without
 * a mismatch: the server's elements stay (no re-render from scratch) and the console stays clean.
 * No sign-ins in this file but the demo partner's, through the API, to keep the sample branch open.
 */

const SAMPLE = SAMPLE_RESTAURANTS[0];
keepSampleOpen();

type MenuItem = { name: string };
async function menuOf(page: Page): Promise<MenuItem[]> {
  const res = await page.request.get(`/api/restaurants/${SAMPLE.slug}`);
  const body = (await res.json()) as { restaurant: { menu: { sections: { items: MenuItem[] }[] } | null } };
  return body.restaurant.menu?.sections.flatMap((s) => s.items) ?? [];
}

test('without JavaScript, the home and a restaurant page show their content', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Halal food you can trust, delivered' })).toBeVisible();
    await expect(page.getByRole('search', { name: 'Find halal restaurants' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Location' })).toBeVisible();
    const cards = page.getByRole('list', { name: 'Halal restaurants in London' });
    await expect(cards.locator(`a[href="/restaurant/${SAMPLE.slug}"]`)).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Major cities' }).getByRole('link', { name: /Birmingham/ }),
    ).toBeVisible();

    // The search form submits as a plain GET of the home page, which the server renders for that search.
    await page.getByRole('textbox', { name: 'Location' }).fill('Birmingham');
    await page.getByRole('button', { name: 'Find Halal Restaurants' }).click();
    await expect(page).toHaveURL(/location=Birmingham/);
    await expect(page.getByRole('heading', { level: 2, name: 'Halal restaurants in Birmingham' })).toBeVisible();

    await page.goto(`/restaurant/${SAMPLE.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: SAMPLE.brandName })).toBeVisible();
    const menu = await menuOf(page);
    expect(menu.length).toBeGreaterThan(0);
    await expect(page.getByText(menu[0].name, { exact: true }).first()).toBeVisible();

    await page.goto('/restaurants/london');
    await expect(page.getByRole('heading', { level: 1, name: 'Halal Restaurants in London' })).toBeVisible();
    await expect(page.locator(`a[href="/restaurant/${SAMPLE.slug}"]`).first()).toBeVisible();
  } finally {
    await context.close();
  }
});

/** Console errors and uncaught errors of the page (React reports a hydration mismatch as either). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/**
 * Remembers the server's h1 before any script runs (when the document has been parsed), and waits
 * until React has hydrated it: hydrated in place, the element is the same one.
 */
async function expectHydratedInPlace(page: Page): Promise<void> {
  await waitForHydration(page);
  expect(
    await page.evaluate(() => (window as unknown as { serverH1?: Element }).serverH1 === document.querySelector('h1')),
  ).toBe(true);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        (window as unknown as { serverH1?: Element | null }).serverH1 = document.querySelector('h1');
    });
  });
});

test('with JavaScript, a restaurant page hydrates without errors and adds to the cart', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(`/restaurant/${SAMPLE.slug}`);
  await expectHydratedInPlace(page);
  const [item] = await menuOf(page);
  await page.getByRole('button', { name: `Increase quantity of ${item.name}` }).click();
  await expect(page.getByRole('status', { name: `Quantity of ${item.name}` })).toHaveText('1');
  await page.getByRole('button', { name: `Add ${item.name} to cart` }).click();
  await expect(page.getByText(`1x ${item.name} added to your cart.`)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Cart 1 item/ })).toBeVisible();

  // A reload with an item in the cart: the server's page is the visitor's (an empty cart), the
  // browser fills in this visitor's cart after hydrating, without a mismatch.
  await page.reload();
  await expectHydratedInPlace(page);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Cart 1 item/ })).toBeVisible();
  expect(errors).toEqual([]);
});

test('with JavaScript, the home page hydrates without errors and searches', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  await expectHydratedInPlace(page);
  await expect(page.getByText(/^\d+ restaurants found$/)).toBeVisible();
  await page.getByRole('textbox', { name: 'Location' }).fill('Birmingham');
  await page.getByRole('button', { name: 'Find Halal Restaurants' }).click();
  await expect(page).toHaveURL(/location=Birmingham/);
  await expect(page.getByRole('heading', { level: 2, name: 'Halal restaurants in Birmingham' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Halal restaurants in Birmingham' }).locator(':scope > li').first(),
  ).toBeVisible();

  // The London page and a city page hydrate cleanly too.
  await page.goto('/restaurants/london');
  await expectHydratedInPlace(page);
  await page.goto('/restaurants/birmingham');
  await expectHydratedInPlace(page);
  expect(errors).toEqual([]);
});

test('the London page keeps its cards as the server sent them, and a card far down works at the first tap', async ({
  page,
}) => {
  // The cards below the first screen hydrate when seen or used (docs/decisions/0264-landing-pages-hydrate-in-parts.md):
  // until then React keeps the server's elements, and the page's own updates do not render them afresh.
  const errors = watchErrors(page);
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        (window as unknown as { serverLastCard?: Element | null }).serverLastCard = document.querySelector(
          'ul[aria-label="Halal restaurants in London"] > li:last-child a',
        );
    });
  });
  await page.goto('/restaurants/london');
  await expectHydratedInPlace(page);
  const lastCard = page.getByRole('list', { name: 'Halal restaurants in London' }).locator(':scope > li').last();
  const link = lastCard.getByRole('link').first();
  const href = await link.getAttribute('href');
  expect(
    await page.evaluate(
      () =>
        (window as unknown as { serverLastCard?: Element }).serverLastCard ===
        document.querySelector('ul[aria-label="Halal restaurants in London"] > li:last-child a'),
    ),
  ).toBe(true);
  // The first tap on it is handled by the app (the page is not loaded again from the server).
  await page.evaluate(() => ((window as unknown as { sameDocument?: boolean }).sameDocument = true));
  await link.click();
  await expect(page).toHaveURL(href!);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});
