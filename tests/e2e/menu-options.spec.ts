import { type Page, expect, test } from '@playwright/test';
import { waitForHydration } from './hydration';
import { approveNewLocation } from './live-orders';

/** Every demo account's password (README; demo mode only). */
const DEMO_PASSWORD = 'halalnosh-demo';

/* Item options end to end (docs/product/partner.md#item-options, docs/product/customer.md#item-options). */

async function signInAsPartner(page: Page): Promise<void> {
  await page.goto('/partner/login');
  await page.getByLabel('Email', { exact: true }).fill('partner@halalnosh.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In to Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Partner Dashboard' })).toBeVisible();
}

test('a partner adds option groups; a customer orders a dish with a size and two extras; both see them', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36).slice(-5);
  const brandName = `Options Grill ${tag}`;
  const siteName = `Cable Street ${tag}`;
  await signInAsPartner(page);

  // A brand and a location open round the clock, with one dish.
  await page.getByRole('link', { name: 'Create Brand' }).first().click();
  await page.getByLabel('Brand name').fill(brandName);
  await page.getByRole('button', { name: 'Create Brand' }).click();
  await expect(page.getByText('Brand created successfully')).toBeVisible();
  await page.getByLabel('Location name').fill(siteName);
  await page.getByLabel('Address').fill('12 Cable Street');
  await page.getByLabel('City').fill('London');
  await page.getByLabel('Postcode').fill('E1 8JG');
  await page.getByRole('button', { name: 'Create Location' }).click();
  await expect(page.getByText('Site created successfully')).toBeVisible();
  const siteId = new URL(page.url()).pathname.split('/').pop()!;
  const slug = (await page.getByRole('link', { name: /Customer page/ }).getAttribute('href'))!.replace(
    '/restaurant/',
    '',
  );
  await page.getByRole('link', { name: 'Branch Settings' }).click();
  await page.getByLabel('Opening time').fill('00:00');
  await page.getByLabel('Closing time').fill('00:00');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();

  await page.goto(`/partner/menu?site=${siteId}`);
  await page.getByRole('button', { name: 'Create Menu' }).click();
  await page.getByRole('button', { name: 'Add Common Sections' }).first().click();
  await expect(page.getByText('Quick sections added successfully!')).toBeVisible();
  await page
    .getByRole('list', { name: 'Sections' })
    .getByRole('button', { name: /^Main Courses/ })
    .click();
  await page.getByRole('button', { name: 'Add Item' }).click();
  const itemDialog = page.getByRole('dialog', { name: 'Add Item' });
  await itemDialog.getByLabel('Item name').fill('Mixed Grill');
  await itemDialog.getByLabel('Price (£)').fill('12.00');
  await itemDialog.getByRole('button', { name: 'Add Item' }).click();
  await expect(page.getByText('Item added successfully').first()).toBeVisible();

  // The partner adds a required size and optional extras (at most two).
  await page.getByRole('button', { name: 'Options for Mixed Grill' }).click();
  const editor = page.getByRole('dialog', { name: 'Options for Mixed Grill' });
  const group = (n: number) => editor.getByRole('group', { name: `Option group ${n}` });
  await editor.getByRole('button', { name: 'Add Option Group' }).click();
  await group(1).getByLabel('Group name').fill('Size');
  await group(1).getByLabel('Minimum').fill('1');
  await group(1).getByLabel('Option 1 name').fill('Regular');
  await group(1).getByRole('button', { name: 'Add Option' }).click();
  await group(1).getByLabel('Option 2 name').fill('Large');
  await group(1).getByLabel('Option 2 price (£)').fill('3.00');
  await editor.getByRole('button', { name: 'Add Option Group' }).click();
  await group(2).getByLabel('Group name').fill('Extras');
  await group(2).getByLabel('Maximum').fill('2');
  const extras: [string, string][] = [
    ['Halloumi', '1.50'],
    ['Garlic sauce', '0.50'],
    ['Pilaf', '2.00'],
  ];
  for (const [i, [name, price]] of extras.entries()) {
    if (i > 0) await group(2).getByRole('button', { name: 'Add Option' }).click();
    await group(2)
      .getByLabel(`Option ${i + 1} name`)
      .fill(name);
    await group(2)
      .getByLabel(`Option ${i + 1} price (£)`)
      .fill(price);
  }
  await editor.getByRole('button', { name: 'Save Options' }).click();
  await expect(page.getByText('Options saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Options for Mixed Grill' })).toContainText('Options (2)');

  // Customers see a new location once operations approve it (docs/product/admin.md#restaurants).
  await approveNewLocation(page.request, siteId, baseURL!);

  // A visitor picks a size and two extras; a third is out of reach; the price follows.
  const customer = await browser.newPage();
  await customer.goto(`/restaurant/${slug}`);
  await waitForHydration(customer);
  await customer.getByRole('button', { name: 'Add Mixed Grill, choosing options' }).click();
  const dialog = customer.getByRole('dialog', { name: 'Mixed Grill' });
  await dialog.getByRole('button', { name: /Add 1 to cart/ }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please choose Size for Mixed Grill');
  // The refusal is under the Size group: its first option is described by it and takes the focus.
  const regular = dialog.getByRole('radio', { name: /Regular/ });
  await expect(regular).toHaveAccessibleDescription('Please choose Size for Mixed Grill');
  await expect(regular).toBeFocused();
  await dialog.getByRole('radio', { name: /Large/ }).check();
  await dialog.getByRole('checkbox', { name: /Halloumi/ }).check();
  await dialog.getByRole('checkbox', { name: /Garlic sauce/ }).check();
  await expect(dialog.getByRole('checkbox', { name: /Pilaf/ })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: /Add 1 to cart/ })).toContainText('£17.00');
  await dialog.getByRole('button', { name: /Add 1 to cart/ }).click();
  await expect(customer.getByText('1x Mixed Grill added to your cart.')).toBeVisible();

  await customer.goto('/checkout');
  await expect(customer.getByText('Large (+£3.00), Halloumi (+£1.50), Garlic sauce (+£0.50)')).toBeVisible();
  await customer.getByLabel('Pickup (Free)').check();
  await customer.getByLabel('Full Name').fill('Yusuf Visitor');
  await customer.getByLabel('Phone Number').fill('07700 900123');
  const placed = customer.waitForResponse((r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST');
  await customer.getByRole('button', { name: 'Place Order' }).click();
  const answer = await placed;
  expect(answer.status(), await answer.text()).toBe(201);
  const { order } = (await answer.json()) as { order: { orderNumber: string; totalMinor: number } };
  expect(order.totalMinor).toBe(1700);
  await expect(customer).toHaveURL(new RegExp(`/order/${order.orderNumber}`));
  await expect(customer.getByText('Large (+£3.00), Halloumi (+£1.50), Garlic sauce (+£0.50)')).toBeVisible();
  await customer.close();

  // The partner's order card shows the options.
  await page.goto(`/partner/orders?site=${siteId}`);
  const card = page.getByRole('article', { name: `Order ${order.orderNumber}` });
  await expect(card).toContainText('Large (+£3.00), Halloumi (+£1.50), Garlic sauce (+£0.50)');
});
