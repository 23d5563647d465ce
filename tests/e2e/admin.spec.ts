import { type Browser, type Page, expect, test } from '@playwright/test';

/** Every demo account's password (README; demo mode only). */
const DEMO_PASSWORD = 'halalnosh-demo';

async function expectPath(page: Page, path: string): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname).toBe(path);
}

/** Signs in on /admin/login and waits for the Overview. */
async function adminSignIn(page: Page, email: string): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
  await expectPath(page, '/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
}

async function driverSignIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/driver/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  return page;
}

test.use({ viewport: { width: 1280, height: 900 } });

test('an operations manager approves the pending demo driver after viewing the documents; the driver app opens live', async ({
  page,
  browser,
}) => {
  const driver = await driverSignIn(browser, 'pending.driver@halalnosh.test');
  await expectPath(driver, '/driver/onboarding');
  await expect(driver.getByRole('heading', { name: 'Application Under Review' })).toBeVisible();

  await adminSignIn(page, 'ops@halalnosh.test');
  const badge = page.getByRole('link', { name: '1 driver pending approval' });
  await expect(badge).toBeVisible();
  await badge.click();
  await expectPath(page, '/admin/drivers');
  await expect(page.getByRole('heading', { level: 1, name: 'Driver Console Admin' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Pending Approval/ })).toHaveAttribute('aria-selected', 'true');

  // Server-side search by licence number, case-insensitively.
  await page.getByRole('searchbox', { name: 'Search drivers' }).fill('faroo912035');
  await expect(page.getByText('1 matches found')).toBeVisible();
  const row = page.getByRole('row', { name: /Omar Farooq/ });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'View Documents of Omar Farooq' }).click();
  const dialog = page.getByRole('dialog', { name: 'Documents: Omar Farooq' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Photo ID uploaded by the driver' })).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Vehicle Insurance uploaded by the driver' })).toBeVisible();
  await expect(dialog.locator('iframe[title="Right to Work (PDF)"]')).toBeVisible();
  for (const label of ['Photo ID', 'Right to Work', 'Vehicle Insurance']) {
    await expect(dialog.getByRole('link', { name: `Download ${label}` })).toBeVisible();
  }
  await expect(dialog.getByText('This driver application is incomplete.')).toHaveCount(0);
  // The images really load (private files served to this admin).
  await expect
    .poll(() =>
      dialog
        .getByRole('img', { name: 'Photo ID uploaded by the driver' })
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  const pdf = await page.request.get(
    await dialog
      .locator('iframe')
      .getAttribute('src')
      .then((s) => s!),
  );
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText('Driver approved and can now access their dashboard')).toBeVisible();
  await expect(page.getByRole('link', { name: '0 drivers pending approval' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search drivers' }).fill('');
  await expect(page.getByText('No applications waiting')).toBeVisible();
  // The cleared search reaches the address after its debounce; switch tabs once it has.
  await expect.poll(() => new URL(page.url()).searchParams.has('q')).toBe(false);
  await page.getByRole('tab', { name: 'All Drivers' }).click();
  await expect(page.getByRole('tab', { name: 'All Drivers' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('row', { name: /Omar Farooq/ }).getByText('Approved')).toBeVisible();

  // The driver's onboarding screen heard it on user:{id} and opened the app.
  await expectPath(driver, '/driver/jobs');
  await expect(driver.getByRole('heading', { level: 1, name: 'Available Jobs' })).toBeVisible();
  await driver.context().close();
});

test('an operations manager changes the per-mile rate; it is saved with who changed it', async ({ page }) => {
  await adminSignIn(page, 'ops@halalnosh.test');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' }).click();
  await expectPath(page, '/admin/settings');
  const rate = page.getByLabel('Per-mile rate (pence)');
  await expect(rate).toHaveValue('60');
  await rate.fill('-5');
  await rate.press('Tab');
  await expect(page.getByText('Per-mile rate (pence): Amounts cannot be negative')).toBeVisible();
  await rate.fill('75');
  await rate.press('Tab');
  await expect(page.getByText('Setting updated successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Per-mile rate (pence)')).toHaveValue('75');
  await expect(page.getByText(/Last changed by Imran Malik/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Save All' }).click();
  await expect(page.getByText('All settings saved successfully')).toBeVisible();
});

test('a support agent opens a ticket and answers it with an internal note; status changes persist', async ({
  page,
}) => {
  await adminSignIn(page, 'support@halalnosh.test');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Customer Service' }).click();
  await expectPath(page, '/admin/tickets');

  await page.getByRole('button', { name: 'New Ticket' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Ticket' });
  await dialog.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(page.getByText('Please fill in required fields')).toBeVisible();
  await dialog.getByLabel('Subject').fill('Wrong order delivered');
  await dialog.getByLabel('Description').fill('The customer received someone else’s order.');
  await dialog.getByLabel(/Customer email/).fill('customer@halalnosh.test');
  await dialog.getByLabel('Priority').selectOption('high');
  await dialog.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(page.getByText('Ticket created successfully')).toBeVisible();

  const detail = page.getByRole('region', { name: 'Ticket detail' });
  await expect(detail.getByRole('heading', { name: 'Wrong order delivered' })).toBeVisible();
  await detail.getByRole('switch', { name: 'Internal note (staff only)' }).click();
  const box = detail.getByLabel('Internal note', { exact: true });
  await box.fill('Called the restaurant; ');
  await box.press('Shift+Enter');
  await box.pressSequentially('a replacement is on its way.');
  await box.press('Enter');
  await expect(page.getByText('Message sent successfully')).toBeVisible();
  const thread = detail.getByRole('region', { name: 'Conversation' });
  await expect(thread.getByText('Internal note', { exact: true })).toBeVisible();
  await expect(thread.getByText(/Called the restaurant;\s+a replacement is on its way\./)).toBeVisible();
  await expect(detail.getByLabel('Status')).toHaveValue('open');

  await detail.getByLabel('Status').selectOption('escalated');
  await expect(page.getByText('Ticket status updated')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Ticket detail' }).getByLabel('Status')).toHaveValue('escalated');
  await expect(
    page.getByRole('region', { name: 'Conversation' }).getByText(/a replacement is on its way/),
  ).toBeVisible();
});

test('the super admin sees those actions in the audit log, and the overview counts the escalated ticket', async ({
  page,
}) => {
  await adminSignIn(page, 'admin@halalnosh.test');
  await expect(page.getByText('Escalated Tickets').locator('..')).toContainText('1');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit Log' }).click();
  await expectPath(page, '/admin/audit');
  await page.getByLabel('Action').selectOption('driver_status_changed');
  const row = page.getByRole('row', { name: /Driver status changed/ });
  await expect(row).toContainText('Imran Malik');
  await expect(row).toContainText('approved');
  await page.getByLabel('Action').selectOption('setting_updated');
  await expect(page.getByRole('row', { name: /per_mile_rate_minor/ }).first()).toContainText('75');
});

test('an operations manager invites a support agent, who accepts from the e-mailed link and gets their role', async ({
  page,
  browser,
}) => {
  // Three people (the operations manager, the new agent, the Super Admin) each start the app and
  // sign in, one of them a new account: on a busy machine each start takes 4-9 seconds, and this
  // journey took 52 of its 60 seconds in a full run.
  test.setTimeout(120_000);
  const email = `agent.${Date.now()}@halalnosh.test`;
  // A name of this run's own, so the team list's rows from earlier runs on the same data do not match.
  const name = `Amina Yusuf ${Date.now().toString(36).slice(-5)}`;
  await adminSignIn(page, 'ops@halalnosh.test');
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Team' }).click();
  await expectPath(page, '/admin/team');
  await page.getByRole('button', { name: 'Invite Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite Team Member' });
  // An operations manager offers neither Super Admin nor Finance (payouts are not theirs); the default is Customer Service.
  await expect(dialog.getByLabel('Role')).toHaveValue('cs_agent');
  await expect(dialog.getByLabel('Role').locator('option[value="super_admin"]')).toHaveCount(0);
  await expect(dialog.getByLabel('Role').locator('option[value="finance"]')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Send Invite' }).click();
  await expect(page.getByText('Please fill in all fields')).toBeVisible();
  await dialog.getByLabel('Full name').fill(name);
  await dialog.getByLabel('Email').fill(email.toUpperCase());
  await dialog.getByRole('button', { name: 'Send Invite' }).click();
  await expect(page.getByText('Invite sent successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(email) }).first()).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) }).getByText('Pending')).toBeVisible();

  const mails = await (await page.request.get('/api/dev/mail')).json();
  const mail = mails.mails.find((m: { to: string }) => m.to === email);
  const link = /\/admin\/invite\?token=[A-Za-z0-9_-]+/.exec(mail.text)![0];

  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(link);
  await expect(invitee.getByText('Customer Service', { exact: true })).toBeVisible();
  // A short password is refused under its field, which takes the focus (docs/decisions/0219-one-form-kit.md).
  const password = invitee.getByLabel('Password', { exact: true });
  await password.fill('short1');
  await invitee.getByRole('button', { name: 'Create Account and Accept' }).click();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription('Password must be at least 8 characters');
  await expect(password).toBeFocused();
  await invitee.getByLabel('Password', { exact: true }).fill('a-strong-password-1');
  await invitee.getByLabel('Confirm password', { exact: true }).fill('a-strong-password-1');
  await invitee.getByRole('button', { name: 'Create Account and Accept' }).click();
  await expectPath(invitee, '/admin/dashboard');
  await expect(invitee.getByRole('navigation', { name: 'Admin' }).getByRole('link')).toHaveText([
    'Overview',
    'Orders',
    'Customer Service',
  ]);
  await invitee.context().close();

  await page.reload();
  const member = page.getByRole('row', { name: new RegExp(name) });
  await expect(member.getByText('Active')).toBeVisible();
  await member.getByRole('button', { name: `Actions for ${name}` }).click();
  await member.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Member deactivated')).toBeVisible();
  await expect(member.getByText('Inactive')).toBeVisible();
  // Only a Super Admin changes roles.
  await member.getByRole('button', { name: `Actions for ${name}` }).click();
  await expect(member.getByRole('button', { name: 'Change role' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  const boss = await (await browser.newContext()).newPage();
  await adminSignIn(boss, 'admin@halalnosh.test');
  // Within the running app, as the operations manager went: by its address the app would start again.
  await boss.getByRole('button', { name: 'Profile menu' }).click();
  await boss.getByRole('banner').getByRole('link', { name: 'Team' }).click();
  await expectPath(boss, '/admin/team');
  const row = boss.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await row.getByRole('button', { name: 'Change role' }).click();
  const roleDialog = boss.getByRole('dialog', { name: 'Change role' });
  await roleDialog.getByLabel('Role').selectOption('finance');
  await roleDialog.getByRole('button', { name: 'Save Role' }).click();
  await expect(boss.getByText('Role changed')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Finance', exact: true })).toBeVisible();
  await boss.context().close();
});
