import { type APIRequestContext, type Browser, type Page, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_PASSWORD, openAllDay, partnerAct, placeOrder, signedIn } from './live-orders';

/*
 * The maps (docs/decisions/0080-maps.md): the customer's tracking page shows the
 * restaurant and the delivery address, the driver's delivery page shows pickup and drop-off, the
 * driver's phone shares its position (geolocation granted) and the customer's map shows the driver
 * without a reload; tiles that fail leave the plain map and the addresses.
 * The server runs with MAP_TILE_URL pointing at a same-origin path that does not exist
 * (playwright.config.ts), so tiles fail unless a test serves them.
 * Sign-ins in this file: 2 (the partner through the API, the driver through /driver/login).
 */

/** Near Dalston Junction, between the restaurant and the customer. */
const DRIVER_AT = { latitude: 51.5465, longitude: -0.0755 };

let partner: APIRequestContext;
let branch: { siteId: string; restore: () => Promise<void> };

test.beforeAll(async ({ baseURL }) => {
  partner = await signedIn(baseURL!, 'partner@halalnosh.test');
  branch = await openAllDay(partner, baseURL!);
});

test.afterAll(async () => {
  await branch.restore();
  await partner.dispose();
});

/** A visitor's delivery order at the sample branch (to Dalston), accepted by the restaurant. */
async function acceptedOrder(baseURL: string) {
  const order = await placeOrder(baseURL);
  await partnerAct(partner, baseURL, order.id, { action: 'accept', prepTimeMinutes: 10 });
  return order;
}

/** The customer's tracking page, in a browser holding the visitor's order token. */
async function trackingPage(
  browser: Browser,
  baseURL: string,
  order: { orderNumber: string; orderToken: string },
): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(
    ([number, token]) => window.localStorage.setItem('halalnosh-order-tokens', JSON.stringify({ [number]: token })),
    [order.orderNumber, order.orderToken],
  );
  const page = await context.newPage();
  await page.goto(`/order/${order.orderNumber}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${order.orderNumber}` })).toBeVisible();
  return page;
}

const mapOf = (page: Page, name: RegExp) => page.getByRole('img', { name });

test('the tracking page maps the restaurant and the delivery address, and lists them', async ({ browser, baseURL }) => {
  const order = await acceptedOrder(baseURL!);
  const page = await trackingPage(browser, baseURL!, order);
  const map = mapOf(page, new RegExp(`^Map of order ${order.orderNumber}`));
  await expect(map).toBeVisible();
  await expect(map).toHaveAccessibleName(
    /Restaurant \(restaurant\): Kervan.*Delivery address \(delivery address\): 10 Dalston Lane, E8 3AH/,
  );
  await expect(map.locator('[data-marker="restaurant"]')).toHaveCount(1);
  await expect(map.locator('[data-marker="delivery"]')).toHaveCount(1);
  await expect(map.locator('[data-marker="driver"]')).toHaveCount(0);
  const places = page.getByRole('list', { name: /: places$/ });
  await expect(places.getByText('10 Dalston Lane, E8 3AH')).toBeVisible();
  await expect(places.getByText(/Kervan/)).toBeVisible();
  await page.context().close();
});

test("the driver shares their position and the customer's map shows the driver without a reload", async ({
  browser,
  baseURL,
}) => {
  const order = await acceptedOrder(baseURL!);
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    geolocation: DRIVER_AT,
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  await page.goto('/driver/login');
  await page.getByLabel('Email', { exact: true }).fill('driver@halalnosh.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Available Jobs' })).toBeVisible();

  // The driver takes the job (through the API, with the page's session) and the restaurant hands it over.
  const { jobs } = await (await page.request.get('/api/driver/jobs?limit=50')).json();
  const job = jobs.find((j: { orderNumber: string }) => j.orderNumber === order.orderNumber);
  expect(job).toBeTruthy();
  const accepted = await page.request.post(`/api/driver/jobs/${job.id}/accept`, { headers: { origin: baseURL! } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const pickupCode = (await accepted.json()).job.pickupCode as string;
  await partnerAct(partner, baseURL!, order.id, { action: 'start_preparing' });
  await partnerAct(partner, baseURL!, order.id, { action: 'mark_ready' });
  await partnerAct(partner, baseURL!, order.id, { pickupCode }, 'hand-over');

  // The customer follows the order; the driver shares nothing yet.
  const tracking = await trackingPage(browser, baseURL!, order);
  await expect(
    tracking.getByText('Your driver is not sharing their location, so only the addresses are shown.'),
  ).toBeVisible();
  const customerMap = mapOf(tracking, new RegExp(`^Map of order ${order.orderNumber}`));
  await expect(customerMap.locator('[data-marker="driver"]')).toHaveCount(0);

  // The driver's delivery page maps pickup and drop-off, then their own position once they agree.
  await page.goto(`/driver/delivery/${job.id}`);
  const driverMap = mapOf(page, new RegExp(`^Map of delivery ${order.orderNumber}`));
  await expect(driverMap).toBeVisible();
  await expect(driverMap.locator('[data-marker="restaurant"]')).toHaveCount(1);
  await expect(driverMap.locator('[data-marker="delivery"]')).toHaveCount(1);
  await expect(page.getByRole('list', { name: /: places$/ }).getByText('10 Dalston Lane, E8 3AH')).toBeVisible();
  const sent = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith(`/api/driver/jobs/${job.id}/position`),
  );
  await page.getByRole('button', { name: 'Share my location' }).click();
  const body = (await sent).postDataJSON();
  expect(body).toMatchObject({ lat: DRIVER_AT.latitude, lng: DRIVER_AT.longitude });
  await expect(page.getByRole('status').filter({ hasText: 'Sharing your location.' })).toBeVisible();
  await expect(driverMap.locator('[data-marker="driver"]')).toHaveCount(1);

  // Pushed to the customer's open page: no reload.
  await expect(customerMap.locator('[data-marker="driver"]')).toHaveCount(1);
  await expect(customerMap).toHaveAccessibleName(/Driver \(driver\): Last seen at/);
  await expect(
    tracking.getByText('Your driver is not sharing their location, so only the addresses are shown.'),
  ).toHaveCount(0);

  await tracking.context().close();
  await context.close();
});

test('tiles that fail to load leave the plain map and the addresses; tiles that load lie under the markers', async ({
  browser,
  baseURL,
}) => {
  const order = await acceptedOrder(baseURL!);
  // No tile server answers: every tile is a 404, so the map drops them.
  let page = await trackingPage(browser, baseURL!, order);
  const map = page.getByTestId('route-map');
  await expect(map).toHaveAttribute('data-tiles', 'off');
  await expect(map.locator('img')).toHaveCount(0);
  await expect(mapOf(page, /^Map of order/).locator('[data-marker="restaurant"]')).toHaveCount(1);
  await expect(mapOf(page, /^Map of order/).locator('[data-marker="delivery"]')).toHaveCount(1);
  await expect(page.getByRole('list', { name: /: places$/ }).getByText('10 Dalston Lane, E8 3AH')).toBeVisible();
  await page.context().close();

  // A tile server that answers: the tiles stay, under the same markers.
  const png = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#dfe8d8' } })
    .png()
    .toBuffer();
  const context = await browser.newContext({ baseURL });
  await context.route('**/e2e-tiles/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: png }),
  );
  await context.addInitScript(
    ([number, token]) => window.localStorage.setItem('halalnosh-order-tokens', JSON.stringify({ [number]: token })),
    [order.orderNumber, order.orderToken],
  );
  page = await context.newPage();
  await page.goto(`/order/${order.orderNumber}`);
  const tiled = page.getByTestId('route-map');
  await expect(tiled).toHaveAttribute('data-tiles', 'on');
  await expect
    .poll(() =>
      tiled
        .locator('img')
        .evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth === 256).length),
    )
    .toBeGreaterThan(0);
  await expect(mapOf(page, /^Map of order/).locator('[data-marker="delivery"]')).toHaveCount(1);
  await context.close();
});
