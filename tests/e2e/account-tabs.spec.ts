import { expect, test } from '@playwright/test';
import { waitForHydration } from './hydration';
import { DEMO_PASSWORD, SLUG } from './live-orders';

/*
 * My Account on a 360 px phone (docs/product/customer.md#account): every tab can be seen and
 * reached with the keyboard, and an order for later shows its slot in the orders list.
 */

test.use({ viewport: { width: 360, height: 740 } });

const TABS = ['Orders', 'Favourites', 'Addresses', 'Notifications', 'Payment', 'Help', 'Profile'];

test('at 360 px every account tab is visible and reachable by keyboard; a scheduled order shows its slot', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: 'customer@halalnosh.test', password: DEMO_PASSWORD },
    headers: { origin: baseURL! },
  });
  expect(signIn.ok(), await signIn.text()).toBeTruthy();

  // An order for later, placed as checkout places it: the branch's first offered slot, for pickup.
  const { restaurant } = await (await page.request.get(`/api/restaurants/${SLUG}`)).json();
  const { slots } = await (await page.request.get(`/api/sites/${restaurant.id}/slots`)).json();
  const slot = slots.find((s: { kind: string }) => s.kind === 'standard');
  const item = restaurant.menu.sections.flatMap((s: { items: unknown[] }) => s.items)[0] as { id: string };
  const placed = await page.request.post('/api/orders', {
    headers: { origin: baseURL!, 'idempotency-key': `e2e-account-tabs-${Date.now()}` },
    data: {
      siteId: restaurant.id,
      orderType: 'PICKUP',
      items: [{ menuItemId: item.id, quantity: 3 }],
      customerName: 'Aisha Khan',
      customerPhone: '07700 900123',
      scheduledFor: { start: slot.start, kind: 'standard' },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order } = await placed.json();

  await page.goto('/account');
  await waitForHydration(page);
  const row = page.getByRole('listitem').filter({ hasText: `#${order.orderNumber}` });
  await expect(row).toContainText(order.scheduled.text);
  await expect(row).toContainText(/Scheduled: [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}–\d{2}:\d{2}/);

  // Nothing of the strip is out of sight: no sideways scroll, every tab inside it and on screen.
  const list = page.getByRole('tablist', { name: 'Account sections' });
  expect(await list.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  const box = (await list.boundingBox())!;
  for (const name of TABS) {
    const tab = page.getByRole('tab', { name, exact: true });
    await expect(tab).toBeInViewport({ ratio: 1 });
    const b = (await tab.boundingBox())!;
    expect(b.x, name).toBeGreaterThanOrEqual(box.x - 0.5);
    expect(b.x + b.width, name).toBeLessThanOrEqual(box.x + box.width + 0.5);
  }

  // The keyboard walks the strip with the arrow keys, each tab shown as it is chosen.
  await page.getByRole('tab', { name: 'Orders', exact: true }).focus();
  for (const name of TABS.slice(1)) {
    await page.keyboard.press('ArrowRight');
    const tab = page.getByRole('tab', { name, exact: true });
    await expect(tab).toBeFocused();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(tab).toBeInViewport({ ratio: 1 });
  }
});
