import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRole } from '../../../domain/roles';
import {
  auditLog,
  deliveryJobs,
  driverCashHandins,
  driverEarnings,
  driverPayoutDetails,
  orders,
} from '../../db/schema/index';
import { seedSettings } from '../../db/seed/seed-settings';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type Caller, adminsOfEveryRole, call } from '../admin/test-fixtures';
import { type Driver, newDriver } from '../dispatch/test-fixtures';
import { type Shop, deliveryBody, place, seedShop } from '../orders/test-fixtures';

// Payout details and payout requests (docs/decisions/0159-payout-requests.md).
let t: TestApp;
let admins: Record<AdminRole, Caller>;

beforeAll(async () => {
  t = await createTestApp();
  await seedSettings(t.database.db);
  admins = await adminsOfEveryRole(t);
});
afterAll(async () => t.close());

const VALID = { accountName: 'Dan Driver', sortCode: '08-99-99', accountNumber: '66374958' };

/** A delivery `d` completed, recording `cashMinor` taken at the door (the order's own total is not needed here). */
async function holdCash(shop: Shop, d: Driver, cashMinor: number) {
  const placed = (await place(t, deliveryBody(shop))).json();
  await t.database.db
    .update(orders)
    .set({ status: 'DELIVERED', driverId: d.id, cashCollectedMinor: cashMinor, cashDifferenceReason: 'Test cash' })
    .where(eq(orders.id, placed.order.id));
  await t.database.db.insert(deliveryJobs).values({
    orderId: placed.order.id,
    siteId: shop.site.id,
    status: 'completed',
    driverId: d.id,
    pickupCode: '1234',
    pickupAddress: '1 Kingsland High Street, London E8 2NS',
    pickupArea: 'E',
    deliveryAddress: '12 Mare Street, London E8 4RP',
    restaurantName: shop.siteName,
    customerName: 'Aisha Khan',
    distanceMiles: 1,
    deliveryFeeMinor: 249,
    customerOrderTotalMinor: placed.order.totalMinor,
    totalPayMinor: 300,
    expiresAt: new Date(),
  });
}

async function earn(d: Driver, totalMinor: number) {
  await t.database.db.insert(driverEarnings).values({ driverId: d.id, pickupPayMinor: totalMinor, totalMinor });
}

describe('payout details', () => {
  it('saves details that pass the modulus check and shows the driver only a masked number', async () => {
    const d = await newDriver(t);
    expect((await call(t, d, 'GET', '/api/driver/payout-details')).json()).toEqual({ details: null });
    const put = await call(t, d, 'PUT', '/api/driver/payout-details', VALID);
    expect(put.statusCode, put.body).toBe(200);
    const expected = { accountName: 'Dan Driver', sortCode: '08-99-99', accountNumberMasked: '••••4958' };
    expect(put.json().details).toMatchObject(expected);
    const got = await call(t, d, 'GET', '/api/driver/payout-details');
    expect(got.json().details).toMatchObject(expected);
    expect(got.body).not.toContain('66374958');
    const [row] = await t.database.db.select().from(driverPayoutDetails).where(eq(driverPayoutDetails.driverId, d.id));
    expect(row).toMatchObject({ sortCode: '089999', accountNumber: '66374958' });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actionType, 'payout_details_changed'), eq(auditLog.entityId, d.id)));
    expect(JSON.stringify(audit.details)).not.toContain('66374958');
  });

  it('refuses a pair that fails the modulus check, and malformed ones, with the reason', async () => {
    const d = await newDriver(t);
    // Each names the field the driver must correct, so the form shows the reason beside it.
    const cases: [Record<string, string>, string, string][] = [
      [{ ...VALID, accountNumber: '66374959' }, 'This sort code and account number do not match', 'accountNumber'],
      [{ ...VALID, sortCode: '08-99' }, 'Enter a 6-digit sort code', 'sortCode'],
      [{ ...VALID, accountNumber: '1234' }, 'Enter an 8-digit account number', 'accountNumber'],
      [{ ...VALID, accountName: ' ' }, 'Enter the name on the account', 'accountName'],
    ];
    for (const [body, message, field] of cases) {
      const res = await call(t, d, 'PUT', '/api/driver/payout-details', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toContain(message);
      expect(res.json().error.fields).toEqual([{ in: 'body', path: field, message: expect.stringContaining(message) }]);
    }
    expect((await call(t, d, 'GET', '/api/driver/payout-details')).json()).toEqual({ details: null });
  });

  it("never shows a driver another driver's details", async () => {
    const a = await newDriver(t);
    const b = await newDriver(t);
    await call(t, a, 'PUT', '/api/driver/payout-details', VALID);
    expect((await call(t, b, 'GET', '/api/driver/payout-details')).json()).toEqual({ details: null });
    // Saving B's details leaves A's as they were.
    await call(t, b, 'PUT', '/api/driver/payout-details', {
      ...VALID,
      accountName: 'B',
      accountNumber: '88837491',
      sortCode: '107999',
    });
    const [rowA] = await t.database.db.select().from(driverPayoutDetails).where(eq(driverPayoutDetails.driverId, a.id));
    expect(rowA.accountNumber).toBe('66374958');
  });

  it('is for approved drivers only', async () => {
    const pending = await newDriver(t, { status: 'pending' });
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', VALID],
    ] as const) {
      expect((await call(t, null, method, '/api/driver/payout-details', payload)).statusCode).toBe(401);
      expect((await call(t, pending, method, '/api/driver/payout-details', payload)).statusCode).toBe(403);
      expect((await call(t, admins.finance, method, '/api/driver/payout-details', payload)).statusCode).toBe(403);
    }
  });
});

describe('payout requests', () => {
  it('asks for payout details before a cash-out', async () => {
    const d = await newDriver(t);
    await earn(d, 800);
    const res = await call(t, d, 'POST', '/api/driver/earnings/cash-out');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Add your payout details before you cash out');
  });

  it('makes a request finance sees with the bank details and marks paid, audited, once', async () => {
    const d = await newDriver(t);
    await call(t, d, 'PUT', '/api/driver/payout-details', VALID);
    await earn(d, 800);
    const cashed = await call(t, d, 'POST', '/api/driver/earnings/cash-out');
    expect(cashed.statusCode, cashed.body).toBe(200);
    expect(cashed.json().payout).toMatchObject({ feeMinor: 0, netMinor: 800, status: 'requested', paidAt: null });
    expect(cashed.json().message).not.toContain('30 minutes');
    const id = cashed.json().payout.id;

    const list = await call(t, admins.finance, 'GET', '/api/admin/payouts');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().payouts.find((p: { id: string }) => p.id === id)).toMatchObject({
      driverId: d.id,
      feeMinor: 0,
      netMinor: 800,
      arrivesBy: cashed.json().payout.arrivesBy,
      status: 'requested',
      accountName: 'Dan Driver',
      sortCode: '089999',
      accountNumber: '66374958',
    });

    const paid = await call(t, admins.finance, 'POST', `/api/admin/payouts/${id}/paid`, { paymentReference: 'FP-123' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().payout).toMatchObject({ status: 'paid', paymentReference: 'FP-123' });
    const again = await call(t, admins.super_admin, 'POST', `/api/admin/payouts/${id}/paid`, {});
    expect(again.statusCode).toBe(409);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actionType, 'payout_marked_paid'), eq(auditLog.entityId, id)));
    expect(audit).toMatchObject({ performedBy: admins.finance.id });

    const earnings = (await call(t, d, 'GET', '/api/driver/earnings')).json();
    expect(earnings.payouts[0]).toMatchObject({ id, status: 'paid' });
    expect(earnings.payouts[0].paidAt).not.toBeNull();
    const paidList = (await call(t, admins.finance, 'GET', '/api/admin/payouts?status=paid')).json();
    expect(paidList.payouts.map((p: { id: string }) => p.id)).toContain(id);
  });

  it('nets the cash the driver holds off the payout, records it as handed in and shows both to finance', async () => {
    const shop = await seedShop(t);
    const d = await newDriver(t);
    await call(t, d, 'PUT', '/api/driver/payout-details', VALID);
    await earn(d, 1000);
    await holdCash(shop, d, 400);
    const cashed = await call(t, d, 'POST', '/api/driver/earnings/cash-out');
    expect(cashed.statusCode, cashed.body).toBe(200);
    // Gross £10.00, no fee, £4.00 of cash held netted: £6.00 to send.
    expect(cashed.json().payout).toMatchObject({
      grossMinor: 1000,
      feeMinor: 0,
      cashNettedMinor: 400,
      netMinor: 600,
      status: 'requested',
    });
    expect(cashed.json().message).toContain('£4.00 of the cash you hold was taken off this payout.');
    const id = cashed.json().payout.id;
    const cash = (await call(t, d, 'GET', '/api/driver/cash')).json();
    expect(cash).toMatchObject({ collectedMinor: 400, handedInMinor: 400, balanceMinor: 0 });
    expect(cash.handins[0]).toMatchObject({ amountMinor: 400, note: 'Netted against cash-out' });
    const [handin] = await t.database.db.select().from(driverCashHandins).where(eq(driverCashHandins.payoutId, id));
    expect(handin).toMatchObject({ driverId: d.id, amountMinor: 400 });
    const list = (await call(t, admins.finance, 'GET', '/api/admin/payouts')).json();
    expect(list.payouts.find((p: { id: string }) => p.id === id)).toMatchObject({
      grossMinor: 1000,
      feeMinor: 0,
      cashNettedMinor: 400,
      netMinor: 600,
      driverCashHeldMinor: 0,
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actionType, 'driver_cash_netted'), eq(auditLog.entityId, d.id)));
    expect(audit.details).toMatchObject({ payoutId: id, nettedMinor: 400, netMinor: 600 });
  });

  it('settles a cash-out the cash held covers entirely, sending nothing, and keeps the rest held', async () => {
    const shop = await seedShop(t);
    const d = await newDriver(t);
    await call(t, d, 'PUT', '/api/driver/payout-details', VALID);
    await earn(d, 300);
    await holdCash(shop, d, 5000);
    const cashed = await call(t, d, 'POST', '/api/driver/earnings/cash-out');
    expect(cashed.statusCode, cashed.body).toBe(200);
    expect(cashed.json().payout).toMatchObject({ cashNettedMinor: 300, netMinor: 0, status: 'paid' });
    expect(cashed.json().message).toContain('Nothing is left to send.');
    expect((await call(t, d, 'GET', '/api/driver/cash')).json().balanceMinor).toBe(4700);
    const waiting = (await call(t, admins.finance, 'GET', '/api/admin/payouts')).json();
    expect(waiting.payouts.map((p: { id: string }) => p.id)).not.toContain(cashed.json().payout.id);
    const paid = (await call(t, admins.finance, 'GET', '/api/admin/payouts?status=paid')).json();
    expect(paid.payouts.find((p: { id: string }) => p.id === cashed.json().payout.id)).toMatchObject({
      paymentReference: 'Netted against cash held',
      driverCashHeldMinor: 4700,
    });
  });

  it('answers 404 for an unknown payout and 400 for a malformed id', async () => {
    const res = await call(
      t,
      admins.finance,
      'POST',
      '/api/admin/payouts/00000000-0000-4000-8000-000000000001/paid',
      {},
    );
    expect(res.statusCode).toBe(404);
    expect((await call(t, admins.finance, 'POST', '/api/admin/payouts/nope/paid', {})).statusCode).toBe(400);
  });

  it('keeps the payout list and mark-paid to finance and super admins', async () => {
    const d = await newDriver(t);
    for (const role of ['ops_manager', 'cs_agent', 'read_only'] as const) {
      expect((await call(t, admins[role], 'GET', '/api/admin/payouts')).statusCode).toBe(403);
    }
    expect((await call(t, admins.super_admin, 'GET', '/api/admin/payouts')).statusCode).toBe(200);
    expect((await call(t, d, 'GET', '/api/admin/payouts')).statusCode).toBe(403);
    expect((await call(t, null, 'GET', '/api/admin/payouts')).statusCode).toBe(401);
    const url = '/api/admin/payouts/00000000-0000-4000-8000-000000000001/paid';
    expect((await call(t, d, 'POST', url, {})).statusCode).toBe(403);
    expect((await call(t, admins.ops_manager, 'POST', url, {})).statusCode).toBe(403);
  });
});
