import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { openAllDay, partnerAct, placeOrder, signedIn } from './live-orders';

/*
 * The dispatcher (docs/product/driver.md#offers, docs/product/admin.md#dispatch-mode): ops switch London
 * to the dispatcher, a ready order's job is offered to one of two online drivers on their phones; that
 * driver declines with a reason, the other gets the offer card at once and accepts it, landing on the
 * delivery screen. London goes back to the jobs board at the end.
 * Sign-ins in this file: 4, all through the API (partner, two drivers, ops manager).
 */
const PHONE = { width: 360, height: 740 };

test('a dispatcher city offers a job to one driver; a decline passes it to the next, who accepts', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL!;
  const origin = { origin: base };
  const partner = await signedIn(base, 'partner@halalnosh.test');
  const ops = await signedIn(base, 'ops@halalnosh.test');
  const drivers = [await signedIn(base, 'driver@halalnosh.test'), await signedIn(base, 'second.driver@halalnosh.test')];
  const { restore } = await openAllDay(partner, base);
  const mode = (m: 'board' | 'dispatcher') =>
    ops.put('/api/admin/cities/london/dispatch-mode', { data: { mode: m }, headers: origin });
  const online = (driver: APIRequestContext, isOnline: boolean) =>
    driver.patch('/api/driver/availability', { data: { isOnline }, headers: origin });
  try {
    expect((await mode('dispatcher')).ok()).toBeTruthy();
    for (const d of drivers) expect((await online(d, true)).ok()).toBeTruthy();

    const phones: Page[] = [];
    for (const d of drivers) {
      const context = await browser.newContext({
        storageState: await d.storageState(),
        viewport: PHONE,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      await page.goto('/driver/jobs');
      await expect(page.getByRole('heading', { level: 1, name: 'Available Jobs' })).toBeVisible();
      phones.push(page);
    }

    // The restaurant accepts and marks the food ready: the best placed driver is offered it at once.
    const order = await placeOrder(base, 'Dispatcher Journey');
    await partnerAct(partner, base, order.id, { action: 'accept', prepTimeMinutes: 10 });
    await partnerAct(partner, base, order.id, { action: 'start_preparing' });
    await partnerAct(partner, base, order.id, { action: 'mark_ready' });
    // Jobs other journeys left waiting in London are offered too (the dispatcher keeps offering a job
    // that went to the board): each driver turns those down through the API until they hold this one.
    const dispatch = await (await ops.get('/api/admin/dispatch')).json();
    const ours: string = dispatch.jobs.find((j: { orderNumber: string }) => j.orderNumber === order.orderNumber).id;
    const decline = (driver: APIRequestContext, offerId: string) =>
      driver.post(`/api/driver/offers/${offerId}/decline`, { data: { reason: 'other' }, headers: origin });
    const holds = async (i: number) => {
      const { offer } = await (await drivers[i].get('/api/driver/offers/current')).json();
      if (offer && offer.jobId !== ours) await decline(drivers[i], offer.id);
      return offer?.jobId === ours;
    };
    const holder = async () => ((await holds(0)) ? 0 : (await holds(1)) ? 1 : -1);
    await expect.poll(holder, { timeout: 30_000 }).toBeGreaterThanOrEqual(0);
    const first = await holder();
    const second = 1 - first;

    const card = (page: Page) => page.getByRole('region', { name: 'New delivery offer' });
    const offered = card(phones[first]);
    await expect(offered).toHaveAttribute('data-job-id', ours);
    await expect(offered).toContainText('Drop-off');
    await expect(offered).toContainText(/\d+ seconds? left to accept/);
    await expect(card(phones[second]).and(phones[second].locator(`[data-job-id="${ours}"]`))).toHaveCount(0);

    await offered.getByRole('button', { name: 'Decline', exact: true }).click();
    await offered.getByRole('radio', { name: 'Too far away' }).check();
    await offered.getByRole('button', { name: 'Send decline' }).click();
    await expect(phones[first].locator(`[data-job-id="${ours}"]`)).toHaveCount(0);

    await expect.poll(() => holds(second), { timeout: 30_000 }).toBe(true);
    const next = card(phones[second]);
    await expect(next).toHaveAttribute('data-job-id', ours, { timeout: 15_000 });
    await next.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(phones[second]).toHaveURL(/\/driver\/delivery\//);
    await expect(phones[second].getByText(order.orderNumber).first()).toBeVisible();
    for (const page of phones) await page.context().close();
  } finally {
    await mode('board');
    await online(drivers[1], false);
    await restore();
  }
});
