import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTING_DEFAULTS } from '../../../domain/settings';
import type { AdminRole } from '../../../domain/roles';
import { auditLog, tenantSettings } from '../../db/schema/index';
import { DEFAULT_SETTINGS, seedSettings } from '../../db/seed/seed-settings';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type Caller, adminsOfEveryRole, call } from '../admin/test-fixtures';
import { deliveryJobs } from '../../db/schema/index';
import { act, deliveryBody, place, seedShop, settle } from '../orders/test-fixtures';
import { getSettings } from './get-settings';

let t: TestApp;
let admins: Record<AdminRole, Caller>;

beforeAll(async () => {
  t = await createTestApp();
  await seedSettings(t.database.db);
  admins = await adminsOfEveryRole(t);
});
afterAll(async () => t.close());

const put = (who: Caller, key: string, value: unknown) => call(t, who, 'PUT', `/api/admin/settings/${key}`, { value });

describe('settings', () => {
  it('seeds the same defaults the domain declares', () => {
    expect(DEFAULT_SETTINGS).toEqual(SETTING_DEFAULTS);
  });

  it('lists every setting for super admins and operations managers only', async () => {
    const res = await call(t, admins.ops_manager, 'GET', '/api/admin/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toEqual(SETTING_DEFAULTS);
    for (const role of ['cs_agent', 'finance', 'read_only'] as const) {
      expect((await call(t, admins[role], 'GET', '/api/admin/settings')).statusCode).toBe(403);
      expect((await put(admins[role], 'per_mile_rate_minor', 70)).statusCode).toBe(403);
    }
  });

  it('saves one setting with updated_by, audits it, and getSettings reads it', async () => {
    const res = await put(admins.ops_manager, 'per_mile_rate_minor', 75);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings.per_mile_rate_minor).toBe(75);
    expect(res.json().meta.per_mile_rate_minor.updatedByName).toBe('ops_manager person');
    const [row] = await t.database.db
      .select()
      .from(tenantSettings)
      .where(eq(tenantSettings.settingKey, 'per_mile_rate_minor'));
    expect(row).toMatchObject({ settingValue: '75', updatedBy: admins.ops_manager.id });
    expect((await getSettings(t.database.db)).per_mile_rate_minor).toBe(75);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, 'per_mile_rate_minor'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actionType: 'setting_updated',
      entityType: 'setting',
      details: { key: 'per_mile_rate_minor', from: 60, to: 75 },
    });
    // Saving the same value again changes nothing and records nothing.
    await put(admins.ops_manager, 'per_mile_rate_minor', 75);
    expect(
      await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, 'per_mile_rate_minor')),
    ).toHaveLength(1);
  });

  it('refuses negative pence, percentages outside 0-100, a multiplier under 1 and unknown models', async () => {
    const bad: [string, unknown, string][] = [
      ['pickup_pay_minor', -5, 'Pickup pay (pence): Amounts cannot be negative'],
      ['minimum_pay_minor', 2.5, 'Minimum pay (pence): Enter a whole number of pence'],
      ['commission_percent', 120, 'Commission (%): Percentages must be between 0 and 100'],
      ['delivery_fee_percentage', -1, 'Delivery fee percentage (%): Percentages must be between 0 and 100'],
      ['distance_boost_multiplier', 0.5, 'Distance boost multiplier: The multiplier must be at least 1'],
      ['payout_model', 'option_z', 'Payout model: Choose option_a or option_b'],
      ['maintenance_mode', 'yes', 'Maintenance mode: Choose on or off'],
      ['notification_email', 'not-an-email', 'Notification email: Enter a valid email address'],
    ];
    for (const [key, value, message] of bad) {
      const res = await put(admins.super_admin, key, value);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().error.message).toBe(message);
      // Named by its body path, so the Settings screen shows it beside the editor.
      expect(res.json().error.fields).toEqual([{ in: 'body', path: 'value', message }]);
    }
    expect((await put(admins.super_admin, 'no_such_key', 1)).statusCode).toBe(400);
  });

  it('saves all at once, or nothing when any value is wrong', async () => {
    const bad = await call(t, admins.super_admin, 'PUT', '/api/admin/settings', {
      settings: { company_name: 'HalalNosh Ltd', service_fee_percent: 101, pickup_pay_minor: -5 },
    });
    expect(bad.statusCode).toBe(400);
    // Every refused value, each by its path, so Save All marks each editor.
    expect(bad.json().error.fields).toEqual([
      {
        in: 'body',
        path: 'settings.service_fee_percent',
        message: 'Service fee (%): Percentages must be between 0 and 100',
      },
      { in: 'body', path: 'settings.pickup_pay_minor', message: 'Pickup pay (pence): Amounts cannot be negative' },
    ]);
    expect((await getSettings(t.database.db)).company_name).toBe('HalalNosh');
    const ok = await call(t, admins.super_admin, 'PUT', '/api/admin/settings', {
      settings: {
        company_name: 'HalalNosh Ltd',
        service_fee_percent: 4,
        maintenance_mode: true,
        distance_boost_threshold: 2.5,
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().settings).toMatchObject({
      company_name: 'HalalNosh Ltd',
      service_fee_percent: 4,
      maintenance_mode: true,
      distance_boost_threshold: 2.5,
    });
    const overview = (await call(t, admins.read_only, 'GET', '/api/admin/overview')).json();
    expect(overview.maintenanceMode).toBe(true);
    await put(admins.super_admin, 'maintenance_mode', false);
  });

  it('stops new orders in maintenance mode with a clear message for the customer', async () => {
    const shop = await seedShop(t);
    await put(admins.ops_manager, 'maintenance_mode', true);
    const res = await place(t, deliveryBody(shop));
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe(
      'HalalNosh is not taking orders right now while we carry out maintenance. Please try again shortly.',
    );
    await put(admins.ops_manager, 'maintenance_mode', false);
    expect((await place(t, deliveryBody(shop))).statusCode).toBe(201);
  });

  it('applies a new per-mile rate to jobs created afterwards, not to earlier ones', async () => {
    const shop = await seedShop(t);
    const jobFor = async () => {
      const o = (await place(t, deliveryBody(shop, { deliveryPostcode: 'EC1V 2NX' }))).json().order;
      await settle(t, o.id);
      const res = await act(t, shop.partner.cookie, o.id, { action: 'accept', prepTimeMinutes: 20 });
      expect(res.statusCode, res.body).toBe(200);
      const [job] = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, o.id));
      return job;
    };
    await put(admins.ops_manager, 'minimum_pay_minor', 0);
    await put(admins.ops_manager, 'per_mile_rate_minor', 60);
    const before = await jobFor();
    await put(admins.ops_manager, 'per_mile_rate_minor', 150);
    const after = await jobFor();
    expect(after.distanceMiles).toBeCloseTo(before.distanceMiles, 5);
    expect(after.totalPayMinor - before.totalPayMinor).toBeCloseTo(90 * before.distanceMiles, -1);
    const [kept] = await t.database.db.select().from(deliveryJobs).where(eq(deliveryJobs.id, before.id));
    expect(kept.totalPayMinor).toBe(before.totalPayMinor);
  });
});
