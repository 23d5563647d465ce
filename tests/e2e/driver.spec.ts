import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { confirmWithProofPhoto, doorstepPhoto, enterDeliveryCode, signInDriver } from './driver-steps';

/*
 * The driver's journey (docs/product/driver.md#delivery-screen) on a phone-sized screen, against the real
 * server and demo data: a visitor orders for delivery from a sample branch in the E area, the
 * restaurant accepts, the demo driver (approved, postcode E1, online) takes the job, the restaurant
 * hands over with the driver's pickup code, the driver delivers with the customer's code and a
 * photo, and the customer's tracking page says "Delivered".
 * Sign-ins in this file: 2 (the partner through the API, the driver through /driver/login).
 */

const DEMO_PASSWORD = 'halalnosh-demo';
const SLUG = 'kervan-ocakbasi-dalston';
const PHONE = { width: 375, height: 812 };

type MenuItem = { id: string; name: string; priceMinor: number };
type Site = { id: string; openingHours: unknown; isOpen: boolean };

let partner: APIRequestContext;
let visitor: APIRequestContext;
let site: Site;

/** A partner action, retried past the server's 2-second guard between actions on one order. */
async function partnerAct(orderId: string, path: string, data: Record<string, unknown>, baseURL: string) {
  await expect
    .poll(
      async () =>
        (await partner.post(`/api/partner/orders/${orderId}/${path}`, { data, headers: { origin: baseURL } })).status(),
      {
        intervals: [1000],
        timeout: 15_000,
      },
    )
    .toBe(200);
}

test.beforeAll(async ({ baseURL }) => {
  partner = await request.newContext({ baseURL });
  visitor = await request.newContext({ baseURL });
  const signIn = await partner.post('/api/auth/sign-in/email', {
    data: { email: 'partner@halalnosh.test', password: DEMO_PASSWORD },
    headers: { origin: baseURL! },
  });
  expect(signIn.ok()).toBeTruthy();
  const { restaurant } = await (await visitor.get(`/api/restaurants/${SLUG}`)).json();
  site = (await (await partner.get(`/api/partner/sites/${restaurant.id}`)).json()).site;
  // The journey must not depend on the hour: the branch opens round the clock for it (restored after).
  const always = Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
      d,
      { open: '00:00', close: '00:00', closed: false },
    ]),
  );
  const opened = await partner.patch(`/api/partner/sites/${site.id}`, {
    data: { openingHours: always, isOpen: true },
    headers: { origin: baseURL! },
  });
  expect(opened.ok(), await opened.text()).toBeTruthy();
});

test.afterAll(async ({ baseURL }) => {
  await partner.patch(`/api/partner/sites/${site.id}`, {
    data: { openingHours: site.openingHours, isOpen: site.isOpen },
    headers: { origin: baseURL! },
  });
  await partner.dispose();
  await visitor.dispose();
});

/** Places a delivery order as a visitor at the sample branch and lets the restaurant accept it. */
async function acceptedOrder(baseURL: string) {
  const { restaurant } = await (await visitor.get(`/api/restaurants/${SLUG}`)).json();
  const items: MenuItem[] = restaurant.menu.sections.flatMap((s: { items: MenuItem[] }) => s.items);
  const item = items[0];
  const quantity = Math.max(1, Math.ceil(2500 / item.priceMinor));
  const placed = await visitor.post('/api/orders', {
    headers: { 'idempotency-key': `driver-e2e-${Date.now()}` },
    data: {
      siteId: restaurant.id,
      orderType: 'DELIVERY',
      items: [{ menuItemId: item.id, quantity }],
      customerName: 'Aisha Khan',
      customerPhone: '07700 900123',
      deliveryAddress: '10 Dalston Lane',
      deliveryPostcode: 'E8 3AH',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, orderToken } = (await placed.json()) as {
    order: { id: string; orderNumber: string };
    orderToken: string;
  };
  await partnerAct(order.id, 'actions', { action: 'accept', prepTimeMinutes: 10 }, baseURL);
  return { ...order, orderToken };
}

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

test('an approved driver delivers a real order end to end on a phone', async ({ page, baseURL, browser }) => {
  // Navigation opens the maps app in a new tab; the test closes it and stays on the driver app.
  page.context().on('page', (tab) => void tab.close());
  const order = await acceptedOrder(baseURL!);

  await signInDriver(page);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest-driver.webmanifest');
  const job = page.getByRole('button', { name: new RegExp(`order ${order.orderNumber}`) });
  await expect(job).toBeVisible();
  await job.click();
  const dialog = page.getByRole('dialog', { name: /Kervan/ });
  await expect(dialog.getByText('You earn')).toBeVisible();
  await dialog.getByRole('button', { name: 'Accept Job' }).click();

  await expect(page).toHaveURL(/\/driver\/delivery\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery in Progress' })).toBeVisible();
  await expect(page.getByText(`Order ${order.orderNumber}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Step 1: Pickup Order' })).toBeVisible();
  const main = page.getByRole('button', { name: 'Start Delivery & Navigate' });
  const box = (await main.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await main.click();
  await page.getByRole('button', { name: "I've Arrived at Pickup" }).click();
  await expect(page.getByText('Show this code to the restaurant.')).toBeVisible();
  const pickupCode = (await page.getByTestId('pickup-code').textContent())!.trim();
  expect(pickupCode).toMatch(/^\d{4}$/);

  // The restaurant cooks, then hands the order over after checking the driver's code.
  await partnerAct(order.id, 'actions', { action: 'start_preparing' }, baseURL!);
  await partnerAct(order.id, 'actions', { action: 'mark_ready' }, baseURL!);
  await partnerAct(order.id, 'hand-over', { pickupCode }, baseURL!);

  // The hand-over reaches the driver live.
  await expect(page.getByRole('heading', { name: 'Step 2: Deliver Order' })).toBeVisible();
  await page.getByRole('button', { name: 'Navigate to Customer' }).click();
  await page.getByRole('button', { name: "I've Arrived at Customer's Location" }).click();
  await page.getByRole('button', { name: 'Complete Delivery' }).click();

  // The customer reads their code from their own order page's data.
  const seen = await visitor.get(`/api/orders/${order.orderNumber}`, {
    headers: { 'x-order-token': order.orderToken },
  });
  const deliveryCode = (await seen.json()).order.deliveryCode as string;
  expect(deliveryCode).toMatch(/^\d{4}$/);
  const codeDialog = page.getByRole('dialog', { name: 'Enter Delivery Code' });
  await enterDeliveryCode(page, deliveryCode === '0000' ? '1111' : '0000');
  await expect(
    codeDialog.getByText('Invalid code. Please ask the customer for the correct 4-digit code.'),
  ).toBeVisible();
  // The server names the code field: its message is under the boxes, and the first box has the focus.
  const firstDigit = codeDialog.getByLabel('Digit 1 of 4');
  await expect(firstDigit).toHaveAccessibleDescription(
    'Invalid code. Please ask the customer for the correct 4-digit code.',
  );
  await expect(firstDigit).toBeFocused();
  await enterDeliveryCode(page, deliveryCode);

  const proof = page.getByRole('dialog', { name: 'Proof of Delivery' });
  await expect(proof.getByText('Take a photo to confirm the delivery has been completed.')).toBeVisible();
  const photo = proof.getByLabel('Delivery photo');
  await expect(photo).toHaveAttribute('capture', 'environment');
  // A file that is no photo is refused under the photo control before anything is sent.
  await photo.setInputFiles({ name: 'receipt.txt', mimeType: 'text/plain', buffer: Buffer.from('Order receipt') });
  await expect(photo).toHaveAccessibleDescription('Failed to capture photo. Please try again.');
  // An amount the server refuses (over £10,000) shows under "Cash collected (£)", which takes the focus.
  await photo.setInputFiles({ name: 'doorstep.jpg', mimeType: 'image/jpeg', buffer: await doorstepPhoto() });
  const cash = proof.getByLabel('Cash collected (£)');
  const total = await cash.inputValue();
  await cash.fill('10000.01');
  await proof.getByLabel('Why is it different?').fill('The customer handed over a bag of coins by mistake');
  await proof.getByRole('button', { name: 'Confirm Delivery' }).click();
  await expect(cash).toHaveAccessibleDescription(/The cash collected is too large/);
  await expect(cash).toBeFocused();
  await cash.fill(total);
  await confirmWithProofPhoto(page);
  await expect(page.getByText('Great job! The customer has been notified.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/driver\/dashboard$/, { timeout: 6000 });

  // The customer's tracking page, in the browser that placed the order.
  const customer = await browser.newContext({ baseURL });
  await customer.addInitScript(
    ([number, token]) => window.localStorage.setItem('halalnosh-order-tokens', JSON.stringify({ [number]: token })),
    [order.orderNumber, order.orderToken],
  );
  const tracking = await customer.newPage();
  await tracking.goto(`/order/${order.orderNumber}`);
  await expect(tracking.getByRole('heading', { level: 1, name: `Order #${order.orderNumber}` })).toBeVisible();
  await expect(tracking.getByRole('status').filter({ hasText: 'Delivered' })).toBeVisible();
  await customer.close();

  // The earning is on the driver's earnings page.
  await page.goto('/driver/earnings');
  await expect(page.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
  await expect(page.getByText(order.orderNumber)).toBeVisible();
});

test('the driver app is installable: its manifest names the app, its start page and icons', async ({
  request: api,
}) => {
  const res = await api.get('/manifest-driver.webmanifest');
  expect(res.ok()).toBeTruthy();
  const manifest = await res.json();
  expect(manifest).toMatchObject({ name: 'HalalNosh Driver', start_url: '/driver/dashboard', display: 'standalone' });
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((i: { sizes: string }) => i.sizes === size);
    expect(icon, size).toBeTruthy();
    const png = await api.get(icon.src);
    expect(png.headers()['content-type']).toContain('image/png');
  }
});
