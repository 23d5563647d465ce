import { expect, test } from '@playwright/test';
import { openAllDay, placeOrder, signedIn } from './live-orders';

/*
 * A restaurant that never answers (docs/decisions/0126-restaurant-response-timeout.md): with the
 * branch's shortest response time (2 minutes) and the journeys' server sweeping every second
 * (UNANSWERED_ORDERS_SWEEP_MS in playwright.config.ts), the customer's order page, left open,
 * turns into the rejection with "The restaurant did not respond" without a reload.
 */
test('an order times out and the customer sees the rejection live', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const partner = await signedIn(baseURL!, 'partner@halalnosh.test');
  const { siteId, restore } = await openAllDay(partner, baseURL!);
  const site = (await (await partner.get(`/api/partner/sites/${siteId}`)).json()).site as {
    responseTimeoutMinutes: number;
  };
  const shortest = await partner.patch(`/api/partner/sites/${siteId}`, {
    data: { responseTimeoutMinutes: 2 },
    headers: { origin: baseURL! },
  });
  expect(shortest.ok(), await shortest.text()).toBeTruthy();
  try {
    const order = await placeOrder(baseURL!, 'Timeout Journey', 'PICKUP');
    const customer = await browser.newContext();
    await customer.addInitScript(
      ([number, token]) => localStorage.setItem('halalnosh-order-tokens', JSON.stringify({ [number]: token })),
      [order.orderNumber, order.orderToken],
    );
    const page = await customer.newPage();
    await page.goto(`/order/${order.orderNumber}`);
    await expect(page.getByRole('status').filter({ hasText: 'Awaiting Confirmation' })).toBeVisible();
    let reloaded = false;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloaded = true;
    });

    await expect(page.getByRole('status').filter({ hasText: 'Order Rejected' })).toBeVisible({ timeout: 180_000 });
    await expect(page.getByText(/could not take this order: The restaurant did not respond/)).toBeVisible();
    expect(reloaded).toBe(false);
    await customer.close();
  } finally {
    await partner.patch(`/api/partner/sites/${siteId}`, {
      data: { responseTimeoutMinutes: site.responseTimeoutMinutes },
      headers: { origin: baseURL! },
    });
    await restore();
    await partner.dispose();
  }
});
