import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { percentOf } from '../../../domain/ledger';
import { londonDate } from '../../../domain/reports';
import type { AdminRole } from '../../../domain/roles';
import { orders } from '../../db/schema/index';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type Caller, adminsOfEveryRole, call } from '../admin/test-fixtures';
import { type Shop, act, pickupBody, place, seedShop, setSetting, settle } from '../orders/test-fixtures';

/*
 * A restaurant offer and a platform voucher on one order: the offer's step first, the voucher on the
 * food after the offer, both capped so the food the customer pays stays at the platform floor, and
 * each funded by its own payer in the statement and the reconciliation
 * (docs/decisions/0250-restaurant-offers-pricing.md, docs/decisions/0253-platform-vouchers.md).
 */

let t: TestApp;
let shop: Shop;
let admins: Record<AdminRole, Caller>;
const today = () => londonDate(new Date());

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  admins = await adminsOfEveryRole(t);
});
afterAll(async () => t.close());

async function newOffer(body: Record<string, unknown>): Promise<{ id: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/partner/brands/${shop.brand.id}/offers`,
    headers: { cookie: shop.partner.cookie },
    payload: { startsOn: '2026-01-01', ...body },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().offer;
}
async function endOffer(id: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/partner/offers/${id}/end`,
    headers: { cookie: shop.partner.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
}
async function newVoucher(body: Record<string, unknown>): Promise<{ id: string; code: string }> {
  const res = await call(t, admins.finance, 'POST', '/api/admin/vouchers', {
    name: 'Stacked',
    minSpendMinor: 0,
    budgetMinor: 10_000,
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().voucher;
}
async function quote(body: Record<string, unknown>) {
  const { siteId, orderType, items, voucherCode, customerPhone } = body;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders/quote',
    payload: { siteId, orderType, items, voucherCode, customerPhone },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().quote;
}

describe('an offer and a voucher on one order', () => {
  it('values the voucher on the food after the offer, and each payer funds its own saving to the penny', async () => {
    // 2 wraps and a tea: £14.99. The offer takes £2.50; 10 % of the £12.49 left is 124.9p.
    const offer = await newOffer({ kind: 'amount_off', amountMinor: 250, minSpendMinor: 1000 });
    const voucher = await newVoucher({ kind: 'percent', percent: 10 });
    const body = pickupBody(shop, { voucherCode: voucher.code, customerPhone: '07700 900417' });
    const q = await quote(body);
    expect(q.offer).toMatchObject({ id: offer.id, discountMinor: 250 });
    expect(q.voucherDiscountMinor).toBeGreaterThanOrEqual(124);
    expect(q.voucherDiscountMinor).toBeLessThanOrEqual(125);
    expect(q.totalMinor).toBe(1499 + q.serviceFeeMinor - 250 - q.voucherDiscountMinor);

    const recon = async () =>
      (await call(t, admins.finance, 'GET', `/api/admin/finance/reconciliation?from=${today()}&to=${today()}`)).json()
        .totals;
    const statement = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/partner/sites/${shop.site.id}/statement?from=${today()}&to=${today()}`,
          headers: { cookie: shop.partner.cookie },
        })
      ).json().totals;
    const [recBefore, stBefore] = [await recon(), await statement()];

    const placed = await place(t, { ...body, expectedTotalMinor: q.totalMinor });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order;
    expect(order).toMatchObject({
      subtotalMinor: 1499,
      offer: { discountMinor: 250 },
      voucherDiscountMinor: q.voucherDiscountMinor,
      totalMinor: q.totalMinor,
    });
    for (const action of ['accept', 'start_preparing', 'mark_ready', 'mark_collected']) {
      await settle(t, order.id);
      const res = await act(
        t,
        shop.partner.cookie,
        order.id,
        action === 'accept' ? { action, prepTimeMinutes: 15 } : { action },
      );
      expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
    }
    await endOffer(offer.id);

    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    const [rec, st] = [await recon(), await statement()];
    // The platform: both savings off what customers paid, each under its own column.
    expect(rec.reconciles).toBe(true);
    expect(rec.offerCostMinor - recBefore.offerCostMinor).toBe(250);
    expect(rec.platformDiscountsMinor - recBefore.platformDiscountsMinor).toBe(q.voucherDiscountMinor);
    expect(rec.customerTotalsMinor).toBe(
      rec.foodSalesMinor +
        rec.deliveryFeesMinor +
        rec.serviceFeesMinor -
        rec.offerCostMinor -
        rec.platformDiscountsMinor,
    );
    // The restaurant: commission on the food before either saving, the offer at its cost, and the
    // voucher owed back to it (its till took the cash after the voucher).
    const commission = percentOf(1499, row.commissionPercent);
    expect(st.offerCostMinor - stBefore.offerCostMinor).toBe(250);
    expect(st.commissionMinor - stBefore.commissionMinor).toBe(commission);
    expect(st.collectedByRestaurantMinor - stBefore.collectedByRestaurantMinor).toBe(q.totalMinor);
    expect(st.netOwedMinor - stBefore.netOwedMinor).toBe(1499 - 250 - commission - q.totalMinor);
  });

  it('never takes the food the customer pays below the platform floor, together', async () => {
    await setSetting(t, 'order_floor_minor', 1000);
    try {
      // £14.99 of food; the offer takes £4.00 (to £10.99); a £5.00 voucher may take only 99p more.
      const offer = await newOffer({ kind: 'amount_off', amountMinor: 400, minSpendMinor: 500 });
      const voucher = await newVoucher({ kind: 'amount', amountMinor: 500 });
      const q = await quote(pickupBody(shop, { voucherCode: voucher.code, customerPhone: '07700 900418' }));
      expect(q.offer).toMatchObject({ discountMinor: 400 });
      expect(q.voucherDiscountMinor).toBe(99);
      expect(q.subtotalMinor - q.offer.discountMinor - q.voucherDiscountMinor).toBe(1000);
      await endOffer(offer.id);
    } finally {
      await setSetting(t, 'order_floor_minor', 100);
    }
  });
});
