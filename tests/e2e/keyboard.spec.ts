import { type Locator, type Page, expect, test } from '@playwright/test';
import { waitForHydration } from './hydration';
import sharp from 'sharp';
import { SAMPLE_RESTAURANTS } from '../../src/domain/sample-data/sample-restaurants';
import { keepSampleOpen, openAllDay, partnerAct, placeOrder, signedIn } from './live-orders';

/*
 * Keyboard-only journeys (docs/product/README.md#accessibility): after page.goto the tests press keys only (Tab, Shift+Tab,
 * Enter, Space, Escape, arrows, typing); the mouse is never used. Every stop must show a visible
 * focus indicator. Sign-ins in this file: 4 (the partner twice and the driver through the API,
 * the driver once more with the keyboard).
 */

const DEMO_PASSWORD = 'halalnosh-demo';
const OPEN_SAMPLE = SAMPLE_RESTAURANTS[0];

// The demo partner, signed in through the API, keeps the sample branch open round the clock for this file.
keepSampleOpen();

/**
 * Whether the focused element shows a focus indicator (an outline or a ring drawn as a box
 * shadow). A visually hidden control (the photo input inside its drop zone) must light up the
 * label that stands for it instead.
 */
async function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return false;
    const box = el.getBoundingClientRect();
    const shown = box.width <= 2 || box.height <= 2 ? el.closest('label') : el;
    if (!shown) return false;
    const style = getComputedStyle(shown);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return outline || (style.boxShadow !== 'none' && style.boxShadow !== '');
  });
}

/** Presses Tab (or Shift+Tab) until `target` has focus, checking every stop on the way shows focus. */
async function tabTo(page: Page, target: Locator, { back = false, max = 300 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const focused = await target.evaluate((el) => el === document.activeElement).catch(() => false);
    // Past the last stop, focus leaves the page for the browser's own controls and comes back round.
    if (await page.evaluate(() => !document.activeElement || document.activeElement === document.body)) continue;
    const visible = await focusIsVisible(page);
    const name = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160));
    expect(visible, `no visible focus on ${name}`).toBe(true);
    if (focused) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

test('a visitor searches, opens a restaurant, fills the cart and checks out with the keyboard only', async ({
  page,
}) => {
  const { restaurant } = await (await page.request.get(`/api/restaurants/${OPEN_SAMPLE.slug}`)).json();
  test.setTimeout(180_000);
  // A dish without options: "Add" on it adds straight to the cart (docs/product/customer.md#item-options).
  const item = restaurant.menu.sections
    .flatMap((s: { items: { name: string; priceMinor: number; optionGroups?: unknown[] }[] }) => s.items)
    .find((i: { optionGroups?: unknown[] }) => !i.optionGroups?.length);
  const quantity = Math.max(1, Math.ceil((restaurant.minOrderMinor ?? 1500) / item.priceMinor));

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForHydration(page);
  // The first stop is the skip link, visible when focused; it moves focus to the main content.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();

  // Search.
  await tabTo(page, page.getByPlaceholder('Enter your location (e.g., London)'));
  await page.keyboard.type('London');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Halal restaurants in London' })).toBeVisible();
  await expect(page.getByText(/^\d+ (\w+ )?restaurants? found$/)).toBeVisible();

  // Open the restaurant.
  await tabTo(
    page,
    page
      .getByRole('list', { name: 'Halal restaurants in London' })
      .locator(`a[href="/restaurant/${OPEN_SAMPLE.slug}"]`),
  );
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: OPEN_SAMPLE.brandName })).toBeVisible();

  // Choose a quantity with Enter and Space, then add.
  const more = page.getByRole('button', { name: `Increase quantity of ${item.name}` });
  await tabTo(page, more);
  for (let i = 0; i < quantity; i++) await page.keyboard.press(i % 2 ? 'Space' : 'Enter');
  await expect(page.getByRole('status', { name: `Quantity of ${item.name}` })).toHaveText(String(quantity));
  await tabTo(page, page.getByRole('button', { name: `Add ${item.name} to cart` }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${quantity}x ${item.name} added to your cart.`)).toBeVisible();

  // Cart and checkout.
  await tabTo(page, page.getByRole('region', { name: 'Your cart' }).getByRole('link', { name: 'View Cart' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cart$/);
  await tabTo(page, page.getByRole('link', { name: 'Proceed to Checkout' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout$/);

  await tabTo(page, page.getByLabel('Full Name'));
  await page.keyboard.type('Yusuf Keyboard');
  await tabTo(page, page.getByLabel('Phone Number'));
  await page.keyboard.type('07700 900123');
  await tabTo(page, page.getByLabel('Address', { exact: true }));
  await page.keyboard.type('Flat 2, 10 Test Street');
  await tabTo(page, page.getByLabel('Postcode'));
  await page.keyboard.type(restaurant.postcode ?? OPEN_SAMPLE.postcode);
  // The order type radios: arrows move between them; back to delivery.
  const delivery = page.getByRole('radio', { name: /^Delivery/ });
  // Delivery is the checked order type (the "When?" choice has radios of its own).
  await tabTo(page, delivery, { back: true });
  await expect(delivery).toBeChecked();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: /^Pickup/ })).toBeChecked();
  await page.keyboard.press('ArrowUp');
  await expect(delivery).toBeChecked();

  await tabTo(page, page.getByRole('button', { name: 'Place Order' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Order placed successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/order\/HN-\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Order #HN-/ })).toBeVisible();
});

test('a dialog keeps focus inside, closes with Escape and gives focus back to its opener', async ({ page }) => {
  // The home page's stops include each card's link and favourite heart before the opener.
  test.setTimeout(180_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForHydration(page);
  const opener = page.getByRole('button', { name: 'Suggest a City' });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Suggest a City' });
  await expect(dialog).toBeVisible();
  // Tab and Shift+Tab cycle through the dialog's own controls only.
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `${key} left the dialog`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('every audience entry page offers the skip link as its first stop', async ({ page }) => {
  for (const path of ['/', '/restaurants/london', '/partner/login', '/driver/login', '/admin/login', '/no-such-page']) {
    await page.goto(path);
    await expect(page.locator('main').first()).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' }), path).toBeFocused();
    await expect(page.getByRole('link', { name: 'Skip to content' }), path).toBeInViewport();
  }
});

test('a driver goes online, accepts, collects and delivers an order with the keyboard only', async ({
  page,
  baseURL,
  playwright,
}) => {
  test.setTimeout(120_000);
  // Navigation opens the maps app in a new tab; the test closes it and stays on the driver app.
  page.context().on('page', (tab) => void tab.close());
  const kitchen = await signedIn(baseURL!, 'partner@halalnosh.test');
  const branch = await openAllDay(kitchen, baseURL!);
  const order = await placeOrder(baseURL!, 'Keyboard Customer');
  await branch.restore();
  await partnerAct(kitchen, baseURL!, order.id, { action: 'accept', prepTimeMinutes: 10 });
  // The driver starts offline, so the journey goes online itself.
  const driverApi = await signedIn(baseURL!, 'driver@halalnosh.test');
  expect(
    (
      await driverApi.patch('/api/driver/availability', { data: { isOnline: false }, headers: { origin: baseURL! } })
    ).ok(),
  ).toBeTruthy();
  await driverApi.dispose();

  // Sign in.
  await page.goto('/driver/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await tabTo(page, page.getByLabel('Email', { exact: true }));
  await page.keyboard.type('driver@halalnosh.test');
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(DEMO_PASSWORD);
  await tabTo(page, page.getByRole('button', { name: 'Sign In', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Available Jobs' })).toBeVisible();

  // Go online on the dashboard.
  await tabTo(page, page.getByRole('navigation', { name: 'Driver' }).getByRole('link', { name: 'Dashboard' }));
  await page.keyboard.press('Enter');
  const online = page.getByRole('switch', { name: 'Online' });
  await expect(online).toHaveAttribute('aria-checked', 'false');
  await tabTo(page, online);
  await page.keyboard.press('Space');
  await expect(online).toHaveAttribute('aria-checked', 'true');
  await tabTo(page, page.getByRole('navigation', { name: 'Driver' }).getByRole('link', { name: 'Jobs' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Available Jobs' })).toBeVisible();

  // Open the job; its dialog keeps focus inside and gives it back on Escape; then accept.
  const card = page.getByRole('button', { name: new RegExp(`order ${order.orderNumber}`) });
  await expect(card).toBeVisible();
  await tabTo(page, card);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /Kervan/ });
  await expect(dialog.getByText('You earn')).toBeVisible();
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `${key} left the job dialog`).toBe(true);
    expect(await focusIsVisible(page), `${key}: no visible focus in the job dialog`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Accept Job' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/driver\/delivery\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery in Progress' })).toBeVisible();

  // To the restaurant; it cooks and hands over after checking the driver's code.
  await tabTo(page, page.getByRole('button', { name: 'Start Delivery & Navigate' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: "I've Arrived at Pickup" }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Show this code to the restaurant.')).toBeVisible();
  const pickupCode = (await page.getByTestId('pickup-code').textContent())!.trim();
  await partnerAct(kitchen, baseURL!, order.id, { action: 'start_preparing' });
  await partnerAct(kitchen, baseURL!, order.id, { action: 'mark_ready' });
  await partnerAct(kitchen, baseURL!, order.id, { pickupCode }, 'hand-over');
  await kitchen.dispose();
  await expect(page.getByRole('heading', { name: 'Step 2: Deliver Order' })).toBeVisible();

  // To the customer.
  await tabTo(page, page.getByRole('button', { name: 'Navigate to Customer' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: "I've Arrived at Customer's Location" }));
  await page.keyboard.press('Enter');
  const complete = page.getByRole('button', { name: 'Complete Delivery' });
  await tabTo(page, complete);

  // The code dialog traps focus and returns it to "Complete Delivery" on Escape.
  await page.keyboard.press('Enter');
  const codeDialog = page.getByRole('dialog', { name: 'Enter Delivery Code' });
  await expect(codeDialog.getByLabel('Digit 1 of 4')).toBeFocused();
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await codeDialog.evaluate((d) => d.contains(document.activeElement)), `${key} left the code dialog`).toBe(
      true,
    );
    expect(await focusIsVisible(page), `${key}: no visible focus in the code dialog`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(codeDialog).toBeHidden();
  await expect(complete).toBeFocused();

  // The customer's code, read from their order page's data (as the customer: page.request carries
  // the driver's session, and a driver is never shown the code).
  const customer = await playwright.request.newContext({ baseURL });
  const seen = await customer.get(`/api/orders/${order.orderNumber}`, {
    headers: { 'x-order-token': order.orderToken },
  });
  const deliveryCode = (await seen.json()).order.deliveryCode as string;
  await page.keyboard.press('Enter');
  await expect(codeDialog.getByLabel('Digit 1 of 4')).toBeFocused();
  await page.keyboard.type(deliveryCode);
  await tabTo(page, codeDialog.getByRole('button', { name: 'Verify Code' }));
  await page.keyboard.press('Enter');

  // The photo: Enter on the photo control opens the file chooser.
  const proof = page.getByRole('dialog', { name: 'Proof of Delivery' });
  await expect(proof).toBeVisible();
  await tabTo(page, proof.getByLabel('Delivery photo'));
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c8d6c0' } })
    .jpeg()
    .toBuffer();
  await (await chooser).setFiles({ name: 'doorstep.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(proof.getByRole('img', { name: 'The delivery photo you took' })).toBeVisible();
  await tabTo(page, proof.getByRole('button', { name: 'Confirm Delivery' }));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Delivery Complete!' })).toBeVisible();
  const after = await customer.get(`/api/orders/${order.orderNumber}`, {
    headers: { 'x-order-token': order.orderToken },
  });
  expect((await after.json()).order.status).toBe('DELIVERED');
  await customer.dispose();
});
