import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRole } from '../../../domain/roles';
import { citySuggestions } from '../../db/schema/index';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type Caller, adminsOfEveryRole, call, driverWithDocuments } from './test-fixtures';

let t: TestApp;
let admins: Record<AdminRole, Caller>;

beforeAll(async () => {
  t = await createTestApp();
  admins = await adminsOfEveryRole(t);
  await driverWithDocuments(t, { documents: [] });
});
afterAll(async () => t.close());

describe('overview', () => {
  it('counts drivers, jobs, tickets and team for every admin role, with the maintenance flag', async () => {
    for (const role of Object.keys(admins) as AdminRole[]) {
      const res = await call(t, admins[role], 'GET', '/api/admin/overview');
      expect(res.statusCode, role).toBe(200);
    }
    const o = (await call(t, admins.read_only, 'GET', '/api/admin/overview')).json();
    expect(o).toMatchObject({
      teamMembersActive: 5,
      maintenanceMode: false,
      ticketsByStatus: { new: 0, escalated: 0 },
    });
    expect(o.driversTotal).toBeGreaterThan(0);
  });

  it('gives the signed-in admin their profile and records their sign-in', async () => {
    expect((await call(t, admins.finance, 'GET', '/api/admin/profile')).json()).toMatchObject({
      roleLabel: 'Finance',
      lastLoginAt: null,
    });
    expect((await call(t, admins.finance, 'POST', '/api/admin/session/touch')).statusCode).toBe(200);
    const p = (await call(t, admins.finance, 'GET', '/api/admin/profile')).json();
    expect(p).toMatchObject({ email: admins.finance.email, role: 'finance' });
    expect(Date.now() - new Date(p.lastLoginAt).getTime()).toBeLessThan(60_000);
  });

  it('lists suggested cities for every admin role, most asked first, case ignored', async () => {
    await t.database.db.insert(citySuggestions).values([
      { city: 'Leicester', email: 'a@example.com' },
      { city: 'leicester ', email: 'B@example.com' },
      { city: 'Bradford', email: null },
    ]);
    for (const role of Object.keys(admins) as AdminRole[]) {
      expect((await call(t, admins[role], 'GET', '/api/admin/city-suggestions')).statusCode, role).toBe(200);
    }
    const body = (await call(t, admins.cs_agent, 'GET', '/api/admin/city-suggestions')).json();
    expect(body.total).toBe(3);
    expect(body.cities[0]).toMatchObject({ city: 'Leicester', count: 2 });
    expect(body.cities[0].emails.sort()).toEqual(['a@example.com', 'b@example.com']);
    expect(body.cities[1]).toMatchObject({ city: 'Bradford', count: 1, emails: [] });
    expect((await call(t, null, 'GET', '/api/admin/city-suggestions')).statusCode).toBe(401);
  });

  it('gives pending-driver counts only to the roles of the drivers area', async () => {
    expect((await call(t, admins.ops_manager, 'GET', '/api/admin/drivers/pending-count')).json()).toEqual({ count: 1 });
    expect((await call(t, admins.finance, 'GET', '/api/admin/drivers/pending-count')).statusCode).toBe(403);
  });
});
