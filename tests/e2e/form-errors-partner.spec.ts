import { type Page, expect, test } from '@playwright/test';

/*
 * The partner console's forms put a server refusal under its field (docs/decisions/0219-one-form-kit.md):
 * the browser lets through a price, a fee or an e-mail that only the server can judge, the server
 * names the field, and the form shows its message there, marks the control invalid and focuses it.
 * Sign-ins in this file: 2 (the demo partner, once per test).
 */

/** Every demo account's password (README; demo mode only). */
const DEMO_PASSWORD = 'halalnosh-demo';

async function signInAsPartner(page: Page): Promise<void> {
  await page.goto('/partner/login');
  await page.getByLabel('Email', { exact: true }).fill('partner@halalnosh.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In to Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Partner Dashboard' })).toBeVisible();
}

test('a menu price, a location price and a delivery fee the server refuses show under their fields, which take the focus', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsPartner(page);

  // A dish at £1,500: the browser takes any amount, the menu's ceiling is the server's (£1,000.00).
  await page.goto('/partner/menu');
  await expect(page.getByRole('heading', { name: 'Menu Manager' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Item' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Item' });
  await dialog.getByLabel('Item name').fill('Royal Mixed Grill Platter');
  await dialog.getByLabel('Price (£)').fill('1500');
  await dialog.getByRole('button', { name: 'Add Item' }).click();
  await expect(page.getByText('Failed to add item')).toBeVisible();
  const price = dialog.getByLabel('Price (£)');
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await expect(price).toHaveAccessibleDescription('Price is at most £1,000.00');
  await expect(price).toBeFocused();
  await expect(dialog.getByLabel('Item name')).not.toHaveAttribute('aria-invalid', 'true');
  await price.fill('45.00');
  await dialog.getByRole('button', { name: 'Add Item' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Royal Mixed Grill Platter', level: 3 })).toBeVisible();

  // The same dish at £1,500 for this location only (Location Menu): the same ceiling, under "Price here".
  await page.goto('/partner/location-menu');
  await page.getByRole('button', { name: 'Change price or description of Royal Mixed Grill Platter here' }).click();
  const override = page.getByRole('dialog', { name: /^Royal Mixed Grill Platter at / });
  const here = override.getByLabel('Price here (£)');
  await here.fill('1500');
  await override.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Error updating item')).toBeVisible();
  await expect(here).toHaveAttribute('aria-invalid', 'true');
  await expect(here).toHaveAccessibleDescription(/Price is at most £1,000\.00/);
  await expect(here).toBeFocused();
  await here.fill('42.50');
  await override.getByRole('button', { name: 'Save' }).click();
  await expect(override).toBeHidden();
  await expect(page.getByText('Royal Mixed Grill Platter is updated for this location')).toBeVisible();

  // A delivery fee of £150 on Branch Settings: at most £100.00, under Delivery fee.
  await page.goto('/partner/settings');
  await expect(page.getByRole('heading', { name: 'Branch Settings' })).toBeVisible();
  const fee = page.getByLabel('Delivery fee (£)');
  await fee.fill('150');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Failed to save settings. Please try again.')).toBeVisible();
  await expect(fee).toHaveAttribute('aria-invalid', 'true');
  await expect(fee).toHaveAccessibleDescription('Delivery fee is at most £100.00');
  await expect(fee).toBeFocused();
  await fee.fill('2.49');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await expect(fee).not.toHaveAttribute('aria-invalid', 'true');
});

test('inviting an e-mail that already has a pending invitation shows why under the Email field', async ({ page }) => {
  const email = `sous.chef.${Date.now()}@halalnosh.test`;
  await signInAsPartner(page);
  await page.goto('/partner/staff');
  await expect(page.getByRole('heading', { name: 'Staff Management' })).toBeVisible();
  const field = page.getByLabel('Email', { exact: true });
  await field.fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption('admin');
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText(`Staff invitation sent to ${email}`)).toBeVisible();

  // The same address again: the server refuses it and names the e-mail.
  await field.fill(email);
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText('Error sending invitation')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(`An invitation to ${email} is already pending`);
  await expect(field).toBeFocused();
});
