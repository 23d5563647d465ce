import { expect, test } from '@playwright/test';
import { openAllDay, placeOrder, signedIn } from './live-orders';

/*
 * A customer cancels an order the restaurant has not answered; the partner's orders console,
 * open on another screen, drops it from Active Orders live (no reload) and shows it as cancelled.
 */
test('a customer cancels a pending order and the partner console drops it live', async ({ browser, baseURL }) => {
  const partner = await signedIn(baseURL!, 'partner@halalnosh.test');
  const { siteId, restore } = await openAllDay(partner, baseURL!);
  try {
    const order = await placeOrder(baseURL!, 'Cancel Journey', 'PICKUP');

    const staff = await browser.newContext({ storageState: await partner.storageState() });
    const console = await staff.newPage();
    await console.goto(`/partner/orders?site=${siteId}`);
    const active = console.getByRole('region', { name: /Active Orders/ });
    await expect(active.getByRole('article', { name: `Order ${order.orderNumber}` })).toBeVisible();
    await expect(console.getByRole('button', { name: `Accept ${order.orderNumber}` })).toBeVisible();

    const customer = await browser.newContext();
    await customer.addInitScript(
      ([number, token]) => localStorage.setItem('halalnosh-order-tokens', JSON.stringify({ [number]: token })),
      [order.orderNumber, order.orderToken],
    );
    const page = await customer.newPage();
    await page.goto(`/order/${order.orderNumber}`);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
    await dialog.getByLabel('Reason (optional)').fill('Ordered by mistake');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Order Cancelled' })).toBeVisible();
    await expect(page.getByText('You cancelled this order: Ordered by mistake')).toBeVisible();
    await expect(page.getByRole('button', { name: /Cancel order|Ask to cancel/ })).toHaveCount(0);

    // The console heard it on the site's topic: the Accept button is gone and the card reads Cancelled.
    await expect(console.getByRole('button', { name: `Accept ${order.orderNumber}` })).toHaveCount(0);
    await expect(active.getByText(order.orderNumber)).toHaveCount(0);
    const recent = console.getByRole('region', { name: /Recent Orders/ });
    await expect(recent.getByRole('article', { name: `Order ${order.orderNumber}` })).toContainText('Cancelled');
    await staff.close();
    await customer.close();
  } finally {
    await restore();
    await partner.dispose();
  }
});
