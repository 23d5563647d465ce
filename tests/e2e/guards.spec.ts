import { type Page, expect, test } from '@playwright/test';

/** Every demo account's password (README; demo mode only). */
const DEMO_PASSWORD = 'halalnosh-demo';

/** Fills the e-mail and password fields of whichever sign-in form is on the page. */
async function fillCredentials(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

/** Waits until the page is at exactly this path and query. */
async function expectPath(page: Page, path: string): Promise<void> {
  await expect
    .poll(() => {
      const url = new URL(page.url());
      return url.pathname + url.search;
    })
    .toBe(path);
}

/*
 * Route guards send each visitor to the right sign-in page (docs/product/README.md#accounts).
 * Sign-ins in this file: 2 (the new customer after confirming, support@). With auth.spec.ts's 8
 * that is 10 in one run, within the server's 10 a minute per IP (its window restarts only after a
 * quiet minute).
 */

const PARTNER_ROUTES = [
  '/partner',
  '/partner/dashboard',
  '/partner/create-brand',
  '/partner/create-site',
  '/partner/orders',
  '/partner/menu',
  '/partner/settings',
  '/partner/location/5f0c6c1e-8d1f-4c59-9a55-1d8b0f6f2a10',
  '/partner/staff',
  '/partner/location-menu',
];

const ADMIN_ROUTES = [
  '/admin/dashboard',
  '/admin/orders',
  '/admin/dispatch',
  '/admin/drivers',
  '/admin/settings',
  '/admin/team',
  '/admin/tickets',
  '/admin/reports',
  '/admin/audit',
  '/admin/profile',
];

test.describe('a signed-out visitor', () => {
  test('is sent from the account pages to /auth with the page to return to', async ({ page }) => {
    await page.goto('/account');
    await expectPath(page, '/auth?redirect=%2Faccount');
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
    await page.goto('/my-account');
    await expectPath(page, '/auth?redirect=%2Fmy-account');
  });

  test('is sent from every partner route to /partner/login', async ({ page }) => {
    for (const path of PARTNER_ROUTES) {
      await page.goto(path);
      await expectPath(page, '/partner/login');
    }
    await expect(page.getByRole('button', { name: 'Sign In to Dashboard' })).toBeVisible();
  });

  test('is sent from every driver route to /driver/login', async ({ page }) => {
    for (const path of [
      '/driver/dashboard',
      '/driver/jobs',
      '/driver/delivery/job-1',
      '/driver/earnings',
      '/driver/onboarding',
    ]) {
      await page.goto(path);
      await expectPath(page, '/driver/login');
    }
  });

  test('is sent from every admin route to /admin/login', async ({ page }) => {
    for (const path of ADMIN_ROUTES) {
      await page.goto(path);
      await expectPath(page, '/admin/login');
    }
    await expect(page.getByRole('button', { name: 'Access Admin Panel' })).toBeVisible();
  });

  test('sees the not-found page on an unknown path', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expectPath(page, '/');
    await expect(page.getByText('Find Halal food Now')).toBeVisible();
  });
});

test('a new customer signs up, confirms by mail and is greeted; the admin guard turns them away', async ({ page }) => {
  // Sign-up, confirmation, a sign-in with the new password, the admin guard and a sign-out: a long walk.
  test.slow();
  const stamp = Date.now();
  const email = `new.customer.${stamp}@halalnosh.test`;
  const name = `Hamza ${stamp}`;
  const password = 'a-strong-password-1';

  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByLabel('Display name').fill(name);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created!')).toBeVisible();

  await page.goto('/dev/mail');
  await expect(page.getByText('Demo mode only', { exact: false })).toBeVisible();
  const mail = page.getByRole('listitem').filter({ hasText: email });
  await expect(mail.getByRole('heading', { name: 'Confirm your HalalNosh account' })).toBeVisible();
  await mail.getByRole('link', { name: /verify-email/ }).click();

  // The link confirms without signing in (docs/decisions/0203-secret-check-limits.md): the person signs in.
  await expectPath(page, '/auth');
  await expect(page.getByText('Email confirmed successfully!')).toBeVisible();
  await fillCredentials(page, email, password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectPath(page, '/');
  await expect(page.getByText(`Salam, ${name}`).filter({ visible: true })).toBeVisible();

  // A customer is no admin: the admin guard sends them to the admin sign-in.
  await page.goto('/admin/drivers');
  await expectPath(page, '/admin/login');

  // Signing out from the account page; the account page then asks to sign in again.
  await page.goto('/account');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expectPath(page, '/');
  await expect(page.getByRole('link', { name: 'Sign In' }).filter({ visible: true })).toBeVisible();
  await page.goto('/account');
  await expectPath(page, '/auth?redirect=%2Faccount');
});

test('signing in from a guarded page returns there; a support agent is kept out of Drivers', async ({ page }) => {
  await page.goto('/account');
  await expectPath(page, '/auth?redirect=%2Faccount');
  await fillCredentials(page, 'support@halalnosh.test');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectPath(page, '/account');
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();

  await page.goto('/admin/drivers');
  await expectPath(page, '/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Drivers' })).toHaveCount(0);
});
