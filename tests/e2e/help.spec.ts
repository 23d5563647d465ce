import { type Page, expect, test } from '@playwright/test';

/** Every demo account's password (README; demo mode only). */
const DEMO_PASSWORD = 'halalnosh-demo';

/* Help: a customer asks for help and sees the staff answer arrive live (docs/product/customer.md#help). */

async function signInAsCustomer(page: Page): Promise<void> {
  await page.goto('/auth?redirect=%2Faccount%3Ftab%3Dhelp');
  await page.getByLabel('Email', { exact: true }).fill('customer@halalnosh.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
}

test('a customer asks for help, the support answer appears live, and they answer back', async ({
  page,
  playwright,
  baseURL,
}) => {
  await signInAsCustomer(page);
  await expect(page.getByRole('tab', { name: 'Help' })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('form', { name: 'Ask for help' });
  await form.getByRole('button', { name: 'Send Request' }).click();
  await expect(form.getByText('Please fill in required fields').first()).toBeVisible();
  const subject = `Cold chips ${Date.now()}`;
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('How can we help?').fill('The chips arrived cold.');
  await form.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByText('Request sent')).toBeVisible();
  const conversation = page.getByRole('list', { name: 'Conversation' });
  await expect(conversation).toContainText('The chips arrived cold.');
  await expect(page.getByRole('heading', { name: new RegExp(subject) })).toBeVisible();

  // Customer Service answers from the back office's API.
  const staff = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect(
    (
      await staff.post('/api/auth/sign-in/email', {
        data: { email: 'support@halalnosh.test', password: DEMO_PASSWORD },
      })
    ).ok(),
  ).toBeTruthy();
  const tickets = await (await staff.get(`/api/admin/tickets?q=${encodeURIComponent(subject)}`)).json();
  const ticketId = tickets.tickets[0].id as string;
  await staff.post(`/api/admin/tickets/${ticketId}/messages`, {
    data: { message: 'Sorry about that, a refund is on its way.', isInternal: false },
  });
  await staff.post(`/api/admin/tickets/${ticketId}/messages`, { data: { message: 'Staff only', isInternal: true } });
  await staff.patch(`/api/admin/tickets/${ticketId}`, { data: { status: 'pending_customer' } });

  await expect(conversation).toContainText('Sorry about that, a refund is on its way.');
  await expect(page.getByText('Waiting for your answer').first()).toBeVisible();
  await expect(conversation).not.toContainText('Staff only');

  await page.getByLabel('Your answer').fill('Thank you!');
  await page.getByRole('button', { name: 'Send Reply' }).click();
  await expect(page.getByText('Reply sent')).toBeVisible();
  await expect(conversation).toContainText('Thank you!');
  await expect(page.getByText('In progress').first()).toBeVisible();
  await staff.dispose();
});

for (const side of [
  { login: '/driver/login', email: 'driver@halalnosh.test', button: 'Sign In', nav: 'Driver', home: 'Available Jobs' },
  {
    login: '/partner/login',
    email: 'partner@halalnosh.test',
    button: 'Sign In to Dashboard',
    nav: 'Partner',
    home: 'Partner Dashboard',
  },
]) {
  test(`${side.email} raises a help request from their own app`, async ({ page }) => {
    await page.goto(side.login);
    await page.getByLabel('Email', { exact: true }).fill(side.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: side.button, exact: true }).click();
    // Signed in is the page a person lands on: the login page has a level-1 heading of its own.
    await expect(page.getByRole('heading', { level: 1, name: side.home })).toBeVisible();
    await page.getByRole('navigation', { name: side.nav }).getByRole('link', { name: 'Help' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Ask for help' });
    await form.getByLabel('Subject').fill('The app logged me out');
    await form.getByLabel('How can we help?').fill('Twice this morning.');
    await form.getByRole('button', { name: 'Send Request' }).click();
    await expect(page.getByText('Request sent')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Conversation' })).toContainText('Twice this morning.');
  });
}

test('/help sends a visitor to sign in and then to their Help tab, and opens the request a staff answer links', async ({
  page,
}) => {
  // Typed or linked from anywhere: a visitor signs in first and comes back to their help.
  await page.goto('/help');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fhelp$/);
  await expect(page.getByText('Please sign in to continue.')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill('customer@halalnosh.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(page).toHaveURL(/\/account\?tab=help$/);
  await expect(page.getByRole('tab', { name: 'Help' })).toHaveAttribute('aria-selected', 'true');

  // Two requests; the e-mail of an answer on the older one links it, and it opens, not the newest.
  const raise = async (subject: string) =>
    (
      await (
        await page.request.post('/api/help/tickets', {
          data: { subject, message: 'Asked from the help journey.' },
          headers: { origin: new URL(page.url()).origin },
        })
      ).json()
    ).ticket as { id: string };
  const stamp = Date.now();
  const older = await raise(`Older question ${stamp}`);
  await raise(`Newer question ${stamp}`);
  await page.goto(`/help?request=${older.id}`);
  await expect(page).toHaveURL(new RegExp(`/account\\?tab=help&request=${older.id}$`));
  await expect(page.getByRole('heading', { name: new RegExp(`Older question ${stamp}`) })).toBeVisible();
});
