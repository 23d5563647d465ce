import { type APIRequestContext, expect, test } from '@playwright/test';
import { gotoReady, waitForHydration } from './hydration';
import { SLUG, openAllDay, signedIn } from './live-orders';

/*
 * A partner creates an offer in the console and, without a deploy, customers see it on the card,
 * the restaurant page, the cart and checkout, priced by the server (docs/product/offers.md,
 * docs/product/partner.md#offers, docs/decisions/0268-offer-badges-and-filter.md).
 * Sign-ins in this file: 1 (the demo partner through the API; its browser reuses the session).
 */

type MenuItem = { id: string; name: string; priceMinor: number; optionGroups: unknown[] };
type Restaurant = { id: string; brandId: string; branchName: string; menu: { sections: { items: MenuItem[] }[] } };

let partner: APIRequestContext;
let restore: () => Promise<void>;
let origin: string;
let restaurant: Restaurant;

test.beforeAll(async ({ playwright: _ }, testInfo) => {
  origin = testInfo.project.use.baseURL!;
  partner = await signedIn(origin, 'partner@halalnosh.test');
  ({ restore } = await openAllDay(partner, origin));
  restaurant = (await (await partner.get(`/api/restaurants/${SLUG}`)).json()).restaurant;
});

test.afterAll(async () => {
  // The offer ends with the journey, so no later journey's prices move.
  const { offers } = await (await partner.get(`/api/partner/brands/${restaurant.brandId}/offers`)).json();
  for (const o of offers as { id: string; endedAt: string | null }[])
    if (!o.endedAt) await partner.post(`/api/partner/offers/${o.id}/end`, { headers: { origin } });
  await restore();
  await partner.dispose();
});

const LABEL = '20% off, up to £5';

test('a partner creates an offer and customers see it on the card, the page, the cart and checkout', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const console = await browser.newContext({ storageState: await partner.storageState() });
  const admin = await console.newPage();
  await admin.goto(`/partner/offers?site=${restaurant.id}`);
  await expect(admin.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  await admin.getByRole('button', { name: 'New offer' }).click();
  const form = admin.getByRole('dialog', { name: 'New offer' });
  await expect(form).toBeVisible();
  // A missing figure is named under its field, and nothing is made.
  await form.getByRole('button', { name: 'Create offer' }).click();
  await expect(form.getByText('Enter the percentage taken off the food')).toBeVisible();
  await form.getByLabel('Percentage off the food').fill('20');
  await form.getByLabel(/Most it takes off/).fill('5');
  await form.getByLabel('Where').selectOption({ label: restaurant.branchName });
  await form.getByRole('button', { name: 'Create offer' }).click();
  await expect(admin.getByText('Offer created')).toBeVisible();
  await expect(form).toBeHidden();
  const active = admin.getByRole('list', { name: /Active/ });
  await expect(active.getByText(LABEL)).toBeVisible();
  await console.close();

  // The card in the Offers search, rendered by the server.
  await gotoReady(page, '/?location=London&filters=offers');
  const card = page.locator(`a[href="/restaurant/${SLUG}"]`);
  await expect(card.getByText(LABEL)).toBeVisible();
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/restaurant/${SLUG}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main').getByText(LABEL).first()).toBeVisible();

  // A dish without options, added through its stepper.
  const dish = restaurant.menu.sections.flatMap((s) => s.items).find((i) => i.optionGroups.length === 0)!;
  await waitForHydration(page);
  await page.getByRole('button', { name: `Increase quantity of ${dish.name}` }).click();
  await page.getByRole('button', { name: `Add ${dish.name} to cart` }).click();
  await expect(page.getByText(`1x ${dish.name} added to your cart.`)).toBeVisible();

  // The saving is the server's, the same on the cart and at checkout.
  // 20% rounded down, at most £5, never below the £1 platform floor.
  const saving = `−£${(Math.min(Math.floor((dish.priceMinor * 20) / 100), 500, dish.priceMinor - 100) / 100).toFixed(2)}`;
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeVisible();
  await expect(page.getByTestId('cart-offer')).toHaveText(`Offer: ${LABEL}${saving}`);
  await page.goto('/checkout');
  await expect(page.getByTestId('checkout-offer')).toHaveText(`Offer: ${LABEL}${saving}`);
});
