import type net from 'node:net';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicName } from '../../../domain/topics';
import { formatPence } from '../../../domain/money';
import { groupOrders, notificationOutbox, orders } from '../../db/schema/index';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { openStream } from '../../test/sse-client';
import { type Shop, seedShop } from '../orders/test-fixtures';
import { groupOrderKey } from './checkout-group';
import { expireDueGroups } from './group-end';

/**
 * Group orders through the API (docs/product/group-orders.md), on PGlite or, with DATABASE_URL,
 * PostgreSQL: who may call each route (401 stranger, 403 wrong part, 404 another's group or a
 * revoked link), the basket's rules, its limits and end, and checkout making one server-priced order.
 */
let t: TestApp;
let shop: Shop;
let host: string;
let friend: string;
let stranger: string;
let base: string;

type Inject = { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; payload?: Record<string, unknown> };
const call = (method: string, url: string, who?: { cookie?: string; token?: string }, payload?: unknown) =>
  t.app.inject({
    method: method as Inject['method'],
    url,
    headers: {
      ...(who?.cookie ? { cookie: who.cookie } : {}),
      ...(who?.token ? { 'x-group-member': who.token } : {}),
    },
    ...(payload !== undefined ? { payload: payload as Inject['payload'] } : {}),
  });

async function start(cookie = host) {
  const res = await call('POST', '/api/group-orders', { cookie }, { siteId: shop.site.id });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { group: { id: string }; linkToken: string };
}

async function joinAsVisitor(linkToken: string, name = 'Bilal') {
  const res = await call('POST', `/api/group-orders/join/${linkToken}`, undefined, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().memberToken as string;
}

const checkoutBody = {
  customerName: 'Aisha Khan',
  customerPhone: '07700 900123',
  deliveryAddress: '12 Commercial Street',
  deliveryPostcode: 'E1 6AN',
};

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
  for (const [email, name] of [
    ['host@example.com', 'Aisha Khan'],
    ['friend@example.com', 'Omar Farooq'],
    ['stranger@example.com', 'Sara Ali'],
  ]) {
    await createUser(t, { email, userType: 'customer', name });
  }
  [host, friend, stranger] = await Promise.all(
    ['host@example.com', 'friend@example.com', 'stranger@example.com'].map((e) => signIn(t, e)),
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
}, 120_000);
afterAll(async () => t?.close());

/** The group-order e-mails written to the outbox for one group. */
const groupMails = (groupId: string) =>
  t.database.db
    .select()
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.eventKind, 'groupOrder'), like(notificationOutbox.eventId, `group:${groupId}:%`)));

describe('starting and joining', () => {
  it('only a signed-in customer starts one: 401 stranger, 403 partner, 404 unknown branch, 400 bad body', async () => {
    expect((await call('POST', '/api/group-orders', undefined, { siteId: shop.site.id })).statusCode).toBe(401);
    expect(
      (await call('POST', '/api/group-orders', { cookie: shop.partner.cookie }, { siteId: shop.site.id })).statusCode,
    ).toBe(403);
    const unknown = await call('POST', '/api/group-orders', { cookie: host }, { siteId: crypto.randomUUID() });
    expect(unknown.statusCode).toBe(404);
    const bad = await call('POST', '/api/group-orders', { cookie: host }, { siteId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0].path).toBe('siteId');
    const { group, linkToken } = await start();
    // 256 bits, base64url; only the hash is stored.
    expect(linkToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.database.db.select().from(groupOrders).where(eq(groupOrders.id, group.id));
    expect(row.linkTokenHash).not.toContain(linkToken);
    expect(row.status).toBe('open');
  });

  it('a link shows its invitation; joining by name gives a visitor a member token; a customer joins by account', async () => {
    const { group, linkToken } = await start();
    expect((await call('GET', `/api/group-orders/join/${'A'.repeat(43)}`)).statusCode).toBe(404);
    const invite = await call('GET', `/api/group-orders/join/${linkToken}`);
    expect(invite.statusCode).toBe(200);
    expect(invite.json().invite).toMatchObject({
      groupId: group.id,
      siteName: shop.siteName,
      hostName: 'Aisha Khan',
      memberCount: 1,
      isMember: false,
    });

    const noName = await call('POST', `/api/group-orders/join/${linkToken}`, undefined, {});
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.fields[0].path).toBe('name');
    const token = await joinAsVisitor(linkToken);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const first = await call('POST', `/api/group-orders/join/${linkToken}`, { cookie: friend }, {});
    expect(first.statusCode).toBe(201);
    expect(first.json().memberToken).toBeUndefined();
    const again = await call('POST', `/api/group-orders/join/${linkToken}`, { cookie: friend }, {});
    expect(again.statusCode).toBe(200);
    expect(again.json().group.members.map((m: { name: string }) => m.name)).toEqual([
      'Aisha Khan',
      'Bilal',
      'Omar Farooq',
    ]);
    const mine = await call('GET', `/api/group-orders/join/${linkToken}`, { token });
    expect(mine.json().invite.isMember).toBe(true);
  });

  it('the basket is for members only: 404 without session or token, for a non-member or a token of another group', async () => {
    const a = await start();
    const b = await start();
    const tokenB = await joinAsVisitor(b.linkToken);
    expect((await call('GET', `/api/group-orders/${a.group.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/group-orders/${a.group.id}`, { cookie: stranger })).statusCode).toBe(404);
    expect((await call('GET', `/api/group-orders/${a.group.id}`, { token: tokenB })).statusCode).toBe(404);
    expect((await call('GET', `/api/group-orders/${b.group.id}`, { token: tokenB })).statusCode).toBe(200);
    expect((await call('GET', '/api/group-orders/not-a-uuid', { cookie: host })).statusCode).toBe(400);
    for (const [method, path, body] of [
      ['POST', 'lines', { menuItemId: shop.items.wrap.id, quantity: 1 }],
      ['PATCH', `lines/${crypto.randomUUID()}`, { quantity: 1 }],
      ['DELETE', `lines/${crypto.randomUUID()}`, undefined],
      ['POST', 'lock', { locked: true }],
      ['POST', 'cancel', undefined],
      ['POST', 'reset-link', undefined],
      ['POST', 'checkout', checkoutBody],
    ] as const) {
      const url = `/api/group-orders/${a.group.id}/${path}`;
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${path} stranger`).toBe(404);
      expect((await call(method, url, { cookie: stranger }, body)).statusCode, `${method} ${path} non-member`).toBe(
        404,
      );
      expect((await call(method, url, { token: tokenB }, body)).statusCode, `${method} ${path} other group`).toBe(404);
    }
  });
});

describe('the shared basket', () => {
  it('members add their own lines, validated like checkout; only their own can be edited; the host removes any', async () => {
    const { group, linkToken } = await start();
    const token = await joinAsVisitor(linkToken);
    await call('POST', `/api/group-orders/join/${linkToken}`, { cookie: friend }, {});
    const url = `/api/group-orders/${group.id}/lines`;

    const wrap = await call('POST', url, { token }, { menuItemId: shop.items.wrap.id, quantity: 2 });
    expect(wrap.statusCode, wrap.body).toBe(201);
    const lamb = await call('POST', url, { cookie: friend }, { menuItemId: shop.items.lamb.id, quantity: 1 });
    expect(lamb.statusCode).toBe(201);
    const view = lamb.json().group;
    // Priced by the branch's menu: the lamb at the branch's own price.
    expect(
      view.lines.map((l: { name: string; lineTotalMinor: number; memberName: string }) => [
        l.name,
        l.lineTotalMinor,
        l.memberName,
      ]),
    ).toEqual([
      ['Chicken Wrap', 1300, 'Bilal'],
      ['Lamb Shish', 1350, 'Omar Farooq'],
    ]);
    expect((await call('POST', url, { token }, { menuItemId: shop.items.foreign.id, quantity: 1 })).statusCode).toBe(
      409,
    );
    expect((await call('POST', url, { token }, { menuItemId: shop.items.soldOut.id, quantity: 1 })).statusCode).toBe(
      409,
    );
    const zero = await call('POST', url, { token }, { menuItemId: shop.items.wrap.id, quantity: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.fields[0].path).toBe('quantity');

    const [wrapLine, lambLine] = view.lines as { id: string }[];
    expect((await call('PATCH', `${url}/${lambLine.id}`, { token }, { quantity: 3 })).statusCode).toBe(403);
    expect((await call('DELETE', `${url}/${lambLine.id}`, { token })).statusCode).toBe(403);
    const edited = await call('PATCH', `${url}/${wrapLine.id}`, { token }, { quantity: 3 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().group.lines[0].quantity).toBe(3);
    expect((await call('PATCH', `${url}/${crypto.randomUUID()}`, { token }, { quantity: 3 })).statusCode).toBe(404);
    const removed = await call('DELETE', `${url}/${lambLine.id}`, { cookie: host });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().group.lines).toHaveLength(1);
  });

  it('locking stops members’ changes; only the host locks, unlocks, resets the link and cancels', async () => {
    const { group, linkToken } = await start();
    const token = await joinAsVisitor(linkToken);
    const g = `/api/group-orders/${group.id}`;
    const line = (await call('POST', `${g}/lines`, { token }, { menuItemId: shop.items.wrap.id, quantity: 1 })).json()
      .group.lines[0];
    expect((await call('POST', `${g}/lock`, { token }, { locked: true })).statusCode).toBe(403);
    expect((await call('POST', `${g}/lock`, { cookie: host }, { locked: true })).json().group.status).toBe('locked');
    expect(
      (await call('POST', `${g}/lines`, { token }, { menuItemId: shop.items.tea.id, quantity: 1 })).statusCode,
    ).toBe(409);
    expect((await call('PATCH', `${g}/lines/${line.id}`, { token }, { quantity: 2 })).statusCode).toBe(409);
    expect((await call('DELETE', `${g}/lines/${line.id}`, { token })).statusCode).toBe(409);
    expect((await call('POST', `/api/group-orders/join/${linkToken}`, undefined, { name: 'Late' })).statusCode).toBe(
      409,
    );
    expect((await call('POST', `${g}/lock`, { cookie: host }, { locked: false })).json().group.status).toBe('open');
    expect((await call('PATCH', `${g}/lines/${line.id}`, { token }, { quantity: 2 })).statusCode).toBe(200);

    expect((await call('POST', `${g}/reset-link`, { token })).statusCode).toBe(403);
    const reset = await call('POST', `${g}/reset-link`, { cookie: host });
    expect(reset.statusCode).toBe(200);
    const fresh = reset.json().linkToken as string;
    expect(fresh).not.toBe(linkToken);
    expect((await call('GET', `/api/group-orders/join/${linkToken}`)).statusCode).toBe(404);
    expect((await call('POST', `/api/group-orders/join/${linkToken}`, undefined, { name: 'Zed' })).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/group-orders/join/${fresh}`)).statusCode).toBe(200);
    expect((await call('GET', g, { token })).statusCode).toBe(200);

    expect((await call('POST', `${g}/cancel`, { token })).statusCode).toBe(403);
    expect((await call('POST', `/api/group-orders/join/${fresh}`, { cookie: friend }, {})).statusCode).toBe(201);
    expect((await call('POST', `${g}/cancel`, { cookie: host })).json().group.status).toBe('cancelled');
    // The signed-in friend is told once by e-mail; the host cancelled it and the visitor has the page.
    expect((await call('POST', `${g}/cancel`, { cookie: host })).statusCode).toBe(409);
    const told = await groupMails(group.id);
    expect(told.map((m) => m.recipientEmail)).toEqual(['friend@example.com']);
    expect(told[0].payload.text).toContain('Aisha Khan cancelled the group order from');
    expect(
      (await call('POST', `${g}/lines`, { token }, { menuItemId: shop.items.tea.id, quantity: 1 })).statusCode,
    ).toBe(409);
    expect((await call('POST', `/api/group-orders/join/${fresh}`, undefined, { name: 'Zed' })).statusCode).toBe(409);
  });

  it('keeps its limits (people, lines) and ends when its time is up', async () => {
    const { group, linkToken } = await start();
    const db = t.database.db;
    await db.update(groupOrders).set({ maxMembers: 2, maxLines: 1 }).where(eq(groupOrders.id, group.id));
    const token = await joinAsVisitor(linkToken);
    const full = await call('POST', `/api/group-orders/join/${linkToken}`, undefined, { name: 'Third' });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe('This group order is full (at most 2 people).');
    const g = `/api/group-orders/${group.id}`;
    expect(
      (await call('POST', `${g}/lines`, { token }, { menuItemId: shop.items.wrap.id, quantity: 1 })).statusCode,
    ).toBe(201);
    expect(
      (await call('POST', `${g}/lines`, { token }, { menuItemId: shop.items.tea.id, quantity: 1 })).statusCode,
    ).toBe(409);

    await db
      .update(groupOrders)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(groupOrders.id, group.id));
    // Past its time it reads as expired at once, before any sweep.
    const seen = await call('GET', g, { token });
    expect(seen.json().group.status).toBe('expired');
    const late = await call('POST', `${g}/lines`, { token }, { menuItemId: shop.items.tea.id, quantity: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('This group order has expired.');
    expect((await call('POST', `/api/group-orders/join/${linkToken}`, undefined, { name: 'Late' })).statusCode).toBe(
      409,
    );
  });

  it('the sweeper ends baskets past their time once: live to the page, e-mail to members with an account', async () => {
    const db = t.database.db;
    const { group, linkToken } = await start();
    await joinAsVisitor(linkToken);
    expect((await call('POST', `/api/group-orders/join/${linkToken}`, { cookie: friend }, {})).statusCode).toBe(201);
    const fresh = await start();
    const topic = topicName.group(group.id);
    const hostStream = await openStream(base, `/api/events?topics=${topic}`, host);
    expect(hostStream.status).toBe(200);

    const sweep = () => expireDueGroups({ db, bus: t.app.deps.bus }, new Date());
    await sweep(); // baskets earlier tests left past their time
    await db
      .update(groupOrders)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(groupOrders.id, group.id));
    // Two processes sweeping at once end the basket once.
    const passes = await Promise.all([sweep(), sweep()]);
    expect(passes[0].expired + passes[1].expired).toBe(1);
    const changed = await hostStream.waitFor(
      (e) => e.type === 'group.changed' && (e.data as { status: string }).status === 'expired',
      2000,
    );
    expect(changed.data).toMatchObject({ groupId: group.id, what: 'status' });
    hostStream.close();
    expect((await sweep()).expired).toBe(0);

    const [row] = await db.select().from(groupOrders).where(eq(groupOrders.id, group.id));
    expect(row).toMatchObject({ status: 'expired', endedReason: 'expired' });
    const [other] = await db.select().from(groupOrders).where(eq(groupOrders.id, fresh.group.id));
    expect(other.status).toBe('open');
    // The host and the signed-in friend; the visitor gave only a name, so the page is their channel.
    const mails = await groupMails(group.id);
    expect(mails.map((m) => [m.recipientEmail, m.eventId]).sort()).toEqual([
      ['friend@example.com', `group:${group.id}:expired`],
      ['host@example.com', `group:${group.id}:expired`],
    ]);
    expect(mails[0].payload.text).toContain('expired before it was placed. Nothing was ordered.');
  });
});

describe('checkout', () => {
  it('the host places one server-priced order for everyone, cash at the door, with each share shown', async () => {
    const { group, linkToken } = await start();
    const token = await joinAsVisitor(linkToken);
    await call('POST', `/api/group-orders/join/${linkToken}`, { cookie: friend }, {});
    const g = `/api/group-orders/${group.id}`;
    await call('POST', `${g}/lines`, { cookie: host }, { menuItemId: shop.items.tea.id, quantity: 2 });
    await call('POST', `${g}/lines`, { token }, { menuItemId: shop.items.wrap.id, quantity: 1 });
    await call('POST', `${g}/lines`, { cookie: friend }, { menuItemId: shop.items.lamb.id, quantity: 1 });

    expect((await call('POST', `${g}/checkout`, { cookie: host }, checkoutBody)).statusCode).toBe(409);
    await call('POST', `${g}/lock`, { cookie: host }, { locked: true });
    expect((await call('POST', `${g}/checkout`, { token }, checkoutBody)).statusCode).toBe(403);
    expect(
      (await call('POST', `${g}/checkout`, { cookie: host }, { ...checkoutBody, customerName: 7 })).statusCode,
    ).toBe(400);

    const res = await call('POST', `${g}/checkout`, { cookie: host }, checkoutBody);
    expect(res.statusCode, res.body).toBe(201);
    const { order, group: placed } = res.json();
    // Priced by the server as any order: 2 × £1.99 + £6.50 + £13.50, the branch's £2.49 delivery.
    expect(order.subtotalMinor).toBe(398 + 650 + 1350);
    expect(order.deliveryFeeMinor).toBe(249);
    expect(order.paymentMethod).toBe('cash');
    expect(placed.status).toBe('ordered');
    expect(placed.order).toMatchObject({ id: order.id, orderNumber: order.orderNumber, status: 'PENDING' });
    expect(placed.split.map((s: { name: string; foodMinor: number }) => [s.name, s.foodMinor])).toEqual([
      ['Aisha Khan', 398],
      ['Bilal', 650],
      ['Omar Farooq', 1350],
    ]);
    expect(placed.split.reduce((a: number, s: { totalMinor: number }) => a + s.totalMinor, 0)).toBe(order.totalMinor);

    // The signed-in friend is told the order number and their share once; the host has the receipt.
    const friendShare = placed.split.find((x: { name: string }) => x.name === 'Omar Farooq').totalMinor as number;
    const placedMails = await groupMails(group.id);
    expect(placedMails.map((m) => m.recipientEmail)).toEqual(['friend@example.com']);
    expect(placedMails[0].payload.text).toContain(
      `Aisha Khan placed the group order from Kervan ${shop.tag} (Whitechapel) as order ${order.orderNumber}. Your share is ${formatPence(friendShare)}, to pay Aisha Khan`,
    );

    const again = await call('POST', `${g}/checkout`, { cookie: host }, checkoutBody);
    expect(again.statusCode).toBe(200);
    expect(again.json().order.id).toBe(order.id);
    const made = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.idempotencyKey, groupOrderKey(group.id)));
    expect(made).toHaveLength(1);
    expect(await groupMails(group.id)).toHaveLength(1);
    // Members see the placed order on the group page.
    expect((await call('GET', g, { token })).json().group.order.orderNumber).toBe(order.orderNumber);
    expect(
      (await call('POST', `${g}/lines`, { token }, { menuItemId: shop.items.tea.id, quantity: 1 })).statusCode,
    ).toBe(409);
  });

  it('an empty locked basket cannot be checked out', async () => {
    const { group } = await start();
    await call('POST', `/api/group-orders/${group.id}/lock`, { cookie: host }, { locked: true });
    const res = await call('POST', `/api/group-orders/${group.id}/checkout`, { cookie: host }, checkoutBody);
    expect(res.statusCode).toBe(409);
  });
});

describe('live', () => {
  it('pushes basket changes to every member on group:{id}; a stranger 401, a non-member 403', async () => {
    const { group, linkToken } = await start();
    const token = await joinAsVisitor(linkToken);
    const topic = topicName.group(group.id);
    const anon = await openStream(base, `/api/events?topics=${topic}`);
    expect(anon.status).toBe(401);
    anon.close();
    const outsider = await openStream(base, `/api/events?topics=${topic}`, stranger);
    expect(outsider.status).toBe(403);
    outsider.close();
    const visitor = await openStream(base, `/api/events?topics=${topic}&groupMember=${token}`);
    expect(visitor.status).toBe(200);
    const hostStream = await openStream(base, `/api/events?topics=${topic}`, host);
    expect(hostStream.status).toBe(200);
    await call(
      'POST',
      `/api/group-orders/${group.id}/lines`,
      { token },
      { menuItemId: shop.items.wrap.id, quantity: 1 },
    );
    const seen = await hostStream.waitFor((e) => e.type === 'group.changed', 1000);
    expect(seen.data).toMatchObject({ groupId: group.id, what: 'lines', status: 'open' });
    await call('POST', `/api/group-orders/${group.id}/lock`, { cookie: host }, { locked: true });
    const locked = await visitor.waitFor(
      (e) => e.type === 'group.changed' && (e.data as { status: string }).status === 'locked',
      1000,
    );
    expect(locked.data).toMatchObject({ what: 'status' });
    visitor.close();
    hostStream.close();
  });
});

describe('join limits', () => {
  const from = (remoteAddress: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, remoteAddress, ...(payload ? { payload } : {}) });

  it('one address trying links is stopped at 30 in the window: 429 naming it, with Retry-After', async () => {
    const tries = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        from('203.0.113.7', 'GET', `/api/group-orders/join/${String(i).padStart(3, '0')}${'A'.repeat(40)}`),
      ),
    );
    expect(tries.map((r) => r.statusCode)).toEqual(Array(30).fill(404));
    const stopped = await from('203.0.113.7', 'POST', `/api/group-orders/join/${'B'.repeat(43)}`, { name: 'Zed' });
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().error.message).toBe(
      'Too many group order links opened from your connection. Please wait a few minutes and try again.',
    );
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back by it.
    expect((await from('203.0.113.8', 'GET', `/api/group-orders/join/${'B'.repeat(43)}`)).statusCode).toBe(404);
  });

  it('one link flooded with joins from many addresses is stopped at 40 for that group', async () => {
    const { linkToken } = await start();
    const other = await start();
    const joins = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        from(`198.51.100.${i + 1}`, 'POST', `/api/group-orders/join/${linkToken}`, { name: `Guest ${i}` }),
      ),
    );
    // Twelve fit (the host and eleven), the rest find it full; all count.
    expect(joins.filter((r) => r.statusCode === 201)).toHaveLength(11);
    expect(joins.filter((r) => r.statusCode === 409)).toHaveLength(29);
    const flood = await from('198.51.100.200', 'POST', `/api/group-orders/join/${linkToken}`, { name: 'One more' });
    expect(flood.statusCode).toBe(429);
    expect(flood.json().error.message).toBe(
      'Too many people are trying to join this group order. Please wait a few minutes and try again.',
    );
    // Another group's link still opens.
    expect(
      (await from('198.51.100.201', 'POST', `/api/group-orders/join/${other.linkToken}`, { name: 'Sana' })).statusCode,
    ).toBe(201);
  });
});
