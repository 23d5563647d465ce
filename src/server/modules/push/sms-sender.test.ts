import { once } from 'node:events';
import { type IncomingMessage, type Server, createServer } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, userProfiles } from '../../db/schema/index';
import { type Shop, deliveryBody, place, seedShop } from '../orders/test-fixtures';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import type { OutgoingMessage } from '../../platform/notify/channels';
import { listDevDeliveries } from '../../platform/notify/dev-outbox';
import { createSmsSender, smsRequestTarget } from '../../platform/notify/sms-sender';

/** The SMS sender (docs/decisions/0144-sms-provider.md) against a Twilio-style provider on this machine. */
type Received = { method: string; url: string; headers: IncomingMessage['headers']; form: URLSearchParams };

let t: TestApp;
let shop: Shop;
let provider: Server;
let providerUrl: string;
let received: Received[] = [];
let answer: { status: number; body: string } = { status: 201, body: '{"sid":"SM123","status":"queued"}' };
let customerId: string;
let driverId: string;
let order: { orderNumber: string; code: string };
let visitorOrder: { orderNumber: string; code: string };

beforeAll(async () => {
  provider = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, form: new URLSearchParams(body) });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  provider.listen(0, '127.0.0.1');
  await once(provider, 'listening');
  const address = provider.address();
  providerUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  t = await createTestApp();
  shop = await seedShop(t);
  customerId = await createUser(t, { email: 'sms.customer@example.com', userType: 'customer', status: 'active' });
  driverId = await createUser(t, { email: 'sms.driver@example.com', userType: 'driver', status: 'approved' });
  await t.database.db.update(userProfiles).set({ phone: '07700 900456' }).where(eq(userProfiles.userId, driverId));
  const cookie = await signIn(t, 'sms.customer@example.com');
  const placed = (await place(t, deliveryBody(shop), { cookie })).json().order;
  const byVisitor = (await place(t, deliveryBody(shop, { customerPhone: '07700 900999' }))).json().order;
  await t.database.db.update(orders).set({ driverId }).where(eq(orders.id, placed.id));
  const codeOf = async (id: string) =>
    (await t.database.db.select({ code: orders.deliveryVerificationCode }).from(orders).where(eq(orders.id, id)))[0]
      .code;
  order = { orderNumber: placed.orderNumber, code: await codeOf(placed.id) };
  visitorOrder = { orderNumber: byVisitor.orderNumber, code: await codeOf(byVisitor.id) };
}, 60_000);
afterAll(async () => {
  provider?.close();
  await t?.close();
});
beforeEach(() => {
  received = [];
  answer = { status: 201, body: '{"sid":"SM123","status":"queued"}' };
});

const sender = (over: Partial<Parameters<typeof createSmsSender>[0]> = {}) =>
  createSmsSender({
    db: t.database.db,
    sms: { url: `${providerUrl}/2010-04-01/Accounts/AC1/Messages.json`, token: 'AC1:secret', from: 'HalalNosh' },
    publicUrl: 'https://halalnosh.example',
    ...over,
  });

const message = (over: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  dedupeKey: 'order.out_for_delivery:HN-1:user:sms',
  recipient: { userId: customerId, phone: '07700 900123' },
  title: 'Out for delivery',
  text: 'Your order is on its way.',
  url: '/orders/HN-1',
  ...over,
});

describe('the SMS sender', () => {
  it('posts To, From and Body form-encoded with Basic credentials, and the outbox key for idempotency', async () => {
    const result = await sender().send(message());
    expect(result).toEqual({ ok: true, detail: 'provider id SM123' });
    expect(received).toHaveLength(1);
    const [req] = received;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/2010-04-01/Accounts/AC1/Messages.json');
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from('AC1:secret').toString('base64')}`);
    expect(req.headers['idempotency-key']).toBe('order.out_for_delivery:HN-1:user:sms');
    expect(Object.fromEntries(req.form)).toEqual({
      To: '+447700900123',
      From: 'HalalNosh',
      Body: 'Your order is on its way. https://halalnosh.example/orders/HN-1',
    });
  });

  it('takes credentials from the URL, or a single SMS_TOKEN as a bearer token', async () => {
    const inUrl = smsRequestTarget({ url: 'https://AC9:s%40cret@sms.example/Messages.json', token: null });
    expect(inUrl).toEqual({
      url: 'https://sms.example/Messages.json',
      authorization: `Basic ${Buffer.from('AC9:s@cret').toString('base64')}`,
    });
    await sender({ sms: { url: `${providerUrl}/messages`, token: 'tok_123', from: '+447700900000' } }).send(message());
    expect(received[0].headers.authorization).toBe('Bearer tok_123');
    expect(received[0].form.get('From')).toBe('+447700900000');
  });

  it('keeps texts short and plain', async () => {
    await sender().send(message({ text: `Your order’s ready… ${'and more words '.repeat(20)}`, url: undefined }));
    const body = received[0].form.get('Body')!;
    expect(body.length).toBeLessThanOrEqual(160);
    expect(body).toMatch(/^Your order's ready\.\.\. and more/);
  });

  it('asks for a retry when the provider is busy, down or unreachable, and gives up on a refusal', async () => {
    answer = { status: 503, body: 'down' };
    expect(await sender().send(message())).toEqual({
      ok: false,
      retry: true,
      error: 'SMS provider answered 503: down',
    });
    answer = { status: 429, body: '' };
    expect(await sender().send(message())).toMatchObject({ ok: false, retry: true });
    answer = { status: 400, body: '{"code":21211,"message":"Invalid To"}' };
    expect(await sender().send(message())).toEqual({
      ok: false,
      retry: false,
      error: 'SMS provider answered 400: {"code":21211,"message":"Invalid To"}',
    });
    const closed = sender({ sms: { url: 'http://127.0.0.1:1/messages', token: null, from: 'HalalNosh' } });
    expect(await closed.send(message())).toMatchObject({ ok: false, retry: true });
  });

  it("texts the profile's number when the message carries none, and refuses a person without one", async () => {
    await sender().send(message({ recipient: { userId: driverId } }));
    expect(received[0].form.get('To')).toBe('+447700900456');
    expect(await sender().send(message({ recipient: { userId: customerId } }))).toEqual({
      ok: false,
      retry: false,
      error: 'No phone number to text',
    });
  });

  it('keeps the text in the dev outbox when SMS_URL is unset', async () => {
    const dev = sender({ sms: null, devOutbox: true });
    expect(await dev.send(message())).toEqual({ ok: true, detail: 'kept in the dev outbox' });
    const [kept] = await listDevDeliveries(t.database.db, 1);
    expect(kept).toMatchObject({
      channel: 'sms',
      to: '+447700900123',
      title: 'Out for delivery',
      text: 'Your order is on its way. https://halalnosh.example/orders/HN-1',
    });
    expect(received).toEqual([]);
    expect(await sender({ sms: null }).send(message())).toEqual({
      ok: false,
      retry: false,
      error: 'SMS_URL is not set',
    });
  });
});

describe('the delivery code', () => {
  const codeText = (o: { orderNumber: string; code: string }) =>
    `Order ${o.orderNumber} is on its way. Your delivery code is ${o.code}.`;

  it("goes to the order's customer", async () => {
    const result = await sender().send(message({ text: codeText(order) }));
    expect(result.ok).toBe(true);
    expect(received[0].form.get('Body')).toContain(order.code);
  });

  it('is never texted to the driver, nor to anyone else, even when the text does not name the order', async () => {
    for (const text of [codeText(order), `Hand-over code ${order.code}`]) {
      const result = await sender().send(message({ recipient: { userId: driverId }, text }));
      expect(result).toEqual({
        ok: false,
        retry: false,
        error: `Refused: the text carries the delivery code of ${order.orderNumber} to someone other than its customer`,
      });
    }
    const stranger = await sender().send(
      message({ recipient: { userId: null, phone: '07700 900777' }, text: codeText(order) }),
    );
    expect(stranger).toMatchObject({ ok: false, retry: false });
    expect(received).toEqual([]);
  });

  it("does not refuse a text naming its own order for a number that is another order's code (a receipt's year)", async () => {
    const result = await sender().send(
      message({
        recipient: { userId: null, phone: '+44 7700 900999' },
        text: `Your HalalNosh order ${visitorOrder.orderNumber}, placed 25 Nov ${order.code}.`,
      }),
    );
    expect(result.ok).toBe(true);
  });

  it("goes to a visitor's order by the phone number the order was placed with, and to no other number", async () => {
    const ok = await sender().send(
      message({ recipient: { userId: null, phone: '+44 7700 900999' }, text: codeText(visitorOrder) }),
    );
    expect(ok.ok).toBe(true);
    const other = await sender().send(
      message({ recipient: { userId: null, phone: '07700 900123' }, text: codeText(visitorOrder) }),
    );
    expect(other).toMatchObject({ ok: false, retry: false });
    expect(received).toHaveLength(1);
  });

  it('judges each text of a batch checked at once by its own order, recipient and scope', async () => {
    const one = sender();
    const results = await Promise.all([
      one.send(message({ text: codeText(order) })),
      one.send(message({ recipient: { userId: driverId }, text: `Hand-over code ${order.code}` })),
      one.send(
        message({
          recipient: { userId: null, phone: '+44 7700 900999' },
          text: `Your HalalNosh order ${visitorOrder.orderNumber}, placed 25 Nov ${order.code}.`,
        }),
      ),
      one.send(message({ recipient: { userId: null, phone: '+44 7700 900999' }, text: codeText(visitorOrder) })),
      one.send(message({ recipient: { userId: null, phone: '07700 900123' }, text: codeText(visitorOrder) })),
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, false, true, true, false]);
    expect(received).toHaveLength(3);
  });
});
