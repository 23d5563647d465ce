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
 * Each demo account signs in on its own side and lands where docs/product/README.md#accounts says.
 * Sign-ins in this file: 8 (the server allows 10 a minute per IP; guards.spec.ts adds 1).
 */

test('a customer signs in on /auth and lands on the home page, greeted by name', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  await fillCredentials(page, 'customer@halalnosh.test');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Salam! Welcome back!')).toBeVisible();
  await expectPath(page, '/');
  await expect(page.getByText('Salam, Aisha Khan').filter({ visible: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'My Account' }).filter({ visible: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
});

test('a partner signs in on /partner/login and lands on the partner dashboard', async ({ page }) => {
  await page.goto('/partner/login');
  await fillCredentials(page, 'partner@halalnosh.test');
  await page.getByRole('button', { name: 'Sign In to Dashboard' }).click();
  await expectPath(page, '/partner/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Partner Dashboard' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Partner' });
  await expect(nav.getByRole('link')).toHaveText([
    'Dashboard',
    'Orders',
    'Menu',
    'Offers',
    'Settings',
    'Statements',
    'Help',
  ]);
});

test('an approved driver signs in on /driver/login and lands on the jobs list', async ({ page }) => {
  await page.goto('/driver/login');
  await fillCredentials(page, 'driver@halalnosh.test');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectPath(page, '/driver/jobs');
  await expect(page.getByRole('heading', { level: 1, name: 'Available Jobs' })).toBeVisible();
});

test('a pending driver signs in and lands on onboarding with the application under review', async ({ page }) => {
  await page.goto('/driver/login');
  await fillCredentials(page, 'pending.driver@halalnosh.test');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectPath(page, '/driver/onboarding');
  await expect(page.getByRole('heading', { name: 'Application Under Review' })).toBeVisible();
  // Not approved: the jobs list sends them back to onboarding.
  await page.goto('/driver/jobs');
  await expectPath(page, '/driver/onboarding');
});

const ADMINS = [
  {
    email: 'admin@halalnosh.test',
    name: 'Maryam Hussain',
    items: [
      'Overview',
      'Orders',
      'Dispatch map',
      'Drivers',
      'Customer Service',
      'Restaurants',
      'Halal Verification',
      'Team',
      'Reports',
      'Settings',
      'Notifications',
      'Payouts',
      'Vouchers',
      'Audit Log',
    ],
  },
  {
    email: 'ops@halalnosh.test',
    name: 'Imran Malik',
    items: [
      'Overview',
      'Orders',
      'Dispatch map',
      'Drivers',
      'Customer Service',
      'Restaurants',
      'Halal Verification',
      'Team',
      'Reports',
      'Settings',
      'Notifications',
      'Vouchers',
    ],
  },
  { email: 'support@halalnosh.test', name: 'Fatima Begum', items: ['Overview', 'Orders', 'Customer Service'] },
  {
    email: 'finance@halalnosh.test',
    name: 'Zain Chaudhry',
    items: ['Overview', 'Customer Service', 'Reports', 'Payouts', 'Vouchers'],
  },
];

for (const admin of ADMINS) {
  test(`${admin.email} signs in on /admin/login and sees exactly their role's sidebar`, async ({ page }) => {
    await page.goto('/admin/login');
    await fillCredentials(page, admin.email);
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    await expectPath(page, '/admin/dashboard');
    await expect(page.getByText(`Welcome back, ${admin.name}!`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    const sidebar = page.getByRole('navigation', { name: 'Admin' });
    await expect(sidebar.getByRole('link')).toHaveText(admin.items);
  });
}

test.describe('the e-mail confirmation landing when confirming fails', () => {
  test('a refused link (here a made-up token) says the confirmation failed and goes to /auth', async ({ page }) => {
    await page.goto(
      `/api/auth/verify-email?token=not-a-real-token&callbackURL=${encodeURIComponent('/auth/callback')}`,
    );
    await expect(page.getByText('Email confirmation failed. Please try again.')).toBeVisible();
    await expectPath(page, '/auth');
    await expect(page.getByText('Email confirmed successfully!')).toHaveCount(0);
  });

  test('a session check that fails says an unexpected error occurred and goes to /auth', async ({ page }) => {
    // The link was accepted, but the server cannot be reached when the page asks who is signed in.
    await page.route('**/api/me', (route) => route.abort('connectionrefused'));
    await page.goto('/auth/callback');
    await expect(page.getByText('An unexpected error occurred during email confirmation.')).toBeVisible({
      timeout: 20_000,
    });
    await expectPath(page, '/auth');
  });
});
