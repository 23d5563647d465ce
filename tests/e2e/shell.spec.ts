import { type Page, expect, test } from '@playwright/test';
import { gotoReady, waitForHydration } from './hydration';

/** Waits until the page is at exactly this path and query. */
async function expectPath(page: Page, path: string): Promise<void> {
  await expect
    .poll(() => {
      const url = new URL(page.url());
      return url.pathname + url.search;
    })
    .toBe(path);
}

/* The app shell without signing in (sign-ins in this file: 0; sign-ups: 1). */

test('the home and restaurant pages download only customer code, and no validation library', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  // Opened in the running app (a card clicked before the page hydrates loads the next page from
  // the server instead), so the scripts counted are the ones the app fetches to show it.
  await gotoReady(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const card = page.getByRole('list', { name: 'Halal restaurants in London' }).getByRole('link').first();
  const name = (await card.getByRole('heading', { level: 3 }).textContent())!.trim();
  await card.click();
  await expect(page).toHaveURL(/\/restaurant\//);
  // The restaurant's own heading, not the home page's still on screen while the next page loads.
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(scripts.some((s) => /\/assets\/customer-/.test(s))).toBe(true);
  // Partner, driver and admin code stay out (docs/product/README.md#performance), and so does zod (29 kB gzip).
  expect(scripts.filter((s) => /\/assets\/(partner|driver|admin|zod)-/.test(s))).toEqual([]);
});

test('the home page searches by location and cuisine', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  await expect(page).toHaveTitle('Find Halal Food Delivery in the UK | HalalNosh');
  await expect(page.getByText('Find Halal food Now')).toBeVisible();
  await page.getByPlaceholder('Enter your location (e.g., London)').fill('Manchester');
  const cuisine = page.getByLabel('Cuisine');
  await expect(cuisine.locator('option')).toHaveText([
    'All cuisines',
    'Turkish',
    'Middle Eastern',
    'Lebanese',
    'Pakistani',
    'Indian',
    'Moroccan',
    'Mediterranean',
    'South Asian',
    'North African',
  ]);
  await cuisine.selectOption('Lebanese');
  await page.getByRole('button', { name: 'Find Halal Restaurants' }).click();
  await expectPath(page, '/?location=Manchester&cuisine=Lebanese');
});

test('the header counts the stored cart and keeps its entries in a menu on small screens', async ({ page }) => {
  await page.addInitScript(() => {
    const line = (id: string, quantity: number) => ({
      id,
      name: `Item ${id}`,
      priceMinor: 500,
      quantity,
      restaurantId: 'r1',
      restaurantName: 'Test',
    });
    localStorage.setItem('halalnosh-cart', JSON.stringify({ items: [line('a', 2), line('b', 1)] }));
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Cart 3 items', exact: true })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 740 });
  const menu = page.getByRole('button', { name: 'Menu 3 items in cart', exact: true });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart (3)' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
  await menu.click();
  await page.getByRole('banner').getByRole('link', { name: 'Partners' }).click();
  await expectPath(page, '/partners');
  await expect(page.getByRole('link', { name: /Restaurant Partner/ })).toHaveAttribute('href', '/partner/login');
  await expect(page.getByRole('link', { name: /Driver/ })).toHaveAttribute('href', '/driver/login');
});

test('sign-up checks that both passwords match', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Email', { exact: true }).fill('someone@halalnosh.test');
  await page.getByLabel('Password', { exact: true }).fill('first-password');
  await page.getByLabel('Confirm password', { exact: true }).fill('second-password');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await expect(page.getByText('Please make sure both passwords are the same.')).toBeVisible();
});

test('a forgotten password is reset through the mailed link', async ({ page, baseURL }) => {
  const email = `reset.${Date.now()}@halalnosh.test`;
  // An account to reset (created through the API; it never signs in here).
  const created = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'old-password-1', name: 'Reset Me', userType: 'customer', callbackURL: '/auth/callback' },
    headers: { origin: baseURL! },
  });
  expect(created.ok()).toBeTruthy();

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Email required')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(`  ${email.toUpperCase()}  `);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Reset email sent!')).toBeVisible();

  await page.goto('/dev/mail');
  const mail = page
    .getByRole('listitem')
    .filter({ hasText: email })
    .filter({ hasText: 'Reset your HalalNosh password' });
  await mail.getByRole('link', { name: /reset-password/ }).click();
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('New password', { exact: true }).fill('new-password-1');
  await page.getByLabel('Confirm new password', { exact: true }).fill('new-password-1');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' }).filter({ visible: true }).last()).toBeVisible();
});

test('drivers, partners and staff reset a forgotten password from their own sign-in page', async ({
  page,
  baseURL,
}) => {
  const email = `driver.reset.${Date.now()}@halalnosh.test`;
  const created = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'old-password-1', name: '', userType: 'driver', callbackURL: '/auth/callback' },
    headers: { origin: baseURL! },
  });
  expect(created.ok()).toBeTruthy();

  for (const path of ['/partner/login', '/admin/login']) {
    await page.goto(path);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await expect(page.getByRole('button', { name: 'Forgot your password?' })).toBeVisible();
  }

  await page.goto('/driver/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Reset email sent!')).toBeVisible();

  await page.goto('/dev/mail');
  const mail = page
    .getByRole('listitem')
    .filter({ hasText: email })
    .filter({ hasText: 'Reset your HalalNosh password' });
  await mail.getByRole('link', { name: /reset-password/ }).click();
  await expect(page).toHaveURL(
    /\/reset-password\?then=%2Fdriver%2Flogin&token=|\/reset-password\?then=\/driver\/login&token=/,
  );
  await page.getByLabel('New password', { exact: true }).fill('new-password-1');
  await page.getByLabel('Confirm new password', { exact: true }).fill('new-password-1');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await page.getByRole('link', { name: 'Sign In' }).filter({ visible: true }).last().click();
  await expect(page).toHaveURL(/\/driver\/login$/);
});

test('an invalid reset link says so', async ({ page }) => {
  await page.goto('/reset-password?error=INVALID_TOKEN');
  await expect(page.getByRole('alert')).toContainText('This reset link is invalid or has expired.');
});

test('going offline and back shows the connectivity toasts', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByText('Find Halal food Now')).toBeVisible();
  // The rendered page shows before its scripts are requested (docs/decisions/0180-rendered-pages-paint-before-scripts.md):
  // the toasts are the app's, so it has to be running before the connection goes.
  await waitForHydration(page);
  await context.setOffline(true);
  await expect(page.getByText('Connection lost - some features may not work')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('Connection restored')).toBeVisible();
});

test('the footer names the company and its support phone from the platform settings', async ({ page }) => {
  await page.goto('/partners');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('HalalNosh: halal food delivery across the UK.');
  await expect(footer.getByRole('link', { name: '020 7946 0000' })).toHaveAttribute('href', 'tel:02079460000');
});

test('the skip link moves focus to the page content', async ({ page }) => {
  await page.goto('/partners');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
});
