import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { waitForHydration } from './hydration';
import { SLUG, signedIn } from './live-orders';

/*
 * Checkout re-prices the cart before the order is placed (docs/decisions/0209-checkout-reprices-before-placing.md),
 * a dish added with options shows how many are in the cart, and a closed branch offers orders for
 * later only (docs/product/customer.md#checkout, #order-for-later).
 */

type Option = { id: string; name: string; priceMinor: number };
type Group = { id: string; name: string; minSelect: number; maxSelect: number; options: Option[] };
type Site = { id: string; openingHours: unknown; isOpen: boolean };

let partner: APIRequestContext;
let origin: string;
let site: Site;
let lambShish: { id: string; optionGroups: Group[] };

test.beforeAll(async ({ playwright: _ }, testInfo) => {
  origin = testInfo.project.use.baseURL!;
  partner = await signedIn(origin, 'partner@halalnosh.test');
  const visitor = await request.newContext({ baseURL: origin });
  const { restaurant } = await (await visitor.get(`/api/restaurants/${SLUG}`)).json();
  await visitor.dispose();
  site = (await (await partner.get(`/api/partner/sites/${restaurant.id}`)).json()).site;
  lambShish = restaurant.menu.sections
    .flatMap((s: { items: { name: string }[] }) => s.items)
    .find((i: { name: string }) => i.name === 'Lamb Shish');
});

test.afterAll(async () => {
  // The branch's hours and the dish's options as they were.
  await partner.patch(`/api/partner/sites/${site.id}`, {
    data: { openingHours: site.openingHours, isOpen: site.isOpen },
    headers: { origin },
  });
  await partner.put(`/api/partner/items/${lambShish.id}/options`, {
    data: { groups: lambShish.optionGroups },
    headers: { origin },
  });
  await partner.dispose();
});

/** Opening hours for every day: open from `open` to `close` (London time, "HH:MM"). */
function hours(open: string, close: string) {
  return Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
      d,
      { open, close, closed: false },
    ]),
  );
}

async function setHours(open: string, close: string): Promise<void> {
  const res = await partner.patch(`/api/partner/sites/${site.id}`, {
    data: { openingHours: hours(open, close), isOpen: true },
    headers: { origin },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** The partner's menu manager saves Lamb Shish's "Large" at this price, keeping every option's id. */
async function priceLarge(priceMinor: number): Promise<void> {
  const groups = lambShish.optionGroups.map((g) => ({
    ...g,
    options: g.options.map((o) => (g.name === 'Size' && o.name === 'Large' ? { ...o, priceMinor } : o)),
  }));
  const res = await partner.put(`/api/partner/items/${lambShish.id}/options`, {
    data: { groups },
    headers: { origin },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

test('a price raised while the dish sat in the cart is shown at checkout, confirmed, and charged as shown', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await setHours('00:00', '00:00');
  await priceLarge(400);

  // A visitor adds a large Lamb Shish (£15.95 + £4.00); the dish then says it is in the cart.
  await page.goto(`/restaurant/${SLUG}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Add Lamb Shish, choosing options' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lamb Shish' });
  await dialog.getByRole('radio', { name: /Large/ }).check();
  await dialog.getByRole('button', { name: /Add 1 to cart/ }).click();
  await expect(page.getByText('1x Lamb Shish added to your cart.')).toBeVisible();
  const row = page.getByRole('listitem', { name: 'Lamb Shish' });
  await expect(row.getByTestId('in-cart')).toHaveText('1 in your cart');

  // Checkout opens at £19.95 for pickup.
  await page.goto('/checkout');
  await page.getByLabel('Pickup (Free)').check();
  await expect(page.getByTestId('checkout-total')).toHaveText('£19.95');
  await page.getByLabel('Full Name').fill('Maryam Siddiqui');
  await page.getByLabel('Phone Number').fill('07700 900456');

  // The partner raises Large from £4.00 to £4.50 while the customer fills in the form.
  await priceLarge(450);
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Place Order' }).click();
  expect((await refused).status()).toBe(409);

  const alert = page.getByRole('alert').filter({ hasText: 'Prices have changed' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('list', { name: 'Changed prices' })).toContainText('1x Lamb Shish');
  await expect(alert.getByRole('list', { name: 'Changed prices' })).toContainText('£19.95 → £20.45');
  await expect(alert).toContainText('New total: £20.45');
  await expect(page.getByTestId('checkout-total')).toHaveText('£20.45');
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();

  await alert.getByRole('button', { name: 'Accept new prices' }).click();
  await expect(alert).toBeHidden();
  await expect(page.getByText('Large (+£4.50)')).toBeVisible();
  const placed = page.waitForResponse((r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Place Order' }).click();
  const answer = await placed;
  expect(answer.status(), await answer.text()).toBe(201);
  const { order } = (await answer.json()) as { order: { orderNumber: string; totalMinor: number } };
  expect(order.totalMinor).toBe(2045);
  await expect(page).toHaveURL(new RegExp(`/order/${order.orderNumber}`));
});

test('a price changed before checkout opens is shown at once', async ({ page }) => {
  test.setTimeout(90_000);
  await setHours('00:00', '00:00');
  await priceLarge(400);
  await page.goto(`/restaurant/${SLUG}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Add Lamb Shish, choosing options' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lamb Shish' });
  await dialog.getByRole('radio', { name: /Large/ }).check();
  await dialog.getByRole('button', { name: /Add 1 to cart/ }).click();
  await expect(page.getByRole('listitem', { name: 'Lamb Shish' }).getByTestId('in-cart')).toHaveText('1 in your cart');
  await priceLarge(450);
  await page.goto('/checkout');
  const alert = page.getByRole('alert').filter({ hasText: 'Prices have changed' });
  await expect(alert.getByRole('list', { name: 'Changed prices' })).toContainText('£19.95 → £20.45');
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  await alert.getByRole('button', { name: 'Accept new prices' }).click();
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
});

test('a branch closed now offers no "As soon as possible" and picks the first slot for later', async ({ page }) => {
  test.setTimeout(90_000);
  // Open for three hours starting three hours from now (London), so it is closed now and has slots today or tomorrow.
  const londonHour = Number(
    new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hour12: false, timeZone: 'Europe/London' }).format(new Date()),
  );
  const at = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
  await setHours(at(londonHour + 3), at(londonHour + 6));

  await page.goto(`/restaurant/${SLUG}`);
  await waitForHydration(page);
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Increase quantity of Hummus' }).click();
  await page.getByRole('button', { name: 'Add Hummus to cart' }).click();
  await expect(page.getByText('3x Hummus added to your cart.')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Hummus' }).getByTestId('in-cart')).toHaveText('3 in your cart');

  await page.goto('/checkout');
  const asap = page.getByRole('radio', { name: /As soon as possible/ });
  await expect(asap).toBeDisabled();
  await expect(page.getByText('Not available: Kervan Ocakbasi (Dalston) is closed now')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Schedule for later/ })).toBeChecked();
  await expect(page.getByLabel('Time')).not.toHaveValue('');
  await page.getByLabel('Pickup (Free)').check();
  await page.getByLabel('Full Name').fill('Maryam Siddiqui');
  await page.getByLabel('Phone Number').fill('07700 900456');
  const placed = page.waitForResponse((r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Place Order' }).click();
  const answer = await placed;
  expect(answer.status(), await answer.text()).toBe(201);
  expect((await answer.json()).order.scheduled).toBeTruthy();
});
