import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_ID, notificationOutbox, tenantSettings } from '../../db/schema/index';
import { runLateOrdersOnce } from '../../jobs/late-orders';
import { runNoDriverOrdersOnce } from '../../jobs/no-driver-orders';
import type { ChannelSender } from '../../platform/notify/channels';
import { runOutboxOnce } from '../../platform/notify/outbox-worker';
import { type TestApp, createTestApp } from '../../test/test-app';
import { offeredJob } from '../dispatch/test-fixtures';
import { type Shop, deliveryBody, place, seedShop } from '../orders/test-fixtures';
import { enqueueNotifications } from './enqueue';
import { alertFailedNotification } from './ops-alerts';

/**
 * Operations alerts (docs/decisions/0146-city-opened-and-operations-alerts.md): late orders, no driver
 * found, halal concerns and notifications that finally failed each write one e-mail to the platform's
 * "Notification email" setting, in the transaction of the event, once per event.
 */
let t: TestApp;
let shop: Shop;
const OPS = 'alerts@halalnosh.example';

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  await t.database.db
    .insert(tenantSettings)
    .values({ tenantId: TENANT_ID, settingKey: 'notification_email', settingValue: JSON.stringify(OPS) })
    .onConflictDoUpdate({
      target: [tenantSettings.tenantId, tenantSettings.settingKey],
      set: { settingValue: JSON.stringify(OPS) },
    });
}, 120_000);
afterAll(async () => t?.close());

const deps = () => ({ db: t.database.db, bus: t.app.deps.bus });

async function alerts(eventId: string) {
  return t.database.db
    .select()
    .from(notificationOutbox)
    .where(eq(notificationOutbox.eventId, `ops:${eventId}`));
}

function expectOneAlert(rows: Awaited<ReturnType<typeof alerts>>, title: string) {
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ eventKind: 'opsAlert', channel: 'email', recipientEmail: OPS, status: 'pending' });
  expect(rows[0].payload.title).toBe(title);
}

describe('operations alerts', () => {
  it('a late order: one alert when it is marked late, none on later passes', async () => {
    const placed = (await place(t, deliveryBody(shop))).json();
    const order = placed.order as { id: string; orderNumber: string };
    const far = new Date(Date.now() + 3 * 3_600_000);
    await runLateOrdersOnce(deps(), far);
    const rows = await alerts(`order:${order.id}:late`);
    expectOneAlert(rows, `Order ${order.orderNumber} is running late`);
    expect(rows[0].payload.text).toContain(`{{app}}/admin/orders/${order.orderNumber}`);
    await runLateOrdersOnce(deps(), new Date(far.getTime() + 20 * 60_000));
    expect(await alerts(`order:${order.id}:late`)).toHaveLength(1);
  });

  it('no driver found: one alert with the flag, none on later passes', async () => {
    const o = await offeredJob(t, shop);
    const at = new Date(o.job.createdAt.getTime() + 11 * 60_000);
    await runNoDriverOrdersOnce(deps(), at);
    expectOneAlert(await alerts(`order:${o.orderId}:no-driver`), `No driver found for order ${o.orderNumber}`);
    await runNoDriverOrdersOnce(deps(), new Date(at.getTime() + 5 * 60_000));
    expect(await alerts(`order:${o.orderId}:no-driver`)).toHaveLength(1);
  });

  it('a halal concern: one alert per report, with the ticket', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/restaurants/${shop.site.slug}/halal-concerns`,
      payload: { message: 'The kitchen served pork sausages today', email: 'worried@example.com' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(like(notificationOutbox.eventId, 'ops:ticket:%:halal-concern'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ eventKind: 'opsAlert', recipientEmail: OPS });
    expect(rows[0].payload.text).toContain('worried@example.com reported a halal concern');
    expect(rows[0].payload.text).toContain(`Open ticket ${res.json().ticketNumber}`);
  });

  it('a notification that finally failed: one alert in the transaction that records the failure; a failed alert raises none', async () => {
    await t.database.db.transaction((tx) =>
      enqueueNotifications(tx, [
        {
          kind: 'ticketReply',
          eventId: 'ops-test:refused',
          channel: 'sms',
          phone: '07700 900999',
          payload: { title: 'Re: my order', text: 'We are on it' },
        },
      ]),
    );
    const [row] = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.eventId, 'ops-test:refused'));
    const refusing: ChannelSender = {
      channel: 'sms',
      send: async () => ({ ok: false, retry: false, error: 'number not in service' }),
    };
    const failingMail: ChannelSender = {
      channel: 'email',
      send: async () => ({ ok: false, retry: false, error: 'mailbox full' }),
    };
    const senders = { sms: refusing, email: failingMail };
    // Passes until nothing is due: the SMS fails, its alert is written and fails too, and stops there.
    for (let i = 0; i < 5; i++) {
      const r = await runOutboxOnce({ db: t.database.db, senders }, { onFailed: alertFailedNotification });
      if (!r.claimed) break;
    }
    const rows = await alerts(`outbox:${row.id}:failed:1`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ eventKind: 'opsAlert', recipientEmail: OPS, status: 'failed' });
    expect(rows[0].payload.title).toBe('A notification failed: Re: my order');
    expect(rows[0].payload.text).toContain('(number not in service)');
    const chained = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(like(notificationOutbox.eventId, `ops:outbox:${rows[0].id}:%`));
    expect(chained).toEqual([]);
  });
});
