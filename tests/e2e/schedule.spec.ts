import { expect, test } from '@playwright/test';
import { waitForHydration } from './hydration';
import { SLUG, openAllDay, signedIn } from './live-orders';

type MenuItem = { id: string; name: string; priceMinor: number; optionGroups?: unknown[] };

/** The size and extras the partner gives one dish for this journey (docs/product/customer.md#item-options). */
const OPTION_GROUPS = [
  {
    name: 'Size',
    minSelect: 1,
    maxSelect: 1,
    options: [
      { name: 'Regular', priceMinor: 0 },
      { name: 'Large', priceMinor: 300 },
    ],
  },
  {
    name: 'Extras',
    minSelect: 0,
    maxSelect: 2,
    options: [
      { name: 'Halloumi', priceMinor: 150 },
      { name: 'Garlic sauce', priceMinor: 50 },
      { name: 'Pilaf', priceMinor: 200 },
    ],
  },
];
const CHOSEN = 'Large (+£3.00), Halloumi (+£1.50), Garlic sauce (+£0.50)';

/*
 * Order for later (docs/product/customer.md#order-for-later): the demo customer orders a dish with
 * a size and two extras for "Arrive for iftar" tomorrow; checkout's estimate shows the slot, the
 * order page shows it, the partner sees the order with its options in the Scheduled Orders lane
 * (not as a new order to accept), and the receipt e-mail names the slot and the options.
 */
test('a customer orders a dish with a size and two extras for iftar tomorrow; the scheduled lane and the receipt show both', async ({
  browser,
  baseURL,
}) => {
  const partner = await signedIn(baseURL!, 'partner@halalnosh.test');
  const customer = await signedIn(baseURL!, 'customer@halalnosh.test');
  const { siteId, restore } = await openAllDay(partner, baseURL!);
  const { restaurant } = await (await customer.get(`/api/restaurants/${SLUG}`)).json();
  const items: MenuItem[] = restaurant.menu.sections.flatMap((s: { items: MenuItem[] }) => s.items);
  const item = items[0];
  const dish = items.at(-1)!;
  expect(dish.id).not.toBe(item.id);
  const setOptions = (groups: unknown[]) =>
    partner.put(`/api/partner/items/${dish.id}/options`, { data: { groups }, headers: { origin: baseURL! } });
  try {
    const saved = await setOptions(OPTION_GROUPS);
    expect(saved.ok(), await saved.text()).toBeTruthy();
    const quantity = Math.max(1, Math.ceil(2500 / item.priceMinor));

    const customerContext = await browser.newContext({ storageState: await customer.storageState() });
    const page = await customerContext.newPage();
    await page.goto(`/restaurant/${SLUG}`);
    await waitForHydration(page);
    for (let i = 0; i < quantity; i++)
      await page.getByRole('button', { name: `Increase quantity of ${item.name}` }).click();
    await page.getByRole('button', { name: `Add ${item.name} to cart` }).click();
    await expect(page.getByText(`${quantity}x ${item.name} added to your cart.`)).toBeVisible();
    await page.getByRole('button', { name: `Add ${dish.name}, choosing options` }).click();
    const dialog = page.getByRole('dialog', { name: dish.name });
    await dialog.getByRole('radio', { name: /Large/ }).check();
    await dialog.getByRole('checkbox', { name: /Halloumi/ }).check();
    await dialog.getByRole('checkbox', { name: /Garlic sauce/ }).check();
    await dialog.getByRole('button', { name: /Add 1 to cart/ }).click();
    await expect(page.getByText(`1x ${dish.name} added to your cart.`)).toBeVisible();
    await page.getByRole('region', { name: 'Your cart' }).getByRole('link', { name: 'View Cart' }).click();
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();

    await page.getByLabel('Pickup (Free)').check();
    await page.getByLabel('Schedule for later').check();
    const day = page.getByLabel('Day', { exact: true });
    await expect(day).toBeVisible();
    const tomorrow = await day.locator('option', { hasText: /^Tomorrow/ }).textContent();
    await day.selectOption({ label: tomorrow! });
    const time = page.getByLabel('Time', { exact: true });
    const iftar = await time.locator('option', { hasText: /^Arrive for iftar/ }).textContent();
    await time.selectOption({ label: iftar! });
    await expect(page.getByTestId('slot-note')).toHaveText(/^Maghrib \d\d:\d\d, by the Moonsighting Committee method$/);
    // The summary's estimate is the chosen slot, not the as-soon-as-possible window.
    const estimate = page.getByTestId('checkout-estimate');
    await expect(estimate).toHaveText(
      /^Ready for collection: \w{3} \d{1,2} \w{3}, \d\d:\d\d–\d\d:\d\d \(Arrive for iftar\)$/,
    );
    await expect(page.getByText(CHOSEN)).toBeVisible();
    const estimateText = await estimate.textContent();

    if (!(await page.getByLabel('Full Name').inputValue())) await page.getByLabel('Full Name').fill('Aisha Khan');
    if (!(await page.getByLabel('Phone Number').inputValue()))
      await page.getByLabel('Phone Number').fill('07700 900123');
    const placed = page.waitForResponse((r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Place Order' }).click();
    const answer = await placed;
    expect(answer.status(), await answer.text()).toBe(201);
    const { order } = (await answer.json()) as {
      order: { orderNumber: string; scheduled: { text: string; kind: string } };
    };
    expect(order.scheduled.kind).toBe('iftar');
    const slot = order.scheduled.text;
    expect(slot).toMatch(/^Arrive for iftar: \w{3} \d{1,2} \w{3}, \d\d:\d\d–\d\d:\d\d$/);
    expect(estimateText).toBe(`Ready for collection: ${slot.replace(/^Arrive for iftar: /, '')} (Arrive for iftar)`);

    await expect(page).toHaveURL(new RegExp(`/order/${order.orderNumber}$`));
    await expect(page.getByTestId('scheduled-slot')).toHaveText(slot);
    await customerContext.close();

    // The partner's console: in the Scheduled Orders lane, not among the orders to accept.
    const partnerContext = await browser.newContext({ storageState: await partner.storageState() });
    const console_ = await partnerContext.newPage();
    await console_.goto(`/partner/orders?site=${siteId}`);
    const lane = console_.getByRole('region', { name: /Scheduled Orders/ });
    const card = lane.getByRole('article', { name: `Order ${order.orderNumber}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText(slot);
    await expect(card).toContainText(CHOSEN);
    await expect(card.getByRole('button', { name: 'Accept' })).toHaveCount(0);
    await expect(
      console_
        .getByRole('region', { name: /Active Orders/ })
        .getByRole('article', { name: `Order ${order.orderNumber}` }),
    ).toHaveCount(0);
    await partnerContext.close();

    // The receipt in the dev outbox names the slot.
    const mail = await browser.newPage();
    await mail.goto('/dev/mail');
    const receipt = mail
      .getByRole('listitem')
      .filter({ hasText: `Your HalalNosh order ${order.orderNumber}` })
      .filter({ hasText: 'E-mail' });
    await expect(async () => {
      await mail.getByRole('button', { name: 'Refresh' }).click();
      await expect(receipt.first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(receipt.first()).toContainText(slot);
    await expect(receipt.first()).toContainText(CHOSEN);
    await mail.close();
  } finally {
    await setOptions(dish.optionGroups ?? []);
    await restore();
    await partner.dispose();
    await customer.dispose();
  }
});
