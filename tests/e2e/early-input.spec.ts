import { type Page, expect, test } from '@playwright/test';
import { SAMPLE_RESTAURANTS } from '../../src/domain/sample-data/sample-restaurants';

/*
 * What a person does on a server-rendered page before its scripts have run is kept
 * (docs/decisions/0237-early-input-kept.md, docs/product/customer.md#early-input). These journeys
 * never wait for the hydration marker: they hold the page's scripts (every /assets/*.js response)
 * while they tap and type on the page as the server sent it, then let the scripts through and
 * check what a person sees. Without the fix they fail: + did nothing and Add stayed disabled, so
 * the tap on Add never happened; a typed place was searched as London; a tap on a filter chip or
 * on "Suggest a City" did nothing.
 */

const RESTAURANT = SAMPLE_RESTAURANTS[0];

/** Holds every script of the page until the returned function is called. */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  return async () => {
    release();
    await page.unroute('**/assets/*.js');
  };
}

test('a restaurant page: + twice and Add tapped before the scripts run put two in the cart', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto(`/restaurant/${RESTAURANT.slug}`);
  const add = page.getByRole('button', { name: /^Add .+ to cart$/ }).first();
  const item = ((await add.getAttribute('aria-label')) ?? '').replace(/^Add /, '').replace(/ to cart$/, '');
  await expect(add).toBeDisabled();
  const plus = page.getByRole('button', { name: `Increase quantity of ${item}` });
  await plus.click();
  await plus.click();
  // The count shows at once, and Add is ready, as it will be once the page runs.
  await expect(page.getByRole('status', { name: `Quantity of ${item}` })).toHaveText('2');
  await add.click();
  // A dish with options opens its dialog once the page runs.
  const withOptions = page.getByRole('button', { name: /, choosing options$/ }).first();
  const dish = ((await withOptions.getAttribute('aria-label')) ?? '')
    .replace(/^Add /, '')
    .replace(/, choosing options$/, '');
  await withOptions.click();
  await release();

  const options = page.getByRole('dialog', { name: dish });
  await expect(options).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`2x ${item} added to your cart.`)).toBeVisible();
  await options.getByRole('button', { name: 'Close' }).click();
  await expect(options).toBeHidden();
  await expect(page.getByRole('region', { name: 'Your cart' })).toContainText('2 items');
  await expect(page.getByRole('status', { name: `Quantity of ${item}` })).toHaveText('0');
  await expect(page.getByText('2 in your cart')).toBeVisible();
});

test('the home page: a place typed before the scripts run is the one searched', async ({ page }) => {
  // Submitted before the scripts run: the browser's own GET of the form, answered by the server.
  let release = await holdScripts(page);
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Location' }).fill('Birmingham');
  await page.getByRole('button', { name: 'Find Halal Restaurants' }).click();
  await expect(page.getByRole('heading', { name: 'Halal restaurants in Birmingham' })).toBeVisible();
  await release();

  // Typed before the scripts run, submitted once the page answers (its header then offers Sign In).
  release = await holdScripts(page);
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Location' }).fill('Manchester');
  await page.getByRole('button', { name: 'Suggest a City' }).click();
  await release();
  const suggest = page.getByRole('dialog', { name: 'Suggest a City' });
  await expect(suggest).toBeVisible({ timeout: 30_000 });
  await suggest.getByRole('button', { name: 'Cancel' }).click();
  await expect(suggest).toBeHidden();
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Location' })).toHaveValue('Manchester');
  await page.getByRole('button', { name: 'Find Halal Restaurants' }).click();
  await expect(page.getByRole('heading', { name: 'Halal restaurants in Manchester' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]location=Manchester(&|$)/);
});

test('the London page: a filter chip tapped before the scripts run is applied', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/restaurants/london');
  const chip = page.getByRole('button', { name: 'Free Delivery' });
  await expect(chip).toHaveAttribute('aria-pressed', 'false');
  await chip.click();
  await release();
  await expect(chip).toHaveAttribute('aria-pressed', 'true', { timeout: 30_000 });
  await expect(page).toHaveURL(/filters=free/);
});
