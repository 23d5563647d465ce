import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { confirmWithProofPhoto, enterDeliveryCode, signInDriver } from './driver-steps';

/*
 * New terms never stop work in progress (docs/decisions/0206-new-terms-hold-back-new-work-only.md,
 * docs/decisions/0212-new-terms-banner-not-gate.md): the back office publishes a new terms version
 * while the demo driver is on a delivery; the driver finishes it and goes offline without accepting,
 * under a banner; going online again asks for the terms first.
 * Sign-ins in this file: 3 (the partner and the admin through the API, the driver through /driver/login).
 */

const DEMO_PASSWORD = 'halalnosh-demo';
const SLUG = 'kervan-ocakbasi-dalston';

type MenuItem = { id: string; priceMinor: number };
type Site = { id: string; openingHours: unknown; isOpen: boolean };

let partner: APIRequestContext;
let admin: APIRequestContext;
let visitor: APIRequestContext;
let site: Site;
let oldVersion: string;

async function signedIn(email: string, baseURL: string): Promise<APIRequestContext> {
  const ctx = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const res = await ctx.post('/api/auth/sign-in/email', { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ctx;
}

/** A partner action, retried past the server's 2-second guard between actions on one order. */
async function partnerAct(orderId: string, path: string, data: Record<string, unknown>) {
  await expect
    .poll(async () => (await partner.post(`/api/partner/orders/${orderId}/${path}`, { data })).status(), {
      intervals: [1000],
      timeout: 15_000,
    })
    .toBe(200);
}

const publishTerms = async (version: string) => {
  const res = await admin.put('/api/admin/settings/terms_version', { data: { value: version } });
  expect(res.ok(), await res.text()).toBeTruthy();
};

test.beforeAll(async ({ baseURL }) => {
  partner = await signedIn('partner@halalnosh.test', baseURL!);
  admin = await signedIn('admin@halalnosh.test', baseURL!);
  visitor = await request.newContext({ baseURL });
  oldVersion = (await (await partner.get('/api/terms')).json()).version;
  const { restaurant } = await (await visitor.get(`/api/restaurants/${SLUG}`)).json();
  site = (await (await partner.get(`/api/partner/sites/${restaurant.id}`)).json()).site;
  const always = Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
      d,
      { open: '00:00', close: '00:00', closed: false },
    ]),
  );
  const opened = await partner.patch(`/api/partner/sites/${site.id}`, { data: { openingHours: always, isOpen: true } });
  expect(opened.ok(), await opened.text()).toBeTruthy();
});

test.afterAll(async ({ baseURL }) => {
  // The other journeys meet the demo accounts with the seeded terms accepted.
  await publishTerms(oldVersion);
  for (const ctx of [partner, await signedIn('driver@halalnosh.test', baseURL!)]) {
    await ctx.post('/api/terms/accept', { data: { version: oldVersion } });
  }
  await partner.patch(`/api/partner/sites/${site.id}`, {
    data: { openingHours: site.openingHours, isOpen: site.isOpen },
  });
  await Promise.all([partner.dispose(), admin.dispose(), visitor.dispose()]);
});

test.setTimeout(180_000);

test('new terms published mid-delivery: the driver finishes and goes offline, and going online asks for the terms', async ({
  page,
  browser,
  baseURL,
}) => {
  page.context().on('page', (tab) => void tab.close());
  const { restaurant } = await (await visitor.get(`/api/restaurants/${SLUG}`)).json();
  const item: MenuItem = restaurant.menu.sections.flatMap((s: { items: MenuItem[] }) => s.items)[0];
  const placed = await visitor.post('/api/orders', {
    headers: { 'idempotency-key': `terms-e2e-${Date.now()}` },
    data: {
      siteId: restaurant.id,
      orderType: 'DELIVERY',
      items: [{ menuItemId: item.id, quantity: Math.max(1, Math.ceil(2500 / item.priceMinor)) }],
      customerName: 'Bilal Hussain',
      customerPhone: '07700 900321',
      deliveryAddress: '10 Dalston Lane',
      deliveryPostcode: 'E8 3AH',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, orderToken } = await placed.json();
  await partnerAct(order.id, 'actions', { action: 'accept', prepTimeMinutes: 10 });

  // The driver takes the job under the terms in force.
  await signInDriver(page);
  await page.getByRole('button', { name: new RegExp(`order ${order.orderNumber}`) }).click();
  await page
    .getByRole('dialog', { name: /Kervan/ })
    .getByRole('button', { name: 'Accept Job' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery in Progress' })).toBeVisible();

  // New terms are published while the job is under way.
  const newVersion = `${oldVersion}-e2e-${Date.now() % 100000}`;
  await publishTerms(newVersion);
  await page.reload();
  const banner = page.getByRole('region', { name: 'New terms' });
  await expect(banner).toContainText('Our terms have changed.');
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery in Progress' })).toBeVisible();

  // The delivery goes on without accepting: pickup, hand-over, the customer's code and the photo.
  await page.getByRole('button', { name: 'Start Delivery & Navigate' }).click();
  await page.getByRole('button', { name: "I've Arrived at Pickup" }).click();
  const pickupCode = (await page.getByTestId('pickup-code').textContent())!.trim();
  await partnerAct(order.id, 'actions', { action: 'start_preparing' });
  await partnerAct(order.id, 'actions', { action: 'mark_ready' });
  await partnerAct(order.id, 'hand-over', { pickupCode });
  await expect(page.getByRole('heading', { name: 'Step 2: Deliver Order' })).toBeVisible();
  await page.getByRole('button', { name: 'Navigate to Customer' }).click();
  await page.getByRole('button', { name: "I've Arrived at Customer's Location" }).click();
  await page.getByRole('button', { name: 'Complete Delivery' }).click();
  const seen = await visitor.get(`/api/orders/${order.orderNumber}`, { headers: { 'x-order-token': orderToken } });
  await enterDeliveryCode(page, (await seen.json()).order.deliveryCode);
  await confirmWithProofPhoto(page);
  await expect(page).toHaveURL(/\/driver\/dashboard$/, { timeout: 6000 });

  // Going offline is never held back.
  const online = page.getByRole('switch', { name: 'Online' });
  await expect(online).toHaveAttribute('aria-checked', 'true');
  await online.click();
  await expect(page.getByText('You are offline').first()).toBeVisible();
  await expect(online).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('dialog', { name: 'Our terms have changed' })).toHaveCount(0);

  // Going online is new work: the terms come first, and then the driver is online.
  await online.click();
  const terms = page.getByRole('dialog', { name: 'Our terms have changed' });
  await expect(terms).toBeVisible();
  await expect(online).toHaveAttribute('aria-checked', 'false');
  // The terms move on again while the dialog is open: accepting the old one is refused in the form,
  // which then asks for the newest version, unticked.
  const newest = `${newVersion}b`;
  await publishTerms(newest);
  await terms.getByLabel(`I accept the HalalNosh driver terms and conditions (version ${newVersion})`).check();
  await terms.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(
    terms.getByRole('alert').filter({
      hasText: 'The terms have changed since you opened them. Please read the new version.',
    }),
  ).toBeVisible();
  const newestBox = terms.getByLabel(`I accept the HalalNosh driver terms and conditions (version ${newest})`);
  await expect(newestBox).not.toBeChecked();
  await newestBox.check();
  await terms.getByRole('button', { name: 'Accept and continue' }).click();
  await expect(page.getByText('You are online').first()).toBeVisible();
  await expect(online).toHaveAttribute('aria-checked', 'true');
  await expect(banner).toHaveCount(0);

  // The driver asks for help about the job they just delivered: their jobs are theirs to pick.
  await page.goto('/driver/help');
  const form = page.getByRole('form', { name: 'Ask for help' });
  await form.getByLabel('Order (optional)').selectOption(order.orderNumber);
  await form.getByLabel('Subject').fill('Customer paid short');
  await form.getByLabel('How can we help?').fill('The customer was £2 short in cash.');
  await form.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByText(`About order ${order.orderNumber}`)).toBeVisible();

  // The restaurant asks about the same order from its console: it is one of its branch's orders.
  const console = await browser.newContext({ baseURL });
  const partnerPage = await console.newPage();
  await partnerPage.goto('/partner/login');
  await partnerPage.getByLabel('Email', { exact: true }).fill('partner@halalnosh.test');
  await partnerPage.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await partnerPage.getByRole('button', { name: 'Sign In to Dashboard', exact: true }).click();
  // Signed in is the dashboard a person lands on: the login page has a level-1 heading of its own,
  // so waiting for any heading let the journey move on before the session existed.
  await expect(partnerPage.getByRole('heading', { level: 1, name: 'Partner Dashboard' })).toBeVisible();
  await partnerPage.goto('/partner/help');
  const partnerForm = partnerPage.getByRole('form', { name: 'Ask for help' });
  await partnerForm.getByLabel('Order (optional)').selectOption(order.orderNumber);
  await partnerForm.getByLabel('Subject').fill('Driver waited long');
  await partnerForm.getByLabel('How can we help?').fill('Our oven broke during this order.');
  await partnerForm.getByRole('button', { name: 'Send Request' }).click();
  await expect(partnerPage.getByText(`About order ${order.orderNumber}`)).toBeVisible();
  await console.close();
});
