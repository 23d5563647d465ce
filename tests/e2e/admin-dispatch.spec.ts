import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, openAllDay, partnerAct, placeOrder, signedIn } from './live-orders';

/*
 * The dispatch map (docs/product/admin.md#dispatch-map): the super admin signs in, opens the
 * dispatch map, sees a job waiting with its reach and the demo driver online and free; the driver
 * takes the job through the API and the list changes live (no reload): the job shows its driver
 * and the driver shows the job.
 * Sign-ins in this file: 3 (the partner and the driver through the API, the admin through /admin/login).
 */
test('ops sees a waiting job and an online driver on the dispatch map, live as the driver takes the job', async ({
  page,
  baseURL,
}) => {
  const base = baseURL!;
  const origin = { origin: base };
  const partner = await signedIn(base, 'partner@halalnosh.test');
  const driver = await signedIn(base, 'driver@halalnosh.test');
  const { restore } = await openAllDay(partner, base);
  const wasOnline: boolean = (await (await driver.get('/api/driver/profile')).json()).isOnline;
  let orderNumber: string | null = null;
  try {
    expect((await driver.patch('/api/driver/availability', { data: { isOnline: true }, headers: origin })).ok()).toBe(
      true,
    );
    const order = await placeOrder(base, 'Dispatch Map Journey');
    orderNumber = order.orderNumber;
    await partnerAct(partner, base, order.id, { action: 'accept', prepTimeMinutes: 15 });

    await page.goto('/admin/login');
    await page.getByLabel('Email', { exact: true }).fill('admin@halalnosh.test');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dispatch map' }).click();
    await expect(page).toHaveURL(/\/admin\/dispatch$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dispatch map' })).toBeVisible();

    // The job waits with its reach; the driver is online and free, both listed and drawn.
    const jobs = page.getByRole('list', { name: /^Open jobs/ });
    const job = jobs.getByRole('listitem').filter({ has: page.getByRole('link', { name: order.orderNumber }) });
    await expect(job).toContainText('Waiting');
    await expect(job).toContainText('Reach 3 miles');
    const drivers = page.getByRole('list', { name: /^Online drivers/ });
    const bilal = drivers.getByRole('listitem').filter({ hasText: 'Bilal Ahmed' });
    await expect(bilal).toContainText('Free');
    const map = page.getByTestId('area-map');
    await expect(map.locator('[data-marker="job-waiting"]').first()).toBeVisible();
    await expect(map.locator('[data-circle]').first()).toBeAttached();

    // Show on map rings the job's marker, from the keyboard.
    const show = job.getByRole('button', { name: `Show on map: job ${order.orderNumber}` });
    await show.focus();
    await page.keyboard.press('Enter');
    await expect(show).toHaveAttribute('aria-pressed', 'true');
    await expect(map.locator('[data-selected="true"]')).toHaveCount(1);

    // The driver takes the job from their board; the page follows without a reload.
    const board = await (await driver.get('/api/driver/jobs?limit=50')).json();
    const offered = board.jobs.find((j: { orderId: string }) => j.orderId === order.id);
    expect(offered, 'the job is on the driver’s board').toBeTruthy();
    const accepted = await driver.post(`/api/driver/jobs/${offered.id}/accept`, { headers: origin });
    expect(accepted.ok(), await accepted.text()).toBeTruthy();
    await expect(job).toContainText('Bilal Ahmed is heading to the restaurant', { timeout: 10_000 });
    await expect(job).not.toContainText('Reach');
    await expect(bilal).toContainText(`On job ${order.orderNumber}`);
  } finally {
    if (orderNumber) {
      const admin = await signedIn(base, 'ops@halalnosh.test');
      await admin.post(`/api/admin/orders/${orderNumber}/cancel`, {
        data: { reason: 'End of the dispatch map journey' },
        headers: origin,
      });
      await admin.dispose();
    }
    await driver.patch('/api/driver/availability', { data: { isOnline: wasOnline }, headers: origin });
    await restore();
    await Promise.all([partner.dispose(), driver.dispose()]);
  }
});
