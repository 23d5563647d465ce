import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRole } from '../../../domain/roles';
import { auditLog, citySuggestions, notificationOutbox } from '../../db/schema/index';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { openedCityPath } from './open-suggested-city';
import { type Caller, adminsOfEveryRole, call } from './test-fixtures';

/**
 * "Mark as opened" on the Suggested Cities card (docs/product/admin.md#overview): one e-mail per
 * person who suggested the city, once each, written with the change and audited.
 */
let t: TestApp;
let admins: Record<AdminRole, Caller>;
const URL = '/api/admin/city-suggestions/opened';

beforeAll(async () => {
  t = await createTestApp();
  admins = await adminsOfEveryRole(t);
});
afterAll(async () => t.close());

async function cityRows(city: string) {
  return t.database.db
    .select()
    .from(notificationOutbox)
    .where(eq(notificationOutbox.eventId, `city:${city}:opened`))
    .orderBy(notificationOutbox.recipientEmail);
}

describe('POST /api/admin/city-suggestions/opened', () => {
  it('is for the operations manager and super admin only (401 stranger, 403 other roles) and refuses a bad body (400)', async () => {
    await t.database.db.insert(citySuggestions).values({ city: 'Preston', email: 'p@example.com' });
    expect((await call(t, null, 'POST', URL, { city: 'Preston' })).statusCode).toBe(401);
    for (const role of ['cs_agent', 'finance', 'read_only'] as const) {
      expect((await call(t, admins[role], 'POST', URL, { city: 'Preston' })).statusCode, role).toBe(403);
    }
    expect((await call(t, admins.ops_manager, 'POST', URL, { city: '' })).statusCode).toBe(400);
    expect((await call(t, admins.ops_manager, 'POST', URL, { city: 'Preston', extra: 1 })).statusCode).toBe(400);
    expect(await cityRows('preston')).toEqual([]);
    expect((await call(t, admins.super_admin, 'POST', URL, { city: 'Preston' })).statusCode).toBe(200);
  });

  it('answers 404 for a city nobody suggested', async () => {
    const res = await call(t, admins.ops_manager, 'POST', URL, { city: 'Atlantis' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Nobody has suggested this city');
  });

  it('e-mails each person who suggested the city once (visitors and accounts), links to it, and audits the change', async () => {
    const email = `suggester.${Date.now()}@example.com`;
    const userId = await createUser(t, { email, userType: 'customer', name: 'Maryam' });
    await signIn(t, email);
    await t.database.db.insert(citySuggestions).values([
      { city: 'Bradford', email: 'fan@example.com' },
      { city: 'bradford ', email: 'FAN@example.com' },
      { city: 'Bradford', email: null, userId },
      { city: 'Bradford', email: null },
    ]);
    const res = await call(t, admins.ops_manager, 'POST', URL, { city: ' BRADFORD' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ city: 'Bradford', emailed: 2 });

    const rows = await cityRows('bradford');
    expect(rows.map((r) => [r.channel, r.eventKind, r.recipientEmail])).toEqual([
      ['email', 'cityOpened', 'fan@example.com'],
      ['email', 'cityOpened', email],
    ]);
    expect(rows[0].payload.title).toBe('HalalNosh is now in Bradford');
    expect(rows[0].payload.text).toContain('{{app}}/restaurants/bradford');

    const list = (await call(t, admins.read_only, 'GET', '/api/admin/city-suggestions')).json();
    expect(list.cities.find((c: { city: string }) => c.city === 'Bradford').openedAt).toBe(res.json().openedAt);

    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.actionType, 'city_opened'));
    const audit = audits.find((a) => (a.details as { city?: string }).city === 'Bradford')!;
    expect(audit).toMatchObject({ entityType: 'city', performedBy: admins.ops_manager.id });
    expect(audit.details).toMatchObject({ city: 'Bradford', emailed: 2 });

    // Marked again: nobody is told twice; a new suggester is told once.
    expect((await call(t, admins.super_admin, 'POST', URL, { city: 'Bradford' })).json().emailed).toBe(0);
    await t.database.db.insert(citySuggestions).values({ city: 'Bradford', email: 'late@example.com' });
    const waiting = (await call(t, admins.read_only, 'GET', '/api/admin/city-suggestions')).json();
    expect(waiting.cities.find((c: { city: string }) => c.city === 'Bradford').openedAt).toBeNull();
    expect((await call(t, admins.super_admin, 'POST', URL, { city: 'Bradford' })).json().emailed).toBe(1);
    expect((await cityRows('bradford')).map((r) => r.recipientEmail)).toEqual([
      'fan@example.com',
      'late@example.com',
      email,
    ]);
  });

  it('links a city outside the directory to a search for it', () => {
    expect(openedCityPath('Leeds')).toBe('/restaurants/leeds');
    expect(openedCityPath('Milton Keynes')).toBe('/?location=Milton+Keynes');
  });
});
