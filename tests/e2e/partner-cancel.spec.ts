import { expect, test } from '@playwright/test';
import { waitForContent } from './hydration';
import { SLUG, actPastTheGuard, openAllDay, placeOrder, progress, signedIn } from './live-orders';

/*
 * The restaurant steps in from its orders console (docs/product/partner.md#cancel-an-order): it
 * cancels an accepted order with a reason, and the customer's order page, open on another screen,
 * shows the cancellation and the reason live (no reload); it marks an item of an order unavailable
 * and the customer's restaurant page no longer offers it.
 */
// Three browsers and the API in one journey: on a loaded machine it takes longer than the default minute.
test.describe.configure({ timeout: 180_000 });

test('a partner cancels an accepted order with a reason and the customer sees it live', async ({
  browser,
  baseURL,
}) => {
  const partner = await signedIn(baseURL!, 'partner@halalnosh.test');
  const { siteId, restore } = await openAllDay(partner, baseURL!);
  try {
    const order = await placeOrder(baseURL!, 'Partner Cancel Journey', 'PICKUP');
    await progress(partner, baseURL!, order.id, 'accepted');

    const customer = await browser.newContext();
    await customer.addInitScript(
      ([number, token]) => localStorage.setItem('halalnosh-order-tokens', JSON.stringify({ [number]: token })),
      [order.orderNumber, order.orderToken],
    );
    const page = await customer.newPage();
    await page.goto(`/order/${order.orderNumber}`);
    await expect(page.getByRole('status').filter({ hasText: 'Order Accepted' })).toBeVisible();

    const staff = await browser.newContext({ storageState: await partner.storageState() });
    const console = await staff.newPage();
    await console.goto(`/partner/orders?site=${siteId}`);
    await waitForContent(console);
    const card = console.getByRole('region', { name: /Active Orders/ }).getByRole('article', {
      name: `Order ${order.orderNumber}`,
    });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: `Cancel order ${order.orderNumber}` }).click();
    const dialog = console.getByRole('dialog', { name: `Cancel ${order.orderNumber}` });
    // The server refuses a second move on an order within 2 seconds of the last (the acceptance):
    // the dialog then stays open with "Action blocked", and the partner presses again.
    await actPastTheGuard(
      async () => {
        await dialog.getByRole('radio', { name: 'Item ran out' }).check({ timeout: 5_000 });
        await dialog.getByRole('button', { name: 'Cancel order' }).click({ timeout: 5_000 });
      },
      { goes: dialog },
    );
    await expect(dialog).toBeHidden();
    const recent = console.getByRole('region', { name: /Recent Orders/ });
    await expect(recent.getByRole('article', { name: `Order ${order.orderNumber}` })).toContainText(
      'Cancelled by the restaurant: Item ran out',
    );

    // The customer's page heard it on the order's topic.
    await expect(page.getByRole('status').filter({ hasText: 'Order Cancelled' })).toBeVisible();
    await expect(page.getByText('The restaurant cancelled this order: Item ran out')).toBeVisible();
    await staff.close();
    await customer.close();
  } finally {
    await restore();
    await partner.dispose();
  }
});

test('a partner marks an item unavailable from the order card and customers can no longer order it', async ({
  browser,
  baseURL,
}) => {
  const partner = await signedIn(baseURL!, 'partner@halalnosh.test');
  const { siteId, restore } = await openAllDay(partner, baseURL!);
  const menu = async () => {
    const res = await partner.get(`/api/restaurants/${SLUG}`);
    return ((await res.json()).restaurant.menu.sections as { items: { id: string; name: string }[] }[]).flatMap(
      (s) => s.items,
    );
  };
  const item = (await menu())[1];
  try {
    const order = await placeOrder(baseURL!, 'Unavailable Journey', 'PICKUP');
    const staff = await browser.newContext({ storageState: await partner.storageState() });
    const console = await staff.newPage();
    await console.goto(`/partner/orders?site=${siteId}`);
    await waitForContent(console);
    const card = console.getByRole('article', { name: `Order ${order.orderNumber}` });
    await card.getByRole('button', { name: `Mark ${item.name} unavailable` }).click();
    await expect(console.getByText(`${item.name} is unavailable at this location`)).toBeVisible();
    await expect(card.getByText('Unavailable', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: `Mark ${item.name} unavailable` })).toHaveCount(0);
    expect((await menu()).map((i) => i.id)).not.toContain(item.id);
    await staff.close();
  } finally {
    await partner.put(`/api/partner/sites/${siteId}/items/${item.id}/override`, {
      data: { isAvailable: null },
      headers: { origin: baseURL! },
    });
    await restore();
    await partner.dispose();
  }
});
