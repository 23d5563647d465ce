import { type Page, expect, test } from '@playwright/test';

/*
 * A server refusal lands beside its field (docs/decisions/0219-one-form-kit.md): the address form
 * sends a postcode the browser cannot judge, the server refuses it and names the `postcode`
 * field, and the form shows the message under Postcode, marks it invalid and focuses it.
 * Sign-ins in this file: 1 (the customer through the API after opening the confirmation link).
 */

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
