import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, notificationOutbox, userProfiles } from '../../db/schema/index';
import type { ChannelSender, OutgoingMessage, SendResult } from '../../platform/notify/channels';
import { createEmailSender } from '../../platform/notify/email-sender';
import { claimOutboxRows, runOutboxOnce, type Senders } from '../../platform/notify/outbox-worker';
import { TEST_ORIGIN, TEST_PASSWORD, type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { type Shop, act, deliveryBody, pickupBody, place, seedShop, settle } from '../orders/test-fixtures';
import { messagePreparer } from './prepare-message';
import { createSmsSender } from '../../platform/notify/sms-sender';
import { createTicket } from '../tickets';

/**
 * The notification outbox (docs/decisions/0140-notification-outbox.md): each event writes exactly
 * the rows the recipients' preferences allow, in the transaction of the change; the worker sends
 * each row once, also with two workers racing and with a worker gone mid-send; failures back off.
 */
let t: TestApp;
let shop: Shop;
let customer: { id: string; email: string; cookie: string };
let driverId: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  const email = 'amina@example.com';
  customer = { id: await createUser(t, { email, userType: 'customer', name: 'Amina' }), email, cookie: '' };
  customer.cookie = await signIn(t, email);
  driverId = await createUser(t, {
    email: 'driver.notify@example.com',
    userType: 'driver',
    status: 'approved',
    driver: { postcode: 'E1', online: true, vehicle: 'bike', licence: 'X' },
  });
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;

async function rowsFor(eventId: string) {
  return db()
    .select()
    .from(notificationOutbox)
    .where(eq(notificationOutbox.eventId, eventId))
    .orderBy(notificationOutbox.channel);
}

/** A sender that records what it was given and answers as told. */
function fakeSender(channel: 'push' | 'sms', answer: () => SendResult | Promise<SendResult> = () => ({ ok: true })) {
  const sent: OutgoingMessage[] = [];
  const sender: ChannelSender = {
    channel,
    async send(m) {
      sent.push(m);
      return answer();
    },
  };
  return { sender, sent };
}

function emailSenders(): Senders {
  return { email: createEmailSender({ config: t.app.deps.config, db: db() }) };
}

/** Drains everything due now (and nothing else) with the given senders. */
async function drain(senders: Senders, now = () => new Date()) {
  for (let i = 0; i < 20; i++) {
    const r = await runOutboxOnce({ db: db(), senders }, { now, prepare: messagePreparer(t.app.deps.config) });
    if (!r.claimed) return;
  }
}

describe('enqueueing', () => {
  it('writes the receipt for a signed-in customer on e-mail, SMS and push, and the new-order notice for the branch, with the order', async () => {
    const res = await place(t, deliveryBody(shop), { cookie: customer.cookie });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order as { id: string; orderNumber: string };
    const rows = await rowsFor(`order:${order.id}:placed`);
    const receipt = rows.filter((r) => r.eventKind === 'orderPlaced');
    expect(receipt.map((r) => r.channel).sort()).toEqual(['email', 'push', 'sms']);
    expect(receipt.find((r) => r.channel === 'email')).toMatchObject({
      recipientUserId: customer.id,
      recipientEmail: customer.email,
      status: 'pending',
    });
    expect(receipt[0].payload.title).toBe(`Your HalalNosh order ${order.orderNumber}`);
    const email = receipt.find((r) => r.channel === 'email')!;
    expect(email.payload.text).toContain('2 × Chicken Wrap (£6.50 each)  £13.00');
    expect(email.payload.text).toContain('Delivery fee: £2.49');
    expect(email.payload.text).toContain('Total: £17.48');
    expect(email.payload.text).toContain(`{{app}}/order/${order.orderNumber}`);
    expect(email.payload.html).toContain('<table');
    // The brand owner is the branch's staff: every channel they can be reached on.
    const branch = rows.filter((r) => r.eventKind === 'newOrder');
    expect(branch.map((r) => [r.channel, r.recipientUserId])).toEqual(
      expect.arrayContaining([
        ['email', shop.partner.id],
        ['push', shop.partner.id],
      ]),
    );
    expect(branch.every((r) => r.recipientUserId === shop.partner.id)).toBe(true);
  });

  it("gives a visitor's receipt their private tracking link and writes no push row", async () => {
    const res = await place(t, pickupBody(shop, { customerEmail: 'visitor@example.com' }));
    expect(res.statusCode, res.body).toBe(201);
    const { order, orderToken } = res.json() as { order: { id: string; orderNumber: string }; orderToken: string };
    const receipt = (await rowsFor(`order:${order.id}:placed`)).filter((r) => r.eventKind === 'orderPlaced');
    expect(receipt.map((r) => r.channel)).toEqual(['email', 'sms']);
    expect(receipt[0]).toMatchObject({ recipientUserId: null, recipientEmail: 'visitor@example.com' });
    expect(receipt[0].payload.text).toContain(`/order/${order.orderNumber}?token=${encodeURIComponent(orderToken)}`);
    expect(receipt[0].payload.text).toContain('Payment: cash on collection');
  });

  it('refuses a malformed visitor e-mail with a 400, not a 500', async () => {
    const res = await place(t, pickupBody(shop, { customerEmail: 'not-an-address' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('valid email');
  });

  it("honours the customer's grid: a switched-off kind and channel writes no row, the others do", async () => {
    const grid = (
      await t.app.inject({ method: 'GET', url: '/api/account/notifications', headers: { cookie: customer.cookie } })
    ).json().settings;
    grid.SMS.orderAccepted = false;
    grid.PUSH.orderAccepted = false;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/account/notifications',
      headers: { cookie: customer.cookie },
      payload: { settings: grid },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const order = (await place(t, pickupBody(shop), { cookie: customer.cookie })).json().order as { id: string };
    await settle(t, order.id);
    const res = await act(t, shop.partner.cookie, order.id, { action: 'accept' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await rowsFor(`order:${order.id}:accept`);
    expect(rows.map((r) => r.channel)).toEqual(['email']);
    expect(rows[0].payload.title).toMatch(/^Order HN-\d+ accepted$/);
    // Turned back on, for the other tests.
    grid.SMS.orderAccepted = true;
    grid.PUSH.orderAccepted = true;
    await t.app.inject({
      method: 'PUT',
      url: '/api/account/notifications',
      headers: { cookie: customer.cookie },
      payload: { settings: grid },
    });
  });

  it('tells the online drivers of the area about a new job and the others that it was taken', async () => {
    const order = (await place(t, deliveryBody(shop), { cookie: customer.cookie })).json().order as { id: string };
    await settle(t, order.id);
    expect((await act(t, shop.partner.cookie, order.id, { action: 'accept' })).statusCode).toBe(200);
    const offered = (
      await db().select().from(notificationOutbox).where(eq(notificationOutbox.eventKind, 'newJob'))
    ).filter((r) => r.recipientUserId === driverId);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.map((r) => r.channel)).toContain('push');
    // An offline driver is not told.
    await db().update(userProfiles).set({ isOnline: false }).where(eq(userProfiles.userId, driverId));
    const quiet = (await place(t, deliveryBody(shop), { cookie: customer.cookie })).json().order as { id: string };
    await settle(t, quiet.id);
    await act(t, shop.partner.cookie, quiet.id, { action: 'accept' });
    const none = await db()
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.eventKind, 'newJob'), eq(notificationOutbox.recipientUserId, driverId)));
    expect(none.length).toBe(offered.length);
    await db().update(userProfiles).set({ isOnline: true }).where(eq(userProfiles.userId, driverId));
  });

  it('writes the cancellation for the customer and the branch when the customer cancels, and nothing when the move fails', async () => {
    const order = (await place(t, pickupBody(shop), { cookie: customer.cookie })).json().order as {
      id: string;
      orderNumber: string;
    };
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.orderNumber}/cancel`,
      headers: { cookie: customer.cookie },
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const rows = await rowsFor(`order:${order.id}:cancel`);
    expect(
      rows
        .filter((r) => r.eventKind === 'orderCancelled')
        .map((r) => r.channel)
        .sort(),
    ).toEqual(['email', 'push', 'sms']);
    expect(rows.some((r) => r.eventKind === 'branchOrderCancelled' && r.recipientUserId === shop.partner.id)).toBe(
      true,
    );
    // A refused move (already cancelled) rolls back and writes nothing more.
    const before = rows.length;
    await settle(t, order.id);
    expect((await act(t, shop.partner.cookie, order.id, { action: 'accept' })).statusCode).toBe(409);
    expect((await rowsFor(`order:${order.id}:cancel`)).length).toBe(before);
    expect(await rowsFor(`order:${order.id}:accept`)).toEqual([]);
  });
});

describe('the worker', () => {
  it('sends each row once through its channel, records it, and skips a channel with no sender', async () => {
    const order = (await place(t, pickupBody(shop, { customerEmail: 'receipt@example.com' }))).json().order as {
      id: string;
      orderNumber: string;
    };
    const sms = fakeSender('sms');
    await drain({ ...emailSenders(), sms: sms.sender });
    const rows = (await rowsFor(`order:${order.id}:placed`)).filter((r) => r.eventKind === 'orderPlaced');
    expect(rows.map((r) => [r.channel, r.status])).toEqual([
      ['email', 'sent'],
      ['sms', 'sent'],
    ]);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, 'receipt@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Your HalalNosh order ${order.orderNumber}`);
    expect(mails[0].text).toContain('http://localhost:3000/order/');
    expect(mails[0].text).not.toContain('{{app}}');
    expect(mails[0].html).toContain('Total: £14.99');
    expect(sms.sent.filter((m) => m.recipient.phone === '+447700900123').length).toBeGreaterThan(0);
    // No push sender registered: push rows are skipped with a clear reason, never sent.
    const push = await db().select().from(notificationOutbox).where(eq(notificationOutbox.channel, 'push'));
    expect(push.length).toBeGreaterThan(0);
    expect(push.every((r) => r.status === 'skipped' && r.lastError === 'no push sender is configured')).toBe(true);
    // A second pass finds nothing left to do.
    const again = await runOutboxOnce({ db: db(), senders: emailSenders() });
    expect(again.claimed).toBe(0);
  });

  it("puts an unsubscribe link in an account's e-mail that turns that kind off without signing in", async () => {
    const order = (await place(t, pickupBody(shop), { cookie: customer.cookie })).json().order as {
      orderNumber: string;
    };
    await drain(emailSenders());
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.to, customer.email), eq(mailOutbox.subject, `Your HalalNosh order ${order.orderNumber}`)),
      );
    const link = /Stop "Order placed \(receipt\)" e-mails: (\S+)/.exec(mail.text)?.[1];
    expect(link).toMatch(/^http:\/\/localhost:3000\/unsubscribe\?token=/);
    const token = new URL(link!).searchParams.get('token')!;
    const res = await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe', payload: { token } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ kind: 'Order placed (receipt)', channel: 'email' });
    const grid = (
      await t.app.inject({ method: 'GET', url: '/api/account/notifications', headers: { cookie: customer.cookie } })
    ).json().settings;
    expect(grid.EMAIL.orderPlaced).toBe(false);
    expect(grid.SMS.orderPlaced).toBe(true);
    const next = (await place(t, pickupBody(shop), { cookie: customer.cookie })).json().order as { id: string };
    expect(
      (await rowsFor(`order:${next.id}:placed`))
        .filter((r) => r.eventKind === 'orderPlaced')
        .map((r) => r.channel)
        .sort(),
    ).toEqual(['push', 'sms']);
    // A forged or altered token is a 400.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe',
      payload: { token: `${token.split('.')[0]}.AAAAAAAAAAAAAAAA` },
    });
    expect(forged.statusCode).toBe(400);
    grid.EMAIL.orderPlaced = true;
    await t.app.inject({
      method: 'PUT',
      url: '/api/account/notifications',
      headers: { cookie: customer.cookie },
      payload: { settings: grid },
    });
  });

  it("texts the real templates' link once, after the words (the receipt and a status text)", async () => {
    // The sender's own test used a text without a link, so it never saw that every template's text
    // already ends with "Track your order: <link>" and the sender added the link a second time.
    const phone = '07700 900321';
    const placed = await place(t, deliveryBody(shop, { customerPhone: phone }));
    expect(placed.statusCode, placed.body).toBe(201);
    const { order, orderToken } = placed.json() as { order: { id: string; orderNumber: string }; orderToken: string };
    await settle(t, order.id);
    expect((await act(t, shop.partner.cookie, order.id, { action: 'accept' })).statusCode).toBe(200);
    const sms = createSmsSender({ db: db(), sms: null, publicUrl: t.app.deps.config.publicUrl, devOutbox: true });
    await drain({ ...emailSenders(), sms });
    const texts = (await db().select().from(mailOutbox).where(eq(mailOutbox.to, '+447700900321'))).map((m) => m.text);
    const base = t.app.deps.config.publicUrl;
    const receipt = texts.find((x) => x.startsWith('Thank you for your order'))!;
    const accepted = texts.find((x) => x.includes('has accepted your order'))!;
    expect(accepted).toMatch(/^Kervan \S+ \(Whitechapel\) has accepted/);
    expect(accepted.endsWith(`is preparing it. Track your order: ${base}/order/${order.orderNumber}`), accepted).toBe(
      true,
    );
    expect(receipt).toMatch(
      new RegExp(`Track your order: ${base}/order/${order.orderNumber}\\?token=${encodeURIComponent(orderToken)}$`),
    );
    for (const text of [receipt, accepted]) expect(text.split('http').length - 1, text).toBe(1);
  });

  it('backs off after a failure a retry may cure, then marks the row failed after the last attempt', async () => {
    await drain(emailSenders());
    const order = (await place(t, pickupBody(shop, { customerEmail: 'flaky@example.com' }))).json().order as {
      id: string;
    };
    let clock = Date.now();
    const now = () => new Date(clock);
    const sms = fakeSender('sms', () => ({ ok: false, retry: true, error: 'provider answered 503' }));
    const senders = { ...emailSenders(), sms: sms.sender };
    const smsRow = async () =>
      (await rowsFor(`order:${order.id}:placed`)).find((r) => r.channel === 'sms' && r.eventKind === 'orderPlaced')!;
    await runOutboxOnce({ db: db(), senders }, { now });
    let row = await smsRow();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'provider answered 503' });
    expect(row.nextAttemptAt.getTime() - clock).toBe(30_000);
    // Not due yet: nothing is claimed.
    clock += 10_000;
    expect((await runOutboxOnce({ db: db(), senders }, { now })).claimed).toBe(0);
    const delays: number[] = [];
    for (let attempt = 2; attempt <= 6; attempt++) {
      clock = (await smsRow()).nextAttemptAt.getTime();
      await runOutboxOnce({ db: db(), senders }, { now });
      row = await smsRow();
      if (row.status === 'pending') delays.push(row.nextAttemptAt.getTime() - clock);
    }
    expect(delays).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(row).toMatchObject({ status: 'failed', attempts: 6 });
    expect(sms.sent.filter((m) => m.dedupeKey === row.dedupeKey)).toHaveLength(6);
  });

  it('marks a permanent refusal failed at once', async () => {
    await drain(emailSenders());
    const order = (await place(t, pickupBody(shop))).json().order as { id: string };
    const sms = fakeSender('sms', () => ({ ok: false, retry: false, error: 'not a mobile number' }));
    await runOutboxOnce({ db: db(), senders: { ...emailSenders(), sms: sms.sender } });
    const row = (await rowsFor(`order:${order.id}:placed`)).find(
      (r) => r.channel === 'sms' && r.eventKind === 'orderPlaced',
    )!;
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: 'not a mobile number' });
  });

  it('sends each row once with two workers racing', async () => {
    await drain(emailSenders());
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      ids.push(
        ((await place(t, pickupBody(shop, { customerEmail: `race${i}@example.com` }))).json().order as { id: string })
          .id,
      );
    }
    const sms = fakeSender('sms', async () => {
      await new Promise((r) => setTimeout(r, 5));
      return { ok: true };
    });
    const senders = { ...emailSenders(), sms: sms.sender };
    await Promise.all([
      runOutboxOnce({ db: db(), senders }, { batch: 4 }),
      runOutboxOnce({ db: db(), senders }, { batch: 4 }),
      runOutboxOnce({ db: db(), senders }, { batch: 4 }),
    ]);
    await drain(senders);
    for (const id of ids) {
      const rows = (await rowsFor(`order:${id}:placed`)).filter((r) => r.eventKind === 'orderPlaced');
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
      expect(sms.sent.filter((m) => rows.some((r) => r.dedupeKey === m.dedupeKey))).toHaveLength(1);
    }
    for (let i = 0; i < 6; i++) {
      expect(
        await db()
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.to, `race${i}@example.com`)),
      ).toHaveLength(1);
    }
  });

  it('never sends twice when a worker dies after claiming or after sending but before recording', async () => {
    await drain(emailSenders());
    const order = (await place(t, pickupBody(shop, { customerEmail: 'crash@example.com' }))).json().order as {
      id: string;
    };
    const start = Date.now();
    // Worker A claims and dies before sending.
    const claimed = await claimOutboxRows(db(), { now: new Date(start), leaseMs: 60_000, limit: 50 });
    const mine = claimed.filter((r) => r.dedupeKey.startsWith(`order:${order.id}:placed`));
    expect(mine.length).toBeGreaterThan(0);
    // Worker B, within the lease, does not touch the rows.
    expect(
      (await runOutboxOnce({ db: db(), senders: emailSenders() }, { now: () => new Date(start + 1000) })).claimed,
    ).toBe(0);
    // Worker C takes them after the lease and sends; then dies before recording (its answer is lost).
    const reclaimed = await claimOutboxRows(db(), { now: new Date(start + 61_000), leaseMs: 60_000, limit: 50 });
    const email = createEmailSender({ config: t.app.deps.config, db: db() });
    const emailRow = reclaimed.find(
      (r) => r.channel === 'email' && r.dedupeKey.startsWith(`order:${order.id}:placed`),
    )!;
    expect(emailRow.attempts).toBe(2);
    await email.send({
      dedupeKey: emailRow.dedupeKey,
      recipient: { userId: null, email: emailRow.recipientEmail },
      title: emailRow.payload.title,
      text: emailRow.payload.text,
    });
    // Worker D takes the rows after C's lease lapses and finishes the job: the mail exists once.
    const sms = fakeSender('sms');
    await runOutboxOnce(
      { db: db(), senders: { ...emailSenders(), sms: sms.sender } },
      { now: () => new Date(start + 122_000) },
    );
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.to, 'crash@example.com'))).toHaveLength(1);
    const rows = (await rowsFor(`order:${order.id}:placed`)).filter((r) => r.eventKind === 'orderPlaced');
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    // C's late record (its lease is gone) changes nothing.
    expect(rows.find((r) => r.channel === 'email')!.attempts).toBe(3);
  });

  it('a failing SMTP server neither blocks nor rolls back the order change', async () => {
    const broken = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9' }, { database: t.database, url: t.url });
    try {
      const order = (await place(broken, pickupBody(shop, { customerEmail: 'down@example.com' }))).json().order as {
        id: string;
      };
      await settle(broken, order.id);
      const started = Date.now();
      const res = await act(broken, shop.partner.cookie, order.id, { action: 'accept' });
      expect(res.statusCode, res.body).toBe(200);
      expect(Date.now() - started).toBeLessThan(2000);
      const sender = createEmailSender({ config: broken.app.deps.config, db: db() });
      await runOutboxOnce({ db: db(), senders: { email: sender } }, { sendTimeoutMs: 5000 });
      const rows = (await rowsFor(`order:${order.id}:accept`)).filter((r) => r.channel === 'email');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'pending', attempts: 1 });
      expect(rows[0].lastError).toBeTruthy();
      const view = await broken.app.inject({
        method: 'GET',
        url: `/api/partner/orders?siteId=${shop.site.id}`,
        headers: { cookie: shop.partner.cookie },
      });
      expect(view.statusCode).toBeLessThan(500);
    } finally {
      await broken.app.close();
    }
  });
});

describe('the back office Notifications page', () => {
  it('lists failed sends with their error for ops, retries one (audited), and refuses other roles', async () => {
    await drain(emailSenders());
    const ops = await createUser(t, {
      email: 'ops.notify@example.com',
      userType: 'admin',
      adminRole: 'ops_manager',
      name: 'Imran',
    });
    await createUser(t, { email: 'cs.notify@example.com', userType: 'admin', adminRole: 'cs_agent' });
    const opsCookie = await signIn(t, 'ops.notify@example.com');
    const csCookie = await signIn(t, 'cs.notify@example.com');
    const order = (await place(t, pickupBody(shop))).json().order as { id: string };
    const sms = fakeSender('sms', () => ({ ok: false, retry: false, error: 'number unreachable' }));
    await runOutboxOnce({ db: db(), senders: { ...emailSenders(), sms: sms.sender } });
    const failed = (await rowsFor(`order:${order.id}:placed`)).find(
      (r) => r.channel === 'sms' && r.eventKind === 'orderPlaced',
    )!;
    expect(failed.status).toBe('failed');

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/notifications?status=failed',
      headers: { cookie: opsCookie },
    });
    expect(list.statusCode, list.body).toBe(200);
    const item = list.json().items.find((i: { id: string }) => i.id === failed.id);
    expect(item).toMatchObject({
      kindLabel: 'Order placed (receipt)',
      channel: 'sms',
      status: 'failed',
      lastError: 'number unreachable',
      // Stored in E.164 (docs/decisions/0208-phones-in-e164.md), shown as ops write a UK number.
      recipient: '07700 900123',
    });
    expect(list.json().counts.failed).toBeGreaterThan(0);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/notifications?status=nope',
          headers: { cookie: opsCookie },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/notifications', headers: { cookie: csCookie } }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/notifications' })).statusCode).toBe(401);

    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/admin/notifications/${failed.id}/retry`,
      headers: { cookie: opsCookie },
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().item).toMatchObject({ id: failed.id, status: 'pending' });
    const logged = await db().select().from(auditLog).where(eq(auditLog.entityId, failed.id));
    expect(logged).toMatchObject([{ actionType: 'notification_retried', performedBy: ops }]);
    // A worker takes it: the list shows it being sent, and a retry now is a conflict.
    const taken = await claimOutboxRows(db(), { now: new Date(), leaseMs: 60_000, limit: 50, channel: 'sms' });
    expect(taken.map((r) => r.id)).toContain(failed.id);
    const sending = await t.app.inject({
      method: 'GET',
      url: '/api/admin/notifications?status=pending',
      headers: { cookie: opsCookie },
    });
    expect(sending.json().items.find((i: { id: string }) => i.id === failed.id)).toMatchObject({ status: 'sending' });
    const busy = await t.app.inject({
      method: 'POST',
      url: `/api/admin/notifications/${failed.id}/retry`,
      headers: { cookie: opsCookie },
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.message).toBe('This notification is being sent');
    // That worker died: once its lease lapses another sends it.
    const ok = fakeSender('sms');
    await runOutboxOnce(
      { db: db(), senders: { ...emailSenders(), sms: ok.sender } },
      { now: () => new Date(Date.now() + 61_000) },
    );
    expect((await rowsFor(`order:${order.id}:placed`)).find((r) => r.id === failed.id)!.status).toBe('sent');
    // Sent: a second retry is a conflict; an unknown id is 404; a malformed one 400.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/notifications/${failed.id}/retry`,
          headers: { cookie: opsCookie },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/notifications/00000000-0000-4000-8000-000000000000/retry`,
          headers: { cookie: opsCookie },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/notifications/nope/retry',
          headers: { cookie: opsCookie },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('names a deleted customer\'s failed send "Deleted customer", not an empty or unknown recipient', async () => {
    // The real sequence: a signed-in customer's receipt text fails, then they delete their account,
    // which erases the recipient from the outbox row (docs/decisions/0207-account-deletion-erases-copies.md).
    // The earlier test only ever listed rows whose recipient was still there.
    await drain(emailSenders());
    await createUser(t, { email: 'ops.deleted@example.com', userType: 'admin', adminRole: 'ops_manager' });
    const opsCookie = await signIn(t, 'ops.deleted@example.com');
    const email = 'yusuf.deleted@example.com';
    await createUser(t, { email, userType: 'customer', name: 'Yusuf Rahman' });
    const cookie = await signIn(t, email);
    const placed = await place(t, deliveryBody(shop, { customerPhone: '07700 900456' }), { cookie });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as { id: string };
    const sms = fakeSender('sms', () => ({ ok: false, retry: false, error: 'number unreachable' }));
    await drain({ ...emailSenders(), sms: sms.sender, push: fakeSender('push').sender });
    const failed = (await rowsFor(`order:${order.id}:placed`)).find((r) => r.channel === 'sms')!;
    expect(failed.status).toBe('failed');
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/admin/notifications?status=failed',
      headers: { cookie: opsCookie },
    });
    expect(before.json().items.find((i: { id: string }) => i.id === failed.id).recipient).toBe('07700 900456');
    // The restaurant turns the order down, so nothing is in progress and the account may go.
    await settle(t, order.id);
    const rejected = await act(t, shop.partner.cookie, order.id, { action: 'reject', reason: 'Closing early tonight' });
    expect(rejected.statusCode, rejected.body).toBe(200);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/admin/notifications?status=failed',
      headers: { cookie: opsCookie },
    });
    expect(after.json().items.find((i: { id: string }) => i.id === failed.id).recipient).toBe('Deleted customer');
  });

  it("saves a driver's and a partner's grid, and a switched-off new-order e-mail is not written", async () => {
    const driverCookie = await signIn(t, 'driver.notify@example.com');
    const got = await t.app.inject({
      method: 'GET',
      url: '/api/driver/notifications',
      headers: { cookie: driverCookie },
    });
    expect(got.json().settings.PUSH).toEqual({ newJob: true, jobTaken: true, orderReady: true });
    const off = { newJob: false, jobTaken: true, orderReady: true };
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/driver/notifications',
      headers: { cookie: driverCookie },
      payload: { settings: { SMS: off, EMAIL: off, PUSH: off } },
    });
    expect(put.json().settings.EMAIL.newJob).toBe(false);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/driver/notifications',
          headers: { cookie: driverCookie },
          payload: { settings: { SMS: off, EMAIL: off, PUSH: { ...off, extra: true } } },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/partner/notifications', headers: { cookie: driverCookie } }))
        .statusCode,
    ).toBe(403);

    const grid = (
      await t.app.inject({ method: 'GET', url: '/api/partner/notifications', headers: { cookie: shop.partner.cookie } })
    ).json().settings;
    grid.EMAIL.newOrder = false;
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/partner/notifications',
          headers: { cookie: shop.partner.cookie },
          payload: { settings: grid },
        })
      ).statusCode,
    ).toBe(200);
    const order = (await place(t, pickupBody(shop))).json().order as { id: string };
    const branch = (await rowsFor(`order:${order.id}:placed`)).filter((r) => r.eventKind === 'newOrder');
    expect(branch.map((r) => r.channel).sort()).toEqual(['push']);
  });
});

describe('service messages', () => {
  it('e-mails a pending driver the decision, and a ticket reply (not an internal note) to its address, with the change', async () => {
    const ops = await signIn(t, 'ops.notify@example.com');
    const applicant = await createUser(t, {
      email: 'applicant.notify@example.com',
      userType: 'driver',
      status: 'pending',
      name: 'Omar',
    });
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/admin/drivers/${applicant}/status`,
      headers: { cookie: ops },
      payload: { action: 'approve' },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const decision = await db()
      .select()
      .from(notificationOutbox)
      .where(
        and(eq(notificationOutbox.eventKind, 'driverApplication'), eq(notificationOutbox.recipientUserId, applicant)),
      );
    expect(decision.map((r) => [r.channel, r.recipientEmail, r.payload.title])).toEqual([
      ['email', 'applicant.notify@example.com', 'Welcome to HalalNosh: your driver account is approved'],
    ]);

    const ticket = (await createTicket(db(), {
      subject: 'Missing drink',
      description: 'My tea did not come',
      channel: 'customer',
      customerEmail: 'asker@example.com',
    }))!;
    for (const isInternal of [true, false]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/tickets/${ticket.id}/messages`,
        headers: { cookie: ops },
        payload: { message: isInternal ? 'Checking with the branch' : 'We are refunding the tea.', isInternal },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const replies = await db().select().from(notificationOutbox).where(eq(notificationOutbox.eventKind, 'ticketReply'));
    expect(replies.map((r) => [r.recipientEmail, r.payload.title])).toEqual([
      ['asker@example.com', `Re: Missing drink [${ticket.ticketNumber}]`],
    ]);
    expect(replies[0].payload.text).toContain('We are refunding the tea.');
  });
});

describe('the company name and support phone (docs/decisions/0171-company-details-in-messages.md)', () => {
  const setting = async (key: string, value: string) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/settings/${key}`,
      headers: { cookie: await signIn(t, 'ops.notify@example.com') },
      payload: { value },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const mailsTo = (to: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, to));

  it('name the default company and phone in every e-mail until an admin changes them', async () => {
    await drain(emailSenders());
    const order = (await place(t, pickupBody(shop, { customerEmail: 'default.brand@example.com' }))).json().order as {
      orderNumber: string;
    };
    await drain(emailSenders());
    const [receipt] = await mailsTo('default.brand@example.com');
    expect(receipt.subject).toBe(`Your HalalNosh order ${order.orderNumber}`);
    expect(receipt.text).toContain('Questions about your order? Call 020 7946 0000.');
    expect(receipt.text).toContain('--\nHalalNosh · Customer support: 020 7946 0000');
    expect(receipt.html).toContain('HalalNosh · Customer support: 020 7946 0000');
  });

  it('put a changed name and phone into the next receipt and status e-mail, escaped in HTML, and keep texts short', async () => {
    await setting('company_name', 'Nosh & Co <UK>');
    await setting('support_phone', '0161 496 0999');
    try {
      const res = await place(t, pickupBody(shop, { customerEmail: 'new.brand@example.com' }));
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json().order as { id: string; orderNumber: string };
      await settle(t, order.id);
      expect((await act(t, shop.partner.cookie, order.id, { action: 'accept' })).statusCode).toBe(200);
      const sms = fakeSender('sms');
      await drain({ ...emailSenders(), sms: sms.sender });

      const mails = await mailsTo('new.brand@example.com');
      const receipt = mails.find((m) => m.subject.startsWith('Your '))!;
      const accepted = mails.find((m) => m.subject.endsWith(' accepted'))!;
      expect(receipt.subject).toBe(`Your Nosh & Co <UK> order ${order.orderNumber}`);
      expect(receipt.text).toContain('Questions about your order? Call 0161 496 0999.');
      expect(receipt.text).toContain('--\nNosh & Co <UK> · Customer support: 0161 496 0999');
      expect(receipt.html).toContain('<p>Questions about your order? Call 0161 496 0999.</p>');
      expect(receipt.html).toContain('Nosh &amp; Co &lt;UK&gt; · Customer support: 0161 496 0999');
      expect(receipt.html).not.toContain('<UK>');
      expect(receipt.html).not.toContain('{{');
      expect(accepted.subject).toBe(`Order ${order.orderNumber} accepted`);
      expect(accepted.text).toContain('Nosh & Co <UK> · Customer support: 0161 496 0999');
      expect(accepted.html).toContain('Nosh &amp; Co &lt;UK&gt; · Customer support: 0161 496 0999');
      // The text keeps the receipt's help line but not the e-mail footer.
      const texts = sms.sent.filter((m) => m.text.includes(order.orderNumber));
      expect(texts.length).toBeGreaterThan(0);
      expect(texts.find((m) => m.title.startsWith('Your '))?.title).toBe(
        `Your Nosh & Co <UK> order ${order.orderNumber}`,
      );
      expect(texts.every((m) => !m.text.includes('Customer support:'))).toBe(true);
    } finally {
      await setting('company_name', 'HalalNosh');
      await setting('support_phone', '020 7946 0000');
    }
  });

  it('name the company in service messages', async () => {
    await setting('company_name', 'Nosh Direct');
    try {
      const applicant = await createUser(t, {
        email: 'applicant.brand@example.com',
        userType: 'driver',
        status: 'pending',
      });
      const approve = await t.app.inject({
        method: 'POST',
        url: `/api/admin/drivers/${applicant}/status`,
        headers: { cookie: await signIn(t, 'ops.notify@example.com') },
        payload: { action: 'approve' },
      });
      expect(approve.statusCode, approve.body).toBe(200);
      const [decision] = await db()
        .select()
        .from(notificationOutbox)
        .where(
          and(eq(notificationOutbox.eventKind, 'driverApplication'), eq(notificationOutbox.recipientUserId, applicant)),
        );
      expect(decision.payload.title).toBe('Welcome to Nosh Direct: your driver account is approved');
      expect(decision.payload.text).toContain('Nosh Direct · Customer support: 020 7946 0000');
    } finally {
      await setting('company_name', 'HalalNosh');
    }
  });
});
