import { type APIRequestContext, type Browser, type Page, expect, test } from '@playwright/test';
import { openAllDay, partnerAct, placeOrder, signedIn } from './live-orders';

/*
 * The dispatcher (docs/product/driver.md#offers, docs/product/admin.md#dispatch-mode): ops switch London
 * to the dispatcher, a ready order's job is offered to one of two online drivers on their phones; that
 * driver declines with a reason, the other gets the offer card at once and accepts it, landing on the
 * delivery screen. London goes back to the jobs board at the end.
 * Sign-ins in this file: 4, all through the API (partner, two drivers, ops manager).
 */
const PHONE = { width: 360, height: 740 };

/** London's dispatch mode as ops, and a driver online or offline, through the API (both journeys). */
function switches(base: string, ops: APIRequestContext) {
  const headers = { origin: base };
  return {
    mode: (m: 'board' | 'dispatcher') =>
      ops.put('/api/admin/cities/london/dispatch-mode', { data: { mode: m }, headers }),
    online: (driver: APIRequestContext, isOnline: boolean) =>
      driver.patch('/api/driver/availability', { data: { isOnline }, headers }),
  };
}

/** A delivery order the partner accepts, prepares and marks ready (the dispatcher offers its job at once). */
async function readyOrder(partner: APIRequestContext, base: string, name: string) {
  const order = await placeOrder(base, name);
  await partnerAct(partner, base, order.id, { action: 'accept', prepTimeMinutes: 10 });
  await partnerAct(partner, base, order.id, { action: 'start_preparing' });
  await partnerAct(partner, base, order.id, { action: 'mark_ready' });
  return order;
}

/** The driver's phone on their jobs screen. */
async function phoneOf(browser: Browser, driver: APIRequestContext): Promise<Page> {
  const context = await browser.newContext({
    storageState: await driver.storageState(),
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto('/driver/jobs');
  await expect(page.getByRole('heading', { level: 1, name: 'Available Jobs' })).toBeVisible();
  return page;
}

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
  const { mode, online } = switches(base, ops);
  try {
    expect((await mode('dispatcher')).ok()).toBeTruthy();
    for (const d of drivers) expect((await online(d, true)).ok()).toBeTruthy();

    const phones: Page[] = [];
    for (const d of drivers) phones.push(await phoneOf(browser, d));

    // The restaurant accepts and marks the food ready: the best placed driver is offered it at once.
    const order = await readyOrder(partner, base, 'Dispatcher Journey');
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

/*
 * Stacked orders (docs/product/driver.md#stacked-orders): with one driver online in a dispatcher city, the
 * driver takes one ready order, and a second order ready at the same kitchen is offered to them as a stack.
 * The offer card says so and lists both drops; once accepted, the delivery screen shows both drops in order,
 * each with its own pickup code, and a link to the other drop.
 * Sign-ins in this file's second journey: 4, all through the API (partner, ops manager, two drivers).
 */
test('a driver holding a job is offered a second order from the same kitchen as a stack and sees both drops', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL!;
  const origin = { origin: base };
  const partner = await signedIn(base, 'partner@halalnosh.test');
  const ops = await signedIn(base, 'ops@halalnosh.test');
  const driver = await signedIn(base, 'driver@halalnosh.test');
  const other = await signedIn(base, 'second.driver@halalnosh.test');
  const { restore } = await openAllDay(partner, base);
  const { mode, online } = switches(base, ops);
  const ready = async (name: string) => {
    const order = await readyOrder(partner, base, name);
    const dispatch = await (await ops.get('/api/admin/dispatch')).json();
    const job = dispatch.jobs.find((j: { orderNumber: string }) => j.orderNumber === order.orderNumber);
    return { ...order, jobId: job.id as string };
  };
  type Offer = { id: string; jobId: string; stacked: { jobId: string; orderNumber: string } | null };
  // Jobs other journeys left waiting in London are offered too: the driver turns those down until ours comes.
  const offerFor = async (jobId: string): Promise<Offer | null> => {
    const { offer } = (await (await driver.get('/api/driver/offers/current')).json()) as { offer: Offer | null };
    if (offer && offer.jobId !== jobId) {
      await driver.post(`/api/driver/offers/${offer.id}/decline`, { data: { reason: 'other' }, headers: origin });
    }
    return offer?.jobId === jobId ? offer : null;
  };
  // A stack needs a driver holding exactly one job: jobs earlier journeys left with this driver go back first.
  const giveBackAll = async () => {
    const { activeJobs } = (await (await driver.get('/api/driver/jobs')).json()) as {
      activeJobs: { id: string; status: string }[];
    };
    for (const job of activeJobs.filter((j) => j.status === 'assigned')) {
      await driver.post(`/api/driver/jobs/${job.id}/return`, { data: { reason: 'too_far' }, headers: origin });
    }
  };
  try {
    expect((await mode('dispatcher')).ok()).toBeTruthy();
    expect((await online(other, false)).ok()).toBeTruthy();
    await giveBackAll();
    expect((await online(driver, true)).ok()).toBeTruthy();

    const first = await ready('Stack Journey One');
    await expect.poll(async () => (await offerFor(first.jobId)) !== null, { timeout: 30_000 }).toBe(true);
    const held = (await offerFor(first.jobId))!;
    expect((await driver.post(`/api/driver/offers/${held.id}/accept`, { headers: origin })).ok()).toBeTruthy();

    const phone = await phoneOf(browser, driver);

    const second = await ready('Stack Journey Two');
    await expect
      .poll(async () => (await offerFor(second.jobId))?.stacked?.jobId ?? null, { timeout: 30_000 })
      .toBe(first.jobId);
    const card = phone.getByRole('region', { name: 'New delivery offer' });
    await expect(card).toHaveAttribute('data-job-id', second.jobId, { timeout: 15_000 });
    await expect(card).toContainText('Stacked order');
    await expect(card).toContainText(`you keep order ${first.orderNumber}`);
    await card.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(phone).toHaveURL(/\/driver\/delivery\//);

    const stack = phone.getByTestId('stack-card');
    await expect(stack.getByRole('heading', { name: 'Stacked order: 2 drops' })).toBeVisible();
    const drops = stack.getByTestId('stack-drop');
    await expect(drops).toHaveCount(2);
    await expect(stack).toContainText(first.orderNumber);
    await expect(stack).toContainText(second.orderNumber);
    const codes = stack.getByTestId('stack-pickup-code');
    await expect(codes).toHaveCount(2);
    const [a, b] = await codes.allTextContents();
    expect(a).not.toBe(b);
    // The other drop is one tap away, and its screen shows the same stack.
    await stack.getByRole('link', { name: /^Open drop [12]$/ }).click();
    await expect(phone.getByTestId('stack-card')).toBeVisible();
    await expect(phone.getByTestId('stack-drop').filter({ has: phone.getByText('This screen') })).toHaveCount(1);
    await phone.context().close();
  } finally {
    await mode('board');
    await giveBackAll();
    await restore();
  }
});
