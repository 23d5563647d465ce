import { type Page, expect, test } from '@playwright/test';
import { SAMPLE_RESTAURANTS } from '../../src/domain/sample-data/sample-restaurants';
import { waitForHydration } from './hydration';
import { keepSampleOpen } from './live-orders';

/*
 * The customer's account (docs/product/customer.md#profile, #favourites, #checkout): a fresh
 * customer signs up, confirms through the dev outbox, saves a favourite, sets a phone that checkout
 * fills in, and picks a saved address at checkout.
 * Sign-ins in this file: 2 (the partner through the API; the customer through the API after opening
 * the confirmation link, which confirms without signing in).
 */

const OPEN_SAMPLE = SAMPLE_RESTAURANTS[0];
const NAME = `${OPEN_SAMPLE.brandName} ${OPEN_SAMPLE.branchName}`;

let origin: string;

// The demo partner, signed in through the API, keeps the sample branch open round the clock for this file.
keepSampleOpen((_p, o) => {
  origin = o;
});

/**
 * Signs up a new customer, opens the mailed confirmation link (which confirms without signing in:
 * docs/decisions/0203-secret-check-limits.md) and signs this browser in.
 */
async function newCustomer(page: Page): Promise<string> {
  const email = `account.${Date.now()}@example.com`;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: {
      email,
      password: 'a-good-password',
      name: 'Amina',
      userType: 'customer',
      callbackURL: '/auth/callback?confirmed=1',
    },
    headers: { origin },
  });
  expect(signUp.ok(), await signUp.text()).toBeTruthy();
  let link = '';
  await expect
    .poll(async () => {
      const { mails } = (await (await page.request.get('/api/dev/mail')).json()) as {
        mails: { to: string; text: string }[];
      };
      link = /https?:\/\/\S+/.exec(mails.find((m) => m.to === email)?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByText('Email confirmed successfully!')).toBeVisible();
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: 'a-good-password' },
    headers: { origin },
  });
  expect(signIn.ok(), await signIn.text()).toBeTruthy();
  await expect.poll(async () => (await (await page.request.get('/api/me')).json()).user?.email).toBe(email);
  return email;
}

async function fillCartAndCheckout(page: Page): Promise<void> {
  await page.goto(`/restaurant/${OPEN_SAMPLE.slug}`);
  await waitForHydration(page);
  const add = page.getByRole('button', { name: /^Add .+ to cart$/ }).first();
  const label = (await add.getAttribute('aria-label')) ?? '';
  const item = label.replace(/^Add /, '').replace(/ to cart$/, '');
  await page.getByRole('button', { name: `Increase quantity of ${item}` }).click();
  await add.click();
  // The cart is kept once the page says so; leaving at once could beat it.
  await expect(page.getByText(`1x ${item} added to your cart.`)).toBeVisible();
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}

test('a customer saves a favourite, sets a phone that checkout fills in, and picks a saved address', async ({
  page,
}) => {
  await newCustomer(page);

  // Favourite from the restaurant page; it shows in the account's Favourites tab.
  await page.goto(`/restaurant/${OPEN_SAMPLE.slug}`);
  await waitForHydration(page);
  const heart = page.getByRole('button', { name: `Save ${NAME} to favourites` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  // The heart is disabled while the favourite is being saved; leaving before then could lose it.
  await expect(heart).toBeEnabled();
  await page.goto('/account?tab=favourites');
  const favourites = page.getByRole('list', { name: 'Favourite restaurants' });
  await expect(favourites.getByRole('heading', { name: OPEN_SAMPLE.brandName })).toBeVisible();
  await expect(favourites.getByRole('button', { name: `Save ${NAME} to favourites` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The phone saved in the Profile tab fills checkout.
  await page.goto('/account?tab=profile');
  await page.getByLabel('Phone number').fill('07700 900123');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();

  // Three saved addresses; checkout starts on the default and picks the others. The branch does
  // not deliver to the third, which the picker flags.
  for (const a of [
    { label: 'Home', addressLine1: '12 Commercial Street', city: 'London', postcode: 'E1 6AN', isDefault: true },
    { label: 'Work', addressLine1: '1 Brick Lane', city: 'London', postcode: 'E1 6QL' },
    { label: 'Gym', addressLine1: '2 King Street', city: 'London', postcode: 'W6 0NW' },
  ]) {
    const res = await page.request.post('/api/account/addresses', { data: a, headers: { origin } });
    expect(res.ok(), await res.text()).toBeTruthy();
  }

  // With no search yet, the default saved address is the known postcode: a restaurant page of a
  // branch that does not reach it warns.
  await page.goto('/restaurant/cedar-charcoal-edgware-road');
  await expect(
    page.getByText('Cedar & Charcoal does not deliver to E1 6AN. You can still order for pickup.'),
  ).toBeVisible();

  // A postcode searched in this tab is what "A new address" starts from.
  await page.goto('/?location=E2%207DG');
  await expect(page.getByText('Delivers to E2 7DG').first()).toBeVisible();
  // The searched postcode is remembered by the running app, not by the server-rendered page.
  await waitForHydration(page);
  await fillCartAndCheckout(page);
  await expect(page.getByLabel('Phone Number')).toHaveValue('07700 900123');
  await expect(page.getByLabel('Postcode')).toHaveValue('E1 6AN');
  await expect(page.getByText('Estimated delivery: 35-45 min')).toBeVisible();
  const picker = page.getByLabel('Saved addresses');
  await picker.selectOption({ label: 'Work: 1 Brick Lane, London, E1 6QL' });
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue('1 Brick Lane, London');
  await expect(page.getByLabel('Postcode')).toHaveValue('E1 6QL');
  await picker.selectOption({ label: 'Gym: 2 King Street, London, W6 0NW (outside the delivery area)' });
  await expect(page.getByText(/does not deliver to W6 0NW\. Choose Pickup or another address\./)).toBeVisible();
  await picker.selectOption({ label: 'A new address' });
  await expect(page.getByLabel('Postcode')).toHaveValue('E2 7DG');
  await expect(page.getByText(/does not deliver to/)).toHaveCount(0);
  await expect(page.getByLabel('Save this address to my account')).toBeVisible();

  // The Favourites tab's cards say whether the branch delivers to the known postcode.
  await page.goto('/account?tab=favourites');
  await expect(page.getByRole('list', { name: 'Favourite restaurants' }).getByText('Delivers to E2 7DG')).toBeVisible();
});

test('a visitor who clicks a heart is asked to sign in', async ({ page }) => {
  await page.goto(`/restaurant/${OPEN_SAMPLE.slug}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: `Save ${NAME} to favourites` }).click();
  await expect(page).toHaveURL(/\/auth\?redirect=/);
});
