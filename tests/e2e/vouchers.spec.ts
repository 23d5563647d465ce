import { type APIRequestContext, expect, test } from '@playwright/test';
import { waitForHydration } from './hydration';
import { SLUG, openAllDay, signedIn } from './live-orders';

/*
 * A customer applies a platform voucher at checkout and sees the saving on the order page and on
 * the receipt e-mailed to them (docs/product/customer.md#vouchers, docs/decisions/0253-platform-vouchers.md).
 */

let finance: APIRequestContext;
let partner: APIRequestContext;
let restore: () => Promise<void>;
let code: string;

test.beforeAll(async ({ playwright: _ }, testInfo) => {
  const origin = testInfo.project.use.baseURL!;
  finance = await signedIn(origin, 'finance@halalnosh.test');
  partner = await signedIn(origin, 'partner@halalnosh.test');
  ({ restore } = await openAllDay(partner, origin));
  const res = await finance.post('/api/admin/vouchers', {
    data: { name: 'Journey welcome', kind: 'amount', amountMinor: 300, minSpendMinor: 0, budgetMinor: 10_000 },
    headers: { origin },
  });
  expect(res.status(), await res.text()).toBe(201);
  code = (await res.json()).voucher.code;
});

test.afterAll(async () => {
  await restore();
  await finance.dispose();
  await partner.dispose();
});

const pence = (text: string) => Math.round(Number(text.replace(/[£,]/g, '')) * 100);

test('a visitor applies a voucher at checkout and sees the saving on the order page and the receipt', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(`/restaurant/${SLUG}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Add Lamb Shish, choosing options' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lamb Shish' });
  await dialog.getByRole('radio', { name: /Large/ }).check();
  await dialog.getByRole('button', { name: /Add 1 to cart/ }).click();
  await expect(page.getByText('1x Lamb Shish added to your cart.')).toBeVisible();

  await page.goto('/checkout');
  await page.getByLabel('Pickup (Free)').check();
  await expect(page.getByTestId('checkout-total')).not.toHaveText('');
  const before = (await page.getByTestId('checkout-total').textContent())!;

  // A code that is not one first: the reason under the field, and no saving.
  await page.getByLabel(/Voucher code/).fill('NOTACODE22');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText("We don't recognise this code. Please check it and try again.")).toBeVisible();
  await expect(page.getByTestId('checkout-total')).toHaveText(before);

  await page.getByLabel(/Voucher code/).fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Voucher applied: you save £3.00' })).toBeVisible();
  await expect(page.getByTestId('checkout-voucher')).toHaveText('-£3.00');
  await expect(page.getByTestId('checkout-total')).toHaveText(`£${((pence(before) - 300) / 100).toFixed(2)}`);

  await page.getByLabel('Full Name').fill('Hafsa Begum');
  await page.getByLabel('Phone Number').fill('07700 900631');
  const email = `voucher.${Date.now()}@example.com`;
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/HN-/);
  await expect(page.getByTestId('order-voucher')).toHaveText('-£3.00');
  await expect(page.getByText(`Voucher ${code}`)).toBeVisible();
  const orderNumber = /\/order\/(HN-[^?/]+)/.exec(page.url())![1];

  // The receipt (the outbox sends it after the order commits) names the voucher and its saving.
  let receipt = '';
  await expect
    .poll(async () => {
      const { mails } = (await (await page.request.get('/api/dev/mail')).json()) as {
        mails: { to: string; text: string }[];
      };
      receipt = mails.find((m) => m.to === email && m.text.includes(orderNumber))?.text ?? '';
      return receipt;
    })
    .not.toBe('');
  expect(receipt).toContain(`Voucher ${code} (paid by HalalNosh): -£3.00`);
});
