import { type APIRequestContext, expect, request, test } from '@playwright/test';

/*
 * Dispatch by distance and payouts (docs/product/driver.md#jobs-board, docs/product/driver.md#payout-details)
 * on a phone: a visitor orders from a sample branch in E8, the restaurant accepts, the demo driver
 * (postcode E1) chooses a radius and sees the job with its distance and pay, then saves payout
 * details on the earnings page and sees only the last four digits of the account.
 * Sign-ins in this file: 2 (the partner through the API, the driver through /driver/login).
 */

const DEMO_PASSWORD = 'halalnosh-demo';
const SLUG = 'kervan-ocakbasi-dalston';
const PHONE = { width: 375, height: 812 };

type MenuItem = { id: string; priceMinor: number };

let partner: APIRequestContext;
let visitor: APIRequestContext;
let site: { id: string; openingHours: unknown; isOpen: boolean };

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

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

test('a driver chooses a radius, sees a job with its distance and pay, and saves payout details', async ({
  page,
  baseURL,
}) => {
  const { restaurant } = await (await visitor.get(`/api/restaurants/${SLUG}`)).json();
  const item: MenuItem = restaurant.menu.sections.flatMap((s: { items: MenuItem[] }) => s.items)[0];
  const placed = await visitor.post('/api/orders', {
    headers: { 'idempotency-key': `dispatch-e2e-${Date.now()}` },
    data: {
      siteId: restaurant.id,
      orderType: 'DELIVERY',
      items: [{ menuItemId: item.id, quantity: Math.max(1, Math.ceil(2500 / item.priceMinor)) }],
      customerName: 'Aisha Khan',
      customerPhone: '07700 900123',
      deliveryAddress: '10 Dalston Lane',
      deliveryPostcode: 'E8 3AH',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order } = (await placed.json()) as { order: { id: string; orderNumber: string } };
  await expect
    .poll(
      async () =>
        (
          await partner.post(`/api/partner/orders/${order.id}/actions`, {
            data: { action: 'accept', prepTimeMinutes: 10 },
            headers: { origin: baseURL! },
          })
        ).status(),
      { intervals: [1000], timeout: 15_000 },
    )
    .toBe(200);

  await page.goto('/driver/login');
  await page.getByLabel('Email', { exact: true }).fill('driver@halalnosh.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Available Jobs' })).toBeVisible();

  // Dalston is about 2 miles from the driver's E1 centre: in reach at 5 miles, gone at 1 mile.
  const radius = page.getByLabel('Job radius');
  await radius.selectOption('5');
  await expect(page.getByText('Jobs within 5 miles, nearest first.')).toBeVisible();
  const job = page.getByRole('button', { name: new RegExp(`order ${order.orderNumber}`) });
  await expect(job).toBeVisible();
  await expect(job).toContainText(/Pickup \d+\.\d miles? away/);
  await expect(job).toContainText('£');
  await radius.selectOption('1');
  await expect(page.getByText('Jobs within 1 mile, nearest first.')).toBeVisible();
  await expect(job).toHaveCount(0);
  await radius.selectOption('3');
  await expect(job).toBeVisible();

  await page.goto('/driver/earnings');
  const details = page.getByRole('region', { name: 'Payout details' });
  const change = details.getByRole('button', { name: 'Change payout details' });
  const name = details.getByLabel('Name on the account');
  // Once loaded, the card shows the saved details with "Change", or the empty form: asked while it
  // still loads, neither is there yet.
  await expect(change.or(name)).toBeVisible();
  if (await change.isVisible()) await change.click();
  await name.fill('Dan Driver');
  await details.getByLabel('Sort code').fill('08-99-99');
  await details.getByLabel('Account number').fill('66374959');
  await details.getByRole('button', { name: 'Save payout details' }).click();
  await expect(details.getByText('This sort code and account number do not match.', { exact: false })).toBeVisible();
  await details.getByLabel('Account number').fill('66374958');
  await details.getByRole('button', { name: 'Save payout details' }).click();
  await expect(details.getByText('Dan Driver, 08-99-99, ••••4958')).toBeVisible();
});
