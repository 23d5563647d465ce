import { type Page, expect, test } from '@playwright/test';
import { SAMPLE_RESTAURANTS } from '../../src/domain/sample-data/sample-restaurants';
import { waitForHydration } from './hydration';
import { keepSampleOpen } from './live-orders';

/*
 * A server refusal lands beside its field (docs/decisions/0219-one-form-kit.md): the address form
 * sends a postcode the browser cannot judge, the server refuses it and names the `postcode`
 * field, and the form shows the message under Postcode, marks it invalid and focuses it. The
 * profile's phone and a visitor's e-mail at checkout do the same (the order's `customerEmail`
 * lands on checkout's Email field).
 * Sign-ins in this file: 3 (two customers through the API after opening the confirmation link,
 * the demo partner through the API to keep the sample branch open).
 */

const OPEN_SAMPLE = SAMPLE_RESTAURANTS[0];

// The demo partner, signed in through the API, keeps the sample branch open round the clock for this file.
keepSampleOpen();

async function newCustomer(page: Page, origin: string): Promise<void> {
  const email = `form.errors.${Date.now()}@example.com`;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: {
      email,
      password: 'a-good-password',
      name: 'Bilal',
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
}

test('a postcode the server refuses shows under the Postcode field, which takes the focus', async ({
  page,
  baseURL,
}) => {
  await newCustomer(page, baseURL!);
  await page.goto('/account?tab=addresses');
  await page.getByRole('button', { name: 'Add Address' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add an address' });
  await dialog.getByLabel('Address line 1').fill('221B Baker Street');
  await dialog.getByLabel('Town or city').fill('London');
  // Typed with a digit short: the browser only checks that something was typed, the server knows UK postcodes.
  await dialog.getByLabel('Postcode').fill('NW1 6X');
  await dialog.getByRole('button', { name: 'Save Address' }).click();

  const postcode = dialog.getByLabel('Postcode');
  await expect(postcode).toHaveAttribute('aria-invalid', 'true');
  await expect(postcode).toHaveAccessibleDescription('Please enter a valid UK postcode');
  await expect(postcode).toBeFocused();
  // The other fields stay as they were: the message is on the one the server named.
  await expect(dialog.getByLabel('Town or city')).not.toHaveAttribute('aria-invalid', 'true');

  await postcode.fill('NW1 6XE');
  await dialog.getByRole('button', { name: 'Save Address' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('221B Baker Street, London, NW1 6XE')).toBeVisible();
});

test('a phone number the server refuses shows under the profile’s Phone number, which takes the focus', async ({
  page,
  baseURL,
}) => {
  await newCustomer(page, baseURL!);
  await page.goto('/account?tab=profile');
  const phone = page.getByLabel('Phone number');
  // Digits the browser lets through; the server knows a UK phone number.
  await phone.fill('12345');
  await page.getByRole('button', { name: 'Save profile' }).click();

  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveAccessibleDescription(/Please enter a valid UK phone number/);
  await expect(phone).toBeFocused();
  await expect(page.getByLabel('First name')).not.toHaveAttribute('aria-invalid', 'true');

  await phone.fill('07700 900123');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
});

test('a visitor’s e-mail the server refuses at checkout shows under Email, and no order is placed', async ({
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
  // As a person does: one more of the first dish, then Add.
  const add = page.getByRole('button', { name: /^Add .+ to cart$/ }).first();
  const item = ((await add.getAttribute('aria-label')) ?? '').replace(/^Add /, '').replace(/ to cart$/, '');
  await page.getByRole('button', { name: `Increase quantity of ${item}` }).click();
  await add.click();
  await page.getByRole('region', { name: 'Your cart' }).getByRole('link', { name: 'View Cart' }).click();
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByLabel('Postcode')).toHaveValue('E8 3RL');

  await page.getByLabel('Full Name').fill('Sara Ali');
  await page.getByLabel('Phone Number').fill('07700 900123');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Ridley Road');
  // A typing slip the browser does not judge (the form checks no e-mail); the server refuses it.
  const email = page.getByLabel('Email');
  await email.fill('sara.ali@example');
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(/Please enter a valid email address/);
  await expect(email).toBeFocused();
  await expect(page.getByLabel('Postcode')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/checkout/);

  await email.fill('sara.ali@example.com');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Order placed successfully!')).toBeVisible();
});
