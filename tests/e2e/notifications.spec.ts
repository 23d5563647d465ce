import { expect, request, test } from '@playwright/test';
import { SLUG, openAllDay, signedIn } from './live-orders';

type MenuItem = { id: string; name: string; priceMinor: number };

const gbp = (pence: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pence / 100);

/*
 * A visitor orders with an e-mail address; the outbox worker sends the receipt, which lands in the
 * dev outbox with the right items and total, and its private tracking link opens the order on
 * another device (docs/product/orders.md#notifications).
 */
test('the receipt e-mail in the dev outbox has the right items and total, and its link follows the order', async ({
  browser,
  baseURL,
}) => {
  const partner = await signedIn(baseURL!, 'partner@halalnosh.test');
  const { restore } = await openAllDay(partner, baseURL!);
  try {
    const visitor = await request.newContext({ baseURL });
    const { restaurant } = await (await visitor.get(`/api/restaurants/${SLUG}`)).json();
    const items: MenuItem[] = restaurant.menu.sections.flatMap((s: { items: MenuItem[] }) => s.items);
    const [first, second] = items;
    const quantity = Math.max(1, Math.ceil(2500 / first.priceMinor));
    const email = `receipt.${Date.now()}@example.com`;
    const placed = await visitor.post('/api/orders', {
      headers: { 'idempotency-key': `e2e-receipt-${Date.now()}` },
      data: {
        siteId: restaurant.id,
        orderType: 'PICKUP',
        items: [
          { menuItemId: first.id, quantity },
          { menuItemId: second.id, quantity: 1 },
        ],
        customerName: 'Receipt Journey',
        customerPhone: '07700 900123',
        customerEmail: email,
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { order } = (await placed.json()) as { order: { orderNumber: string; totalMinor: number } };
    await visitor.dispose();

    const page = await browser.newPage();
    await page.goto('/dev/mail');
    const receipt = page
      .getByRole('listitem')
      .filter({ hasText: `Your HalalNosh order ${order.orderNumber}` })
      .filter({ hasText: email });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(receipt).toHaveCount(1, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(receipt).toContainText('E-mail');
    await expect(receipt).toContainText(
      `${quantity} × ${first.name} (${gbp(first.priceMinor)} each)  ${gbp(first.priceMinor * quantity)}`,
    );
    await expect(receipt).toContainText(
      `1 × ${second.name} (${gbp(second.priceMinor)} each)  ${gbp(second.priceMinor)}`,
    );
    await expect(receipt).toContainText(`Total: ${gbp(first.priceMinor * quantity + second.priceMinor)}`);
    await expect(receipt).toContainText('Payment: cash on collection');

    // The tracking link carries the visitor's token: a browser that never placed the order follows it.
    const link = receipt.getByRole('link', { name: /\/order\/HN-\d+\?token=/ });
    const href = await link.getAttribute('href');
    const other = await browser.newContext();
    const elsewhere = await other.newPage();
    await elsewhere.goto(new URL(href!).pathname + new URL(href!).search);
    await expect(elsewhere.getByText(order.orderNumber).first()).toBeVisible();
    await expect(elsewhere).toHaveURL(new RegExp(`/order/${order.orderNumber}$`));
    await other.close();
    await page.close();
  } finally {
    await restore();
    await partner.dispose();
  }
});
