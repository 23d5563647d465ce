import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRole } from '../../../domain/roles';
import { percentOf } from '../../../domain/ledger';
import { londonDate } from '../../../domain/reports';
import { VOUCHER_CODE_ALPHABET, VOUCHER_CODE_LENGTH, VOUCHER_MESSAGES } from '../../../domain/vouchers';
import { auditLog, notificationOutbox, orders } from '../../db/schema/index';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type Caller, adminsOfEveryRole, call } from '../admin/test-fixtures';
import { type Shop, act, deliveryBody, pickupBody, place, seedShop, settle } from '../orders/test-fixtures';

/*
 * Platform vouchers (docs/decisions/0253-platform-vouchers.md, docs/decisions/0254-voucher-limits-under-concurrency.md,
 * docs/decisions/0255-voucher-codes-and-brute-force.md): made in the back office, applied at checkout,
 * limits that hold under concurrent checkouts, funded by the platform in the reconciliation.
 */

let t: TestApp;
let shop: Shop;
let admins: Record<AdminRole, Caller>;

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  admins = await adminsOfEveryRole(t);
});
afterAll(async () => t.close());

type Voucher = { id: string; code: string; spentMinor: number; orders: number; state: string };

async function newVoucher(over: Record<string, unknown> = {}, who: Caller = admins.finance): Promise<Voucher> {
  const res = await call(t, who, 'POST', '/api/admin/vouchers', {
    name: 'Welcome',
    kind: 'amount',
    amountMinor: 500,
    minSpendMinor: 1000,
    budgetMinor: 10_000,
    ...over,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().voucher;
}

const phone = (i: number) => `07700 9${String(i).padStart(5, '0')}`;
const quote = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/orders/quote', payload: body });
const quoteBody = (code: string, over: Record<string, unknown> = {}) => ({
  siteId: shop.site.id,
  orderType: 'DELIVERY',
  items: [{ menuItemId: shop.items.wrap.id, quantity: 2 }],
  voucherCode: code,
  ...over,
});

describe('the back office', () => {
  it('answers 401 to a stranger and 403 to Customer Service, Read Only, a customer and a partner', async () => {
    const v = await newVoucher();
    const routes = [
      ['GET', '/api/admin/vouchers'],
      ['POST', '/api/admin/vouchers'],
      ['POST', `/api/admin/vouchers/${v.id}/end`],
      ['GET', `/api/admin/vouchers/${v.id}/usage`],
    ] as const;
    const partner = { id: shop.partner.id, email: shop.partner.email, cookie: shop.partner.cookie };
    for (const [method, url] of routes) {
      expect((await call(t, null, method, url, {})).statusCode, url).toBe(401);
      for (const who of [admins.cs_agent, admins.read_only, partner])
        expect((await call(t, who, method, url, {})).statusCode, `${who.email} ${url}`).toBe(403);
    }
    const unknown = randomUUID();
    expect((await call(t, admins.finance, 'POST', `/api/admin/vouchers/${unknown}/end`)).statusCode).toBe(404);
    expect((await call(t, admins.finance, 'GET', `/api/admin/vouchers/${unknown}/usage`)).statusCode).toBe(404);
  });

  it('lets finance, operations and a super admin create a voucher with a code the server makes, audited', async () => {
    for (const role of ['finance', 'ops_manager', 'super_admin'] as const) {
      const v = await newVoucher({}, admins[role]);
      expect(v.code).toHaveLength(VOUCHER_CODE_LENGTH);
      for (const c of v.code) expect(VOUCHER_CODE_ALPHABET).toContain(c);
      const [audit] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, v.id), eq(auditLog.actionType, 'voucher_created')));
      expect(audit.performedBy).toBe(admins[role].id);
    }
  });

  it('refuses a chosen code and a bad voucher, naming the field', async () => {
    const chosen = await call(t, admins.finance, 'POST', '/api/admin/vouchers', {
      name: 'Mine',
      kind: 'amount',
      amountMinor: 500,
      budgetMinor: 1000,
      code: 'WELCOME10',
    });
    expect(chosen.statusCode).toBe(400);
    const noAmount = await call(t, admins.finance, 'POST', '/api/admin/vouchers', {
      name: 'Nothing',
      kind: 'amount',
      budgetMinor: 1000,
    });
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json().error.fields).toEqual([
      { in: 'body', path: 'amountMinor', message: 'Please give the amount off in pence' },
    ]);
  });

  it('ends a voucher, audited once, and checkout refuses it from then on', async () => {
    const v = await newVoucher();
    const ended = await call(t, admins.ops_manager, 'POST', `/api/admin/vouchers/${v.id}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().voucher.state).toBe('ended');
    await call(t, admins.ops_manager, 'POST', `/api/admin/vouchers/${v.id}/end`);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, v.id), eq(auditLog.actionType, 'voucher_ended')));
    expect(audits).toHaveLength(1);
    const q = (await quote(quoteBody(v.code))).json().quote;
    expect(q).toMatchObject({ voucherCode: null, voucherDiscountMinor: 0, voucherRefusal: VOUCHER_MESSAGES.expired });
  });
});

describe('checkout', () => {
  it('quotes the saving, or the reason in the customer’s words', async () => {
    const v = await newVoucher();
    const ok = await quote(quoteBody(v.code.toLowerCase().replace(/(.{5})/, '$1-')));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().quote).toMatchObject({
      subtotalMinor: 1300,
      voucherCode: v.code,
      voucherDiscountMinor: 500,
      voucherRefusal: null,
      totalMinor: 1300 + 249 - 500,
    });
    const small = (await quote(quoteBody(v.code, { items: [{ menuItemId: shop.items.tea.id, quantity: 1 }] }))).json();
    expect(small.quote.voucherRefusal).toBe('This code needs a minimum order of £10.00');
    const unknown = (await quote(quoteBody('ZZZZZZZZZZ'))).json();
    expect(unknown.quote.voucherRefusal).toBe(VOUCHER_MESSAGES.unknown);
    const brand = await newVoucher({ brandId: shop.brand.id, citySlug: 'birmingham' });
    expect((await quote(quoteBody(brand.code))).json().quote.voucherRefusal).toBe(VOUCHER_MESSAGES.wrongCity);
  });

  it('places the order with the saving, server-priced, shown on the order and the receipt', async () => {
    const v = await newVoucher();
    const res = await place(t, deliveryBody(shop, { voucherCode: v.code, customerEmail: 'saver@example.com' }));
    expect(res.statusCode, res.body).toBe(201);
    const { order, orderToken } = res.json();
    expect(order).toMatchObject({
      subtotalMinor: 1499,
      voucherCode: v.code,
      voucherDiscountMinor: 500,
      totalMinor: 1499 + 249 - 500,
    });
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.orderNumber}`,
      headers: { 'x-order-token': orderToken },
    });
    expect(page.json().order).toMatchObject({ voucherCode: v.code, voucherDiscountMinor: 500 });
    const [receipt] = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.eventId, `order:${order.id}:placed`));
    expect(receipt.payload.text).toContain(`Voucher ${v.code} (paid by HalalNosh): -£5.00`);
    expect(receipt.payload.text).toContain('Total: £12.48');
    expect(receipt.payload.html).toContain(`Voucher ${v.code}`);
  });

  it('refuses a price or discount sent by the browser, and a code that does not apply with its reason', async () => {
    const v = await newVoucher();
    const sent = await place(t, deliveryBody(shop, { voucherCode: v.code, voucherDiscountMinor: 1000 }));
    expect(sent.statusCode).toBe(400);
    const small = await place(
      t,
      deliveryBody(shop, { voucherCode: v.code, items: [{ menuItemId: shop.items.lamb.id, quantity: 1 }] }),
    );
    expect(small.statusCode, small.body).toBe(201);
    const again = await place(t, deliveryBody(shop, { voucherCode: v.code }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      message: VOUCHER_MESSAGES.alreadyUsed,
      fields: [expect.objectContaining({ path: 'voucherCode' })],
    });
  });

  it('answers a replayed order with a voucher as the same order, not a second use', async () => {
    const v = await newVoucher();
    const body = deliveryBody(shop, { voucherCode: v.code, customerPhone: phone(777) });
    const key = `voucher-replay-${randomUUID()}`;
    const [a, b] = await Promise.all([place(t, body, { key }), place(t, body, { key })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().order.id).toBe(b.json().order.id);
  });

  it('gives the use back when the order is cancelled', async () => {
    const v = await newVoucher({ perCustomerLimit: 1 });
    const first = (await place(t, pickupBody(shop, { voucherCode: v.code, customerPhone: phone(888) }))).json();
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${first.order.orderNumber}/cancel`,
      headers: { 'x-order-token': first.orderToken },
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const second = await place(t, pickupBody(shop, { voucherCode: v.code, customerPhone: phone(888) }));
    expect(second.statusCode, second.body).toBe(201);
    const usage = (await call(t, admins.finance, 'GET', `/api/admin/vouchers/${v.id}/usage`)).json();
    expect(usage.voucher).toMatchObject({ orders: 1, spentMinor: 500 });
    expect(usage.orders.map((o: { released: boolean }) => o.released)).toEqual([false, true]);
  });

  it('says a first-order voucher is for a first order only, by phone', async () => {
    const v = await newVoucher({ firstOrderOnly: true });
    await place(t, pickupBody(shop, { customerPhone: phone(999) }));
    const res = await place(t, pickupBody(shop, { voucherCode: v.code, customerPhone: '+44 7700 900999' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(VOUCHER_MESSAGES.firstOrderOnly);
  });
});

describe('limits under 50 concurrent checkouts', () => {
  it('has one winner when the budget has one use left', async () => {
    const v = await newVoucher({ budgetMinor: 500, perCustomerLimit: 100 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        place(t, deliveryBody(shop, { voucherCode: v.code, customerPhone: phone(1000 + i) })),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(new Set(results.filter((r) => r.statusCode === 409).map((r) => r.json().error.message))).toEqual(
      new Set([VOUCHER_MESSAGES.usedUp]),
    );
    const rows = await t.database.db.select().from(orders).where(eq(orders.voucherId, v.id));
    expect(rows.reduce((a, o) => a + o.voucherDiscountMinor, 0)).toBe(500);
  });

  it('lets one person use it once however many checkouts race', async () => {
    const v = await newVoucher({ budgetMinor: 1_000_000 });
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        place(t, deliveryBody(shop, { voucherCode: v.code, customerPhone: phone(2000) })),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(
      results.filter((r) => r.statusCode === 409).every((r) => r.json().error.message === VOUCHER_MESSAGES.alreadyUsed),
    ).toBe(true);
  });
});

describe('code checks', () => {
  it('are limited per address: past 20 in the window the quote answers 429 naming the field', async () => {
    let last = await quote(quoteBody('ABCDEFGHJK'));
    for (let i = 0; i < 25 && last.statusCode !== 429; i++) last = await quote(quoteBody('ABCDEFGHJK'));
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
    expect(last.json().error).toMatchObject({ message: VOUCHER_MESSAGES.tooManyChecks });
    // A quote without a code is not a code check.
    expect((await quote(quoteBody(''))).statusCode).toBe(200);
  });
});

describe('money', () => {
  it('is funded by the platform: the restaurant’s statement unchanged, the reconciliation to the penny', async () => {
    const today = londonDate(new Date());
    const recon = async () =>
      (await call(t, admins.finance, 'GET', `/api/admin/finance/reconciliation?from=${today}&to=${today}`)).json()
        .totals;
    const statement = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/partner/sites/${shop.site.id}/statement?from=${today}&to=${today}`,
          headers: { cookie: shop.partner.cookie },
        })
      ).json().totals;
    const [recBefore, stBefore] = [await recon(), await statement()];
    const v = await newVoucher({ kind: 'percent', amountMinor: null, percent: 10, minSpendMinor: 0 });
    const placed = (await place(t, pickupBody(shop, { voucherCode: v.code, customerPhone: phone(3000) }))).json().order;
    expect(placed).toMatchObject({ subtotalMinor: 1499, voucherDiscountMinor: 150, totalMinor: 1349 });
    for (const action of ['accept', 'start_preparing', 'mark_ready', 'mark_collected']) {
      await settle(t, placed.id);
      const res = await act(t, shop.partner.cookie, placed.id, { action });
      expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
    }
    const [rec, st] = [await recon(), await statement()];
    expect(rec.reconciles).toBe(true);
    expect(rec.platformDiscountsMinor - recBefore.platformDiscountsMinor).toBe(150);
    expect(rec.customerTotalsMinor - recBefore.customerTotalsMinor).toBe(1349);
    expect(rec.foodSalesMinor - recBefore.foodSalesMinor).toBe(1499);
    expect(rec.customerTotalsMinor).toBe(
      rec.foodSalesMinor + rec.deliveryFeesMinor + rec.serviceFeesMinor - rec.platformDiscountsMinor,
    );
    // Commission on the food before the voucher; the till took the discounted cash, so the
    // platform owes the restaurant the voucher on top of the food less commission.
    const commission = percentOf(1499, 15);
    expect(st.foodSalesMinor - stBefore.foodSalesMinor).toBe(1499);
    expect(st.commissionMinor - stBefore.commissionMinor).toBe(commission);
    expect(st.collectedByRestaurantMinor - stBefore.collectedByRestaurantMinor).toBe(1349);
    expect(st.netOwedMinor - stBefore.netOwedMinor).toBe(1499 - commission - 1349);
  });
});
