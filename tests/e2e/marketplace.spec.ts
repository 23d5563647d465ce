import { type APIRequestContext, type Browser, type BrowserContext, type Page, expect, test } from '@playwright/test';
import { percentOf } from '../../src/domain/ledger';
import { londonDate } from '../../src/domain/reports';
import { confirmWithProofPhoto, enterDeliveryCode, signInDriver } from './driver-steps';
import { waitForContent, waitForHydration } from './hydration';
import { DEMO_PASSWORD, actPastTheGuard, signedIn } from './live-orders';

/*
 * The whole marketplace in the browser, from a restaurant that does not exist yet to the money:
 * a new owner signs up from /partners, confirms the e-mail from the dev outbox, accepts the terms
 * and follows the onboarding checklist (brand, first location with its hours, a menu item, submit
 * for review: docs/product/partner.md#becoming-a-partner); HalalNosh approves it
 * (docs/product/admin.md#restaurants); a visitor finds it by name and orders for delivery, paying
 * cash; the restaurant runs the order on its console; the demo driver (approved, E1, online)
 * delivers it, collecting the exact total in cash (docs/product/driver.md#delivery-screen); the
 * statement shows the commission at the platform's rate (docs/product/partner.md#statements) and
 * finance sees the order reconciled (docs/product/admin.md#finance).
 * The steps run in order, each in its own test so each keeps within the time limit; the browsers of
 * the owner, the admin, the visitor and the driver live across them.
 * Sign-ins in this file: 4 (the new owner at /auth after confirming, the admin and finance at /admin/login,
 * the driver at /driver/login) and 1 API sign-in (the admin, reading the commission setting).
 */

const PHONE = { width: 375, height: 812 };
const WEEKDAY_LABELS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const tag = Date.now().toString(36).slice(-5);
const owner = { name: 'Nadia Rahman', email: `owner.${tag}@halalnosh.test`, password: 'a-strong-password-1' };
const brandName = `Nosh Yard ${tag}`;
const siteName = `Whitechapel ${tag}`;
const dish = { name: 'Lamb Kofte Plate', price: '11.50', priceMinor: 1150 };
const deliveryFeeMinor = 249;

let ownerPage: Page;
let customerPage: Page;
let driverPage: Page;
let contexts: BrowserContext[] = [];
let siteId: string;
let order: { id: string; orderNumber: string; subtotalMinor: number; totalMinor: number };
/** The reconciliation's today before the order was delivered. */
let reconciledBefore: { orders: number; customerTotalsMinor: number };

const money = (pence: number) => `£${(pence / 100).toFixed(2)}`;

async function newPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  const context = await browser.newContext(options);
  contexts.push(context);
  return context.newPage();
}

async function adminSignIn(page: Page, email: string): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
}

/** Today's line of the finance reconciliation, read through the API as finance. */
async function reconciledToday(finance: APIRequestContext) {
  const today = londonDate(new Date());
  const res = await finance.get(`/api/admin/finance/reconciliation?from=${today}&to=${today}`);
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { totals: { orders: number; customerTotalsMinor: number } }).totals;
}

test.describe.serial('a restaurant joins HalalNosh and its first order is delivered and paid for', () => {
  test.beforeAll(async ({ browser }) => {
    ownerPage = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    customerPage = await newPage(browser);
    // The driver app on a phone; navigation opens the maps app in a new tab, which the test closes.
    driverPage = await newPage(browser, { viewport: PHONE, hasTouch: true, isMobile: true });
    driverPage.context().on('page', (tab) => void tab.close());
  });

  test.afterAll(async () => {
    for (const context of contexts) await context.close();
    contexts = [];
  });

  test('a new owner signs up from /partners, confirms the e-mail and accepts the terms', async () => {
    const page = ownerPage;
    await page.goto('/partners');
    await page.getByRole('link', { name: /Become a partner/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Become a HalalNosh Partner' })).toBeVisible();
    await page.getByLabel('Your name').fill(owner.name);
    await page.getByLabel('Email', { exact: true }).fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Create Partner Account' }).click();
    await expect(
      page.getByText('Account created! Please check your email and open the link to confirm your account.'),
    ).toBeVisible();

    // The confirmation mail lands in the dev outbox (demo mode); its link confirms the address
    // without signing in (docs/decisions/0203-secret-check-limits.md), so the owner signs in.
    await page.goto('/dev/mail');
    const mail = page.getByRole('listitem').filter({ hasText: owner.email });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(mail.getByRole('link', { name: /verify-email/ })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await mail.getByRole('link', { name: /verify-email/ }).click();
    await expect(page.getByText('Email confirmed successfully!')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    await page.getByLabel('Email', { exact: true }).fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    await expect(page.getByRole('heading', { name: 'Accept the HalalNosh terms' })).toBeVisible();
    await page.getByLabel(/I accept the HalalNosh partner terms and conditions/).check();
    await page.getByRole('button', { name: 'Accept and continue' }).click();
    await expect(page.getByText('Your restaurant is not live on HalalNosh yet.')).toBeVisible();
  });

  test('the owner follows the checklist: brand, first location with its hours, a menu item, submit', async () => {
    const page = ownerPage;
    await page.getByRole('link', { name: 'Continue setting up' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Become a partner' })).toBeVisible();
    const steps = page.getByRole('list', { name: 'Your steps' });
    await expect(steps.getByRole('listitem', { name: '1. Your brand (to do)' })).toBeVisible();
    await expect(steps.getByRole('listitem', { name: '4. Submit for review (to do)' })).toContainText(
      'Add a location first.',
    );

    // 1. The brand, which leads on to the first location.
    await steps.getByRole('link', { name: 'Create your brand' }).click();
    await page.getByLabel('Brand name').fill(brandName);
    await page.getByLabel('Description').fill('Charcoal grills and mezze from Whitechapel');
    await page.getByRole('button', { name: 'Create Brand' }).click();
    await expect(page.getByText('Brand created successfully')).toBeVisible();

    // 2. The first location, its opening hours in the same form: open round the clock, so the
    // order below does not depend on the hour the test runs.
    await expect(page.getByRole('heading', { level: 1, name: 'Add Location' })).toBeVisible();
    await page.getByLabel('Location name').fill(siteName);
    await page.getByLabel('Address').fill('12 Whitechapel High Street');
    await page.getByLabel('City').fill('London');
    await page.getByLabel('Postcode').fill('E1 6AN');
    await page.getByLabel('Delivery fee (£)').fill(money(deliveryFeeMinor).slice(1));
    await page.getByLabel('Delivery radius (km)').fill('6');
    for (const day of WEEKDAY_LABELS) {
      await page.getByLabel(`${day} opens`).fill('00:00');
      await page.getByLabel(`${day} closes`).fill('00:00');
    }
    await page.getByRole('button', { name: 'Create Location' }).click();
    await expect(page.getByText('Site created successfully')).toBeVisible();

    // The first location returns to the checklist: the location is done, the menu is next, and
    // the server does not yet let the location be submitted.
    await expect(page.getByRole('heading', { level: 1, name: 'Become a partner' })).toBeVisible();
    await expect(steps.getByRole('listitem', { name: '1. Your brand (done)' })).toContainText(brandName);
    const location = steps.getByRole('listitem', { name: '2. Your first location (done)' });
    await expect(location.getByRole('list', { name: `${siteName} checks` })).toContainText('Address found on the map');
    await expect(location).toContainText('Opening hours set');
    await expect(location).toContainText('Delivery radius and fee set');
    const review = page.getByRole('region', { name: `${siteName} review` });
    await expect(review.getByRole('button', { name: 'Submit for review' })).toBeDisabled();
    await expect(review.getByRole('list', { name: `Still to do for ${siteName}` })).toHaveText(
      'Add at least one menu item before you submit for review. (to do)',
    );

    // 3. The menu: one item is enough.
    await steps
      .getByRole('listitem', { name: '3. Your menu (to do)' })
      .getByRole('link', { name: 'Build your menu' })
      .click();
    siteId = new URL(page.url()).searchParams.get('site')!;
    await page.getByRole('button', { name: 'Create Menu' }).click();
    await expect(page.getByText('Menu created successfully!')).toBeVisible();
    await page.getByRole('button', { name: 'Add Common Sections' }).first().click();
    await expect(page.getByText('Quick sections added successfully!')).toBeVisible();
    await page
      .getByRole('list', { name: 'Sections' })
      .getByRole('button', { name: /^Main Courses/ })
      .click();
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Item' });
    await dialog.getByLabel('Item name').fill(dish.name);
    await dialog.getByLabel('Price (£)').fill(dish.price);
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await expect(page.getByText('Item added successfully').first()).toBeVisible();

    // 4. Back on the checklist, the location is ready and goes for review.
    await page.getByRole('link', { name: 'Continue setting up' }).click();
    await expect(steps.getByRole('listitem', { name: '3. Your menu (done)' })).toContainText('Edit menu (1 item)');
    await expect(review.getByRole('list', { name: `Still to do for ${siteName}` })).toHaveCount(0);
    await review.getByRole('button', { name: 'Submit for review' }).click();
    await expect(page.getByText('Submitted for review').first()).toBeVisible();
    await expect(steps.getByRole('listitem', { name: '4. Submit for review (done)' })).toBeVisible();
    await expect(review).toContainText('HalalNosh is reviewing this location.');
  });

  test('HalalNosh approves the location on the back office Restaurants page', async ({ browser }) => {
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await adminSignIn(page, 'admin@halalnosh.test');
    await page.goto('/admin/restaurants');
    await expect(page.getByRole('heading', { level: 1, name: 'Restaurants' })).toBeVisible();
    await page.getByRole('button', { name: new RegExp(`${brandName} \\(${siteName}\\)`) }).click();
    await expect(page.getByText(`${dish.name} ${money(dish.priceMinor)}`)).toBeVisible();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(page.getByText('Approve: done')).toBeVisible();
    await page.close();
  });

  test('a visitor finds the restaurant by name and orders for delivery, paying cash', async ({ baseURL }) => {
    const page = customerPage;
    const finance = await signedIn(baseURL!, 'finance@halalnosh.test');
    reconciledBefore = await reconciledToday(finance);
    await finance.dispose();

    await page.goto('/');
    await waitForHydration(page);
    await page.getByLabel('Restaurant or dish').fill(brandName);
    await page.getByPlaceholder('Enter your location (e.g., London)').fill('E1 6AN');
    await page.getByRole('button', { name: 'Find Halal Restaurants' }).click();
    await expect(page.getByText('1 restaurant found')).toBeVisible();
    await page
      .getByRole('link', { name: new RegExp(brandName) })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: brandName })).toBeVisible();
    await waitForHydration(page);

    await page.getByRole('button', { name: `Increase quantity of ${dish.name}` }).click();
    await page.getByRole('button', { name: `Increase quantity of ${dish.name}` }).click();
    await page.getByRole('button', { name: `Add ${dish.name} to cart` }).click();
    await expect(page.getByText(`2x ${dish.name} added to your cart.`)).toBeVisible();
    await page.getByRole('region', { name: 'Your cart' }).getByRole('link', { name: 'View Cart' }).click();
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();

    await expect(page.getByLabel(`Delivery (+${money(deliveryFeeMinor)})`)).toBeChecked();
    await expect(page.getByText('Cash only.')).toBeVisible();
    await page.getByLabel('Full Name').fill('Aisha Khan');
    await page.getByLabel('Phone Number').fill('07700 900123');
    await page.getByLabel('Address', { exact: true }).fill('Flat 4, 20 Commercial Road');
    await page.getByLabel('Postcode').fill('E1 1LA');
    const placed = page.waitForResponse((r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Place Order' }).click();
    const answer = await placed;
    expect(answer.status(), await answer.text()).toBe(201);
    order = ((await answer.json()) as { order: typeof order }).order;
    expect(order.subtotalMinor).toBe(2 * dish.priceMinor);
    await expect(page.getByRole('heading', { level: 1, name: `Order #${order.orderNumber}` })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Awaiting Confirmation' })).toBeVisible();
  });

  test('the restaurant accepts on its console and the driver takes the job, told the cash to collect', async () => {
    test.setTimeout(90_000);
    const page = ownerPage;
    await page.goto(`/partner/orders?site=${siteId}`);
    const card = page.getByRole('article', { name: `Order ${order.orderNumber}` });
    await card.getByRole('button', { name: `Accept ${order.orderNumber}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Accept Order' }).click();
    // Accepting can be undone for 5 seconds; then the order is the restaurant's.
    await expect(card.getByRole('button', { name: `Start Preparing ${order.orderNumber}` })).toBeVisible({
      timeout: 15_000,
    });
    await expect(customerPage.getByRole('status').filter({ hasText: 'Order Accepted' })).toBeVisible({
      timeout: 15_000,
    });

    await signInDriver(driverPage);
    const job = driverPage.getByRole('button', { name: new RegExp(`order ${order.orderNumber}`) });
    await expect(job).toBeVisible({ timeout: 15_000 });
    await job.click();
    await driverPage
      .getByRole('dialog', { name: new RegExp(brandName) })
      .getByRole('button', { name: 'Accept Job' })
      .click();
    // After the accept the app loads the delivery page's code and the job: in the full run on a
    // starved machine that took just over 10 seconds after a half-second accept (seen in the trace).
    await expect(driverPage.getByRole('heading', { level: 1, name: 'Delivery in Progress' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(driverPage.getByRole('region', { name: 'Cash to collect' })).toHaveText(
      `Collect ${money(order.totalMinor)} in cash`,
    );
    await driverPage.getByRole('button', { name: 'Start Delivery & Navigate' }).click();
    await driverPage.getByRole('button', { name: "I've Arrived at Pickup" }).click();
    await expect(driverPage.getByText('Show this code to the restaurant.')).toBeVisible();
  });

  test('the restaurant cooks and hands over with the driver’s code; the driver delivers and records the cash', async () => {
    test.setTimeout(90_000);
    const page = ownerPage;
    const pickupCode = (await driverPage.getByTestId('pickup-code').textContent())!.trim();
    const card = page.getByRole('article', { name: `Order ${order.orderNumber}` });
    // The server refuses a second action on an order within 2 seconds of the last one
    // (docs/product/orders.md#order-flow), and Start Preparing and Ready can be undone for 5: each
    // step is tried again while the console says "Action blocked", until its undo toast shows.
    const undoToast = (label: string) => page.getByText(`${label}: ${order.orderNumber}`, { exact: true });
    await actPastTheGuard(
      () => card.getByRole('button', { name: `Start Preparing ${order.orderNumber}` }).click({ timeout: 5_000 }),
      { shows: undoToast('Start Preparing') },
    );
    await expect(card.getByRole('button', { name: `Ready for Pickup ${order.orderNumber}` })).toBeVisible({
      timeout: 15_000,
    });
    await actPastTheGuard(
      () => card.getByRole('button', { name: `Ready for Pickup ${order.orderNumber}` }).click({ timeout: 5_000 }),
      { shows: undoToast('Ready for Pickup') },
    );
    await expect(card.getByRole('button', { name: `Hand to Driver ${order.orderNumber}` })).toBeVisible({
      timeout: 15_000,
    });
    await card.getByRole('button', { name: `Hand to Driver ${order.orderNumber}` }).click();
    const handOver = page.getByRole('dialog', { name: `Hand ${order.orderNumber} to the driver` });
    // The dialog closes once the order is handed over; while the guard holds, it stays open, its
    // boxes emptied, and the code is typed again.
    await actPastTheGuard(
      async () => {
        await handOver.getByLabel('Digit 1 of 4').click({ timeout: 5_000 });
        await page.keyboard.type(pickupCode);
        await handOver.getByRole('button', { name: 'Hand to Driver' }).click({ timeout: 5_000 });
      },
      { goes: handOver },
    );

    // Out for delivery: the customer's order page shows the delivery code the driver asks for.
    await expect(driverPage.getByRole('heading', { name: 'Step 2: Deliver Order' })).toBeVisible({ timeout: 15_000 });
    const codeLabel = await customerPage.getByLabel(/^Delivery code \d \d \d \d$/).getAttribute('aria-label', {
      timeout: 15_000,
    });
    const deliveryCode = codeLabel!.replace('Delivery code ', '').replaceAll(' ', '');

    await driverPage.getByRole('button', { name: 'Navigate to Customer' }).click();
    await driverPage.getByRole('button', { name: "I've Arrived at Customer's Location" }).click();
    await driverPage.getByRole('button', { name: 'Complete Delivery' }).click();
    await enterDeliveryCode(driverPage, deliveryCode);
    // The cash asked at completion is the order's total unless the driver took something else.
    const proof = driverPage.getByRole('dialog', { name: 'Proof of Delivery' });
    await expect(proof.getByLabel('Cash collected (£)')).toHaveValue((order.totalMinor / 100).toFixed(2));
    await expect(proof.getByText(`The order total is ${money(order.totalMinor)}.`)).toBeVisible();
    await confirmWithProofPhoto(driverPage);

    await expect(customerPage.getByRole('status').filter({ hasText: 'Delivered' })).toBeVisible({ timeout: 15_000 });
  });

  test('the statement shows the order with commission at the platform rate, and finance has it reconciled', async ({
    browser,
    baseURL,
  }) => {
    const admin = await signedIn(baseURL!, 'admin@halalnosh.test');
    const { settings } = (await (await admin.get('/api/admin/settings')).json()) as {
      settings: { commission_percent: number };
    };
    await admin.dispose();
    const commissionMinor = percentOf(order.subtotalMinor, settings.commission_percent);

    const page = ownerPage;
    await page.goto(`/partner/statements?site=${siteId}`);
    await waitForContent(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Statements' })).toBeVisible();
    const totals = page.getByRole('region', { name: 'Totals' });
    await expect(totals.getByRole('group', { name: 'Orders' })).toContainText('1');
    await expect(totals.getByRole('group', { name: 'Food sales' })).toContainText(money(order.subtotalMinor));
    await expect(totals.getByRole('group', { name: 'Commission' })).toContainText(money(commissionMinor));
    await expect(totals.getByRole('group', { name: 'Commission' })).toContainText(`At ${settings.commission_percent}%`);
    await expect(totals.getByRole('group', { name: 'Net owed to you' })).toContainText(
      money(order.subtotalMinor - commissionMinor),
    );
    // The CSV says the same, in pounds.
    const href = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
    const csv = await (await page.request.get(href!)).text();
    // No offer ran, so the offers' cost column (between food sales and commission) is nought.
    expect(csv).toContain(
      `${siteName},total,1,${(order.subtotalMinor / 100).toFixed(2)},0.00,${(commissionMinor / 100).toFixed(2)},`,
    );

    // Finance: today's reconciliation counts the order, and still reconciles.
    const finance = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await adminSignIn(finance, 'finance@halalnosh.test');
    await finance.goto('/admin/reports');
    await waitForContent(finance);
    const table = finance.getByRole('table', { name: 'Finance reconciliation by day' });
    const today = table.getByRole('row', { name: new RegExp(`^${londonDate(new Date())}`) });
    await expect(today.getByRole('cell').nth(0)).toHaveText(String(reconciledBefore.orders + 1));
    await expect(today.getByRole('cell').nth(1)).toHaveText(
      money(reconciledBefore.customerTotalsMinor + order.totalMinor),
    );
    await expect(today).toContainText('Reconciles');
    await expect(finance.getByRole('table', { name: 'By restaurant' })).toContainText(brandName);
  });
});
