import { type Page, expect, test } from '@playwright/test';
import { gotoReady, waitForHydration } from './hydration';
import { DEMO_PASSWORD, SLUG, keepSampleOpen } from './live-orders';

/*
 * Group orders (docs/product/group-orders.md): a host, a signed-in customer and a visitor build one
 * basket from three browsers and see each other's dishes arrive live; the host locks it and places
 * one order, and everyone sees it placed with their share.
 */

let origin = '';
keepSampleOpen((_p, o) => {
  origin = o;
});

type Item = { id: string; name: string; priceMinor: number; optionGroups: unknown[] };

async function signIn(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** A second customer: signs up, confirms through the dev outbox, signs in. */
async function newCustomer(page: Page, name: string) {
  const email = `group.${Date.now()}@example.com`;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'a-good-password', name, userType: 'customer', callbackURL: '/auth/callback?confirmed=1' },
    headers: { origin },
  });
  expect(signUp.ok(), await signUp.text()).toBeTruthy();
  let link = '';
  await expect
    .poll(async () => {
      const { mails } = (await (await page.request.get('/api/dev/mail')).json()) as {
        mails: { to: string; text: string }[];
      };
      link = /https?:\/\/\S+/.exec(mails.find((m) => m.to === email)?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByText('Email confirmed successfully!')).toBeVisible();
  await signIn(page, email, 'a-good-password');
}

test('three people build one group order live and the host checks out', async ({ browser }) => {
  const [hostCtx, memberCtx, visitorCtx] = await Promise.all([
    browser.newContext(),
    browser.newContext(),
    browser.newContext(),
  ]);
  const host = await hostCtx.newPage();
  const member = await memberCtx.newPage();
  const visitor = await visitorCtx.newPage();
  const { restaurant } = await (await host.request.get(`/api/restaurants/${SLUG}`)).json();
  const simple = (restaurant.menu.sections as { items: Item[] }[])
    .flatMap((s) => s.items)
    .filter((i) => i.optionGroups.length === 0);
  const [a, b] = simple;

  await signIn(host, 'customer@halalnosh.test', DEMO_PASSWORD);
  await newCustomer(member, 'Amina');

  // The host starts the basket from the restaurant's page and shares its link.
  await gotoReady(host, `/restaurant/${SLUG}`);
  await host.getByRole('link', { name: 'Order together: start a group order' }).click();
  await expect(host).toHaveURL(new RegExp(`/group/start/${restaurant.id}$`));
  await waitForHydration(host);
  await host.getByRole('button', { name: 'Start group order' }).click();
  await expect(host).toHaveURL(/\/group\/[0-9a-f-]{36}$/);
  const link = await host.getByLabel('Share this link').inputValue();
  const path = new URL(link).pathname;

  // A signed-in customer joins by account, a visitor by name.
  await member.goto(path);
  await member.getByRole('button', { name: 'Join group order' }).click();
  await expect(member).toHaveURL(/\/group\/[0-9a-f-]{36}$/);
  await visitor.goto(path);
  await visitor.getByLabel('Your name').fill('Bilal');
  await visitor.getByRole('button', { name: 'Join group order' }).click();
  await expect(visitor).toHaveURL(/\/group\/[0-9a-f-]{36}$/);

  // Each adds a dish; the others see it arrive without reloading.
  await visitor.getByRole('button', { name: `Add ${a.name}`, exact: true }).click();
  await expect(host.getByTestId('group-lines').getByText('Added by Bilal')).toBeVisible();
  await member.getByRole('button', { name: `Add ${b.name}`, exact: true }).click();
  await expect(visitor.getByTestId('group-lines').getByText('Added by Amina')).toBeVisible();
  const needed = Math.max(1, Math.ceil(restaurant.minOrderMinor / a.priceMinor));
  for (let i = 0; i < needed; i++) {
    await host.getByRole('button', { name: `Add ${a.name}`, exact: true }).click();
    await expect(host.getByTestId('group-lines').getByText('Added by you')).toHaveCount(i + 1);
  }

  // The host locks the basket: the others see it locked; then places the order.
  await host.getByRole('button', { name: 'Lock basket' }).click();
  await expect(visitor.getByTestId('group-status')).toHaveText('Locked by the host');
  await host.getByLabel('Name').fill('Aisha Khan');
  await host.getByLabel('Phone').fill('07700 900123');
  await host.getByLabel('Delivery address').fill('10 Dalston Lane');
  await host.getByLabel('Postcode').fill('E8 3DL');
  await host.getByRole('button', { name: /Place group order/ }).click();
  await expect(host.getByTestId('group-status')).toHaveText('Order placed');
  for (const page of [member, visitor]) {
    await expect(page.getByTestId('group-order-status')).toHaveText('Awaiting Confirmation');
    await expect(page.getByRole('table', { name: 'Who owes what' })).toBeVisible();
  }
  await Promise.all([hostCtx.close(), memberCtx.close(), visitorCtx.close()]);
});

test('the host cancels: a visitor on the group page is told at once that nothing was ordered', async ({ browser }) => {
  const [hostCtx, visitorCtx] = await Promise.all([browser.newContext(), browser.newContext()]);
  const host = await hostCtx.newPage();
  const visitor = await visitorCtx.newPage();
  const { restaurant } = await (await host.request.get(`/api/restaurants/${SLUG}`)).json();
  await signIn(host, 'customer@halalnosh.test', DEMO_PASSWORD);
  await host.goto(`/group/start/${restaurant.id}`);
  await waitForHydration(host);
  await host.getByRole('button', { name: 'Start group order' }).click();
  await expect(host).toHaveURL(/\/group\/[0-9a-f-]{36}$/);
  const path = new URL(await host.getByLabel('Share this link').inputValue()).pathname;
  await visitor.goto(path);
  await visitor.getByLabel('Your name').fill('Bilal');
  await visitor.getByRole('button', { name: 'Join group order' }).click();
  await expect(visitor.getByTestId('group-status')).toHaveText('Open: add your dishes');

  await host.getByRole('button', { name: 'Cancel group order' }).click();
  await expect(visitor.getByTestId('group-status')).toHaveText('Cancelled by the host');
  await expect(visitor.getByText('The host cancelled this group order. Nothing was ordered.')).toBeVisible();
  await Promise.all([hostCtx.close(), visitorCtx.close()]);
});
