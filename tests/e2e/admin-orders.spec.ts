import { type APIRequestContext, expect, test } from '@playwright/test';
import { openAllDay, partnerAct, placeOrder, signedIn } from './live-orders';

/*
 * The order console (docs/product/admin.md#order-console): an operations manager finds an order and
 * reassigns its delivery from driver A to driver B; both drivers' screens, open in their own browser
 * contexts, change live (no reload): the job leaves A's "current delivery" and arrives on B's.
 * Sign-ins in this file: 4, all through the API (partner, two drivers, ops manager).
 */
test('ops finds an order and reassigns its driver; both drivers see it live', async ({ browser, baseURL }) => {
  const base = baseURL!;
  const partner = await signedIn(base, 'partner@halalnosh.test');
  const driverA = await signedIn(base, 'driver@halalnosh.test');
  const driverB = await signedIn(base, 'second.driver@halalnosh.test');
  const ops = await signedIn(base, 'ops@halalnosh.test');
  const origin = { origin: base };
  const { restore } = await openAllDay(partner, base);
  const online = (driver: APIRequestContext, isOnline: boolean) =>
    driver.patch('/api/driver/availability', { data: { isOnline }, headers: origin });
  try {
    expect((await online(driverA, true)).ok()).toBeTruthy();
    expect((await online(driverB, true)).ok()).toBeTruthy();
    const order = await placeOrder(base, 'Reassign Journey');
    await partnerAct(partner, base, order.id, { action: 'accept', prepTimeMinutes: 15 });
    // Driver A takes the job from their board.
    const board = await (await driverA.get('/api/driver/jobs?limit=50')).json();
    const job = board.jobs.find((j: { orderId: string }) => j.orderId === order.id);
    expect(job, 'the job is on driver A’s board').toBeTruthy();
    const accepted = await driverA.post(`/api/driver/jobs/${job.id}/accept`, { headers: origin });
    expect(accepted.ok(), await accepted.text()).toBeTruthy();

    const screenOf = async (driver: APIRequestContext) => {
      const context = await browser.newContext({ storageState: await driver.storageState() });
      const page = await context.newPage();
      await page.goto('/driver/jobs');
      await expect(page.getByRole('heading', { level: 1, name: 'Available Jobs' })).toBeVisible();
      return { context, page };
    };
    const a = await screenOf(driverA);
    const b = await screenOf(driverB);
    const cardOn = (page: typeof a.page) =>
      page.getByRole('button', { name: new RegExp(`^Continue delivery: .*order ${order.orderNumber}`) });
    await expect(cardOn(a.page)).toBeVisible();
    await expect(cardOn(b.page)).toHaveCount(0);

    // The ops manager finds the order by its number.
    const back = await browser.newContext({ storageState: await ops.storageState() });
    const console = await back.newPage();
    await console.goto('/admin/orders');
    await expect(console.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await console.getByLabel('Order number, phone or e-mail').fill(order.orderNumber);
    await console.getByRole('button', { name: 'Search', exact: true }).click();
    await console.getByRole('link', { name: order.orderNumber }).click();
    await expect(console.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
    const driverCard = console.getByTestId('order-driver');
    await expect(driverCard).toContainText('Bilal Ahmed');

    // Reassign to driver B.
    const choose = console.getByLabel('Reassign to');
    const optionB = choose.locator('option', { hasText: 'Hamza Ali' });
    await choose.selectOption({ value: (await optionB.getAttribute('value'))! });
    await console.getByRole('button', { name: 'Reassign driver' }).click();
    await expect(driverCard).toContainText('Hamza Ali');
    await expect(console.getByRole('list', { name: 'Every move of the order' })).toContainText('Driver taken off');

    // Both drivers' screens changed live.
    await expect(cardOn(a.page)).toHaveCount(0);
    await expect(cardOn(b.page)).toBeVisible();

    // Tidy up: ops cancels the order, which also takes it off driver B's screen.
    const cancelled = await ops.post(`/api/admin/orders/${order.orderNumber}/cancel`, {
      data: { reason: 'End of the reassign journey' },
      headers: origin,
    });
    expect(cancelled.ok(), await cancelled.text()).toBeTruthy();
    await expect(cardOn(b.page)).toHaveCount(0);
    await Promise.all([a.context.close(), b.context.close(), back.close()]);
  } finally {
    await online(driverB, false);
    await restore();
    await Promise.all([partner.dispose(), driverA.dispose(), driverB.dispose(), ops.dispose()]);
  }
});
