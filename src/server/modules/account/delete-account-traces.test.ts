import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, userProfiles } from '../../db/schema/index';
import { createEmailSender } from '../../platform/notify/email-sender';
import { runOutboxOnce } from '../../platform/notify/outbox-worker';
import { createSmsSender } from '../../platform/notify/sms-sender';
import { TEST_ORIGIN, TEST_PASSWORD, type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { messagePreparer } from '../notifications/prepare-message';
import { type Shop, act, deliveryBody, place, seedShop, settle } from '../orders/test-fixtures';

/**
 * Deleting an account leaves none of the person's details anywhere (docs/decisions/0164-account-deletion.md).
 * The first test of deletion looked at the orders and the jobs only, with an account that had never
 * been notified, written to support or suggested a city, so the copies in the notification outbox
 * (shown on every row of the back office's order view), the dev outbox, tickets and the rest went
 * unseen. This one lets the person do what a customer does, lets the outbox send, and then searches
 * every text and JSON column of every table for their e-mail, phone (in every form) and name.
 */
let t: TestApp;
let shop: Shop;

const EMAIL = 'layla.haddad@example.com';
const NAME = 'Layla Haddad';
const PHONE = '07700 900777';
const ADDRESS = '14 Fieldgate Street';
const NEEDLES = [EMAIL, NAME, 'Haddad', PHONE, '07700900777', '+447700900777', '+44 7700 900777', ADDRESS];

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
});
afterAll(async () => t.close());

function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: payload as object | undefined,
  });
}

async function drainOutbox() {
  const db = t.database.db;
  const senders = {
    email: createEmailSender({ config: t.app.deps.config, db }),
    sms: createSmsSender({ db, sms: null, publicUrl: t.app.deps.config.publicUrl, devOutbox: true }),
  };
  for (let i = 0; i < 20; i++) {
    const r = await runOutboxOnce({ db, senders }, { prepare: messagePreparer(t.app.deps.config) });
    if (!r.claimed) return;
  }
}

/** Every text, character and JSON column of every table of the application's schema. */
async function textColumns(): Promise<{ table: string; column: string }[]> {
  const rows = await t.database.db.execute<{ table: string; column: string }>(sql`
    select table_name as "table", column_name as "column" from information_schema.columns
    where table_schema = current_schema()
      and table_name in (select table_name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE')
      and (data_type in ('text', 'character varying', 'character', 'json', 'jsonb') or data_type = 'ARRAY')
    order by 1, 2`);
  return (Array.isArray(rows) ? rows : (rows as unknown as { rows: { table: string; column: string }[] }).rows).map(
    (r) => ({ table: r.table, column: r.column }),
  );
}

/** "table.column: needle" for every column of every row that still holds one of the needles. */
async function traces(needles: string[]): Promise<string[]> {
  const found: string[] = [];
  const columns = await textColumns();
  expect(columns.length).toBeGreaterThan(50);
  for (const { table, column } of columns) {
    for (const needle of needles) {
      const res = await t.database.db.execute(
        sql`select 1 from ${sql.identifier(table)} where strpos(lower(${sql.identifier(column)}::text), lower(${needle})) > 0 limit 1`,
      );
      const rows = Array.isArray(res) ? res : (res as unknown as { rows: unknown[] }).rows;
      if (rows.length) found.push(`${table}.${column}: ${needle}`);
    }
  }
  return found;
}

describe('DELETE /api/account', () => {
  it("leaves the person's e-mail, phone, name and address in no column of any table", async () => {
    const id = await createUser(t, { email: EMAIL, userType: 'customer', status: 'active', name: NAME });
    const cookie = await signIn(t, EMAIL);
    expect(
      (await call('PATCH', '/api/account/profile', cookie, { firstName: 'Layla', lastName: 'Haddad', phone: PHONE }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await call('POST', '/api/account/addresses', cookie, {
          addressLine1: ADDRESS,
          city: 'London',
          postcode: 'E1 1RJ',
        })
      ).statusCode,
    ).toBe(201);
    const placed = await place(
      t,
      deliveryBody(shop, { customerName: NAME, customerPhone: PHONE, deliveryAddress: ADDRESS }),
      { cookie },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as { id: string; orderNumber: string };
    await settle(t, order.id);
    expect((await act(t, shop.partner.cookie, order.id, { action: 'accept' })).statusCode).toBe(200);
    const report = await call('POST', `/api/orders/${order.orderNumber}/report`, cookie, {
      description: `The rice was missing. Please call me on ${PHONE} or write to ${EMAIL}. ${NAME}`,
    });
    expect(report.statusCode, report.body).toBe(201);
    const help = await call('POST', '/api/help/tickets', cookie, {
      subject: 'Refund for my order',
      message: `Hello, this is ${NAME} (${PHONE}).`,
      orderNumber: order.orderNumber,
    });
    expect(help.statusCode, help.body).toBe(201);
    expect((await call('POST', '/api/city-suggestions', cookie, { city: 'Bradford', email: EMAIL })).statusCode).toBe(
      201,
    );
    const push = await call('POST', '/api/push/subscriptions', cookie, {
      endpoint: 'https://fcm.googleapis.com/fcm/send/layla-device-1',
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    });
    expect(push.statusCode, push.body).toBeLessThan(300);
    await drainOutbox();
    await t.database.db.update(orders).set({ status: 'DELIVERED' }).where(eq(orders.id, order.id));
    // Before: the person is everywhere the test looks, so the search below can find them.
    const before = await traces(NEEDLES);
    expect(before).toEqual(expect.arrayContaining([`notification_outbox.recipient_email: ${EMAIL}`]));
    expect(before.some((f) => f.startsWith('mail_outbox.'))).toBe(true);
    expect(before.some((f) => f.startsWith('tickets.'))).toBe(true);

    const res = await call('DELETE', '/api/account', cookie, { password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(204);

    expect(await t.database.db.select().from(userProfiles).where(eq(userProfiles.userId, id))).toEqual([]);
    expect(await traces(NEEDLES)).toEqual([]);
    // The order stays, anonymised, for the restaurant's and HalalNosh's records.
    const [kept] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ customerName: 'Deleted customer', customerEmail: null, status: 'DELIVERED' });
  });
});
