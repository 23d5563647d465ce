import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRole } from '../../../domain/roles';
import { auditLog, driverEarnings, driverPayoutDetails } from '../../db/schema/index';
import { seedSettings } from '../../db/seed/seed-settings';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type Caller, adminsOfEveryRole, call } from '../admin/test-fixtures';
import { type Driver, newDriver } from '../dispatch/test-fixtures';

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
    const cases: [Record<string, string>, string][] = [
      [{ ...VALID, accountNumber: '66374959' }, 'This sort code and account number do not match'],
      [{ ...VALID, sortCode: '08-99' }, 'Enter a 6-digit sort code'],
      [{ ...VALID, accountNumber: '1234' }, 'Enter an 8-digit account number'],
      [{ ...VALID, accountName: ' ' }, 'Enter the name on the account'],
    ];
    for (const [body, message] of cases) {
      const res = await call(t, d, 'PUT', '/api/driver/payout-details', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toContain(message);
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
    expect(cashed.json().payout).toMatchObject({ netMinor: 750, status: 'requested', paidAt: null });
    expect(cashed.json().message).not.toContain('30 minutes');
    const id = cashed.json().payout.id;

    const list = await call(t, admins.finance, 'GET', '/api/admin/payouts');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().payouts.find((p: { id: string }) => p.id === id)).toMatchObject({
      driverId: d.id,
      netMinor: 750,
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
