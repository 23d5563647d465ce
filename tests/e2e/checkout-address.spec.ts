import { expect, test } from '@playwright/test';
import { SAMPLE_RESTAURANTS } from '../../src/domain/sample-data/sample-restaurants';
import { waitForHydration } from './hydration';
import { keepSampleOpen } from './live-orders';

/*
 * Checkout's delivery address (docs/product/customer.md#checkout): the postcode a visitor searched
 * with reaches checkout, and a postcode the branch does not deliver to is said at once, with
 * "Switch to Pickup" (docs/decisions/0173-delivery-range-at-checkout.md).
 * Sign-ins in this file: 1 (the demo partner through the API, to open the branch round the clock).
 */

const OPEN_SAMPLE = SAMPLE_RESTAURANTS[0];
/** How messages name the branch ("Kervan Ocakbasi (Dalston)"). */
const BRANCH = `${OPEN_SAMPLE.brandName} (${OPEN_SAMPLE.branchName})`;

// The demo partner, signed in through the API, keeps the sample branch open round the clock for this file.
keepSampleOpen();

test('a visitor’s searched postcode fills checkout; one out of range is said at once, with Switch to Pickup', async ({
  page,
}) => {
  await page.goto('/');
  await waitForHydration(page);
  await page.getByPlaceholder('Enter your location (e.g., London)').fill('e8 3rl');
  await page.getByPlaceholder('Enter your location (e.g., London)').press('Enter');
  await expect(page.getByText('Delivers to E8 3RL').first()).toBeVisible();

  await page.getByRole('link').filter({ hasText: OPEN_SAMPLE.brandName }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: OPEN_SAMPLE.brandName })).toBeVisible();
  await waitForHydration(page);
  const add = page.getByRole('button', { name: /^Add .+ to cart$/ }).first();
  const item = ((await add.getAttribute('aria-label')) ?? '').replace(/^Add /, '').replace(/ to cart$/, '');
  await page.getByRole('button', { name: `Increase quantity of ${item}` }).click();
  await add.click();
  await page.getByRole('region', { name: 'Your cart' }).getByRole('link', { name: 'View Cart' }).click();
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByLabel('Postcode')).toHaveValue('E8 3RL');
  await expect(page.getByText(/does not deliver to/)).toHaveCount(0);

  // A postcode outside the branch's radius is said beside the address, before Place Order.
  await page.getByLabel('Postcode').fill('w6 0nw');
  await expect(page.getByText(`${BRANCH} does not deliver to W6 0NW. Choose Pickup or another address.`)).toBeVisible();
  await page.getByRole('button', { name: 'Switch to Pickup' }).click();
  await expect(page.getByLabel('Pickup (Free)')).toBeChecked();
  await expect(page.getByLabel('Postcode')).toHaveCount(0);
});
