import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultOpeningHours } from '../../../domain/opening-hours';
import { topicName } from '../../../domain/topics';
import { hashOrderToken } from '../access/order-access';
import { brandMemberships, brands, orders, sites } from '../../db/schema/index';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { openStream } from '../../test/sse-client';

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address() as net.AddressInfo;
  return `http://127.0.0.1:${addr.port}`;
}

async function seedOrder(t: TestApp, partnerId: string, visitorToken: string) {
  const db = t.database.db;
  const [b] = await db.insert(brands).values({ name: 'Live Brand' }).returning();
  await db.insert(brandMemberships).values({ brandId: b.id, userId: partnerId, role: 'owner' });
  const [s] = await db
    .insert(sites)
    .values({
      brandId: b.id,
      name: 'Aldgate',
      slug: `live-${b.id.slice(0, 8)}`,
      address: '2 Aldgate High St',
      city: 'London',
      openingHours: defaultOpeningHours(),
    })
    .returning();
  const [o] = await db
    .insert(orders)
    .values({
      orderNumber: `HN-${Date.now()}`,
      customerName: 'Visitor',
      customerPhone: '07700 900000',
      siteId: s.id,
      subtotalMinor: 1000,
      deliveryFeeMinor: 0,
      totalMinor: 1000,
      orderType: 'PICKUP',
      deliveryVerificationCode: '1234',
      estimatedDeliveryTime: 25,
      visitorTokenHash: hashOrderToken(visitorToken),
    })
    .returning();
  return { siteId: s.id, orderId: o.id };
}

describe('live events on one process (embedded or configured database)', () => {
  let t: TestApp;
  let base: string;
  let admin: string;
  let customer: string;
  let customerId: string;
  let partner: string;
  let otherPartner: string;
  let driver: string;
  let ids: { siteId: string; orderId: string };
  const visitorToken = randomBytes(16).toString('hex');

  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t);
    await createUser(t, { email: 'admin@example.com', userType: 'admin', adminRole: 'ops_manager' });
    customerId = await createUser(t, { email: 'cust@example.com', userType: 'customer', status: 'active' });
    const partnerId = await createUser(t, { email: 'partner@example.com', userType: 'partner' });
    await createUser(t, { email: 'other.partner@example.com', userType: 'partner' });
    await createUser(t, {
      email: 'driver@example.com',
      userType: 'driver',
      status: 'approved',
      driver: { postcode: 'E1', online: true, vehicle: 'bike', licence: 'X' },
    });
    admin = await signIn(t, 'admin@example.com');
    customer = await signIn(t, 'cust@example.com');
    partner = await signIn(t, 'partner@example.com');
    otherPartner = await signIn(t, 'other.partner@example.com');
    driver = await signIn(t, 'driver@example.com');
    ids = await seedOrder(t, partnerId, visitorToken);
  });
  afterAll(async () => t.close());

  it('pushes a published event to a subscriber of its topic', async () => {
    const s = await openStream(base, '/api/events?topics=admin', admin);
    expect(s.status).toBe(200);
    await t.app.deps.bus.publish('admin', 'settings.updated', { keys: ['serviceFeeMinor'] });
    const e = await s.waitFor((x) => x.type === 'settings.updated');
    expect(e).toEqual({ topic: 'admin', type: 'settings.updated', data: { keys: ['serviceFeeMinor'] } });
    s.close();
  });

  it("streams a site's events to its staff and an order's events to the visitor holding its token", async () => {
    const staff = await openStream(base, `/api/events?topics=${topicName.site(ids.siteId)}`, partner);
    const visitor = await openStream(
      base,
      `/api/events?topics=${topicName.order(ids.orderId)}&orderToken=${visitorToken}`,
    );
    expect([staff.status, visitor.status]).toEqual([200, 200]);
    await t.app.deps.bus.publish(topicName.site(ids.siteId), 'order.created', {
      orderId: ids.orderId,
      orderNumber: 'HN-1',
      siteId: ids.siteId,
      orderType: 'PICKUP',
      totalMinor: 1000,
    });
    await t.app.deps.bus.publish(topicName.order(ids.orderId), 'order.status', {
      orderId: ids.orderId,
      orderNumber: 'HN-1',
      status: 'ACCEPTED',
      previousStatus: 'PENDING',
      action: 'accept',
    });
    await staff.waitFor((e) => e.type === 'order.created');
    await visitor.waitFor((e) => e.type === 'order.status');
    expect(staff.events.some((e) => e.type === 'order.status')).toBe(false);
    staff.close();
    visitor.close();
  });

  it('streams jobs of the driver’s own postcode area only', async () => {
    const own = await openStream(base, '/api/events?topics=jobs:E', driver);
    expect(own.status).toBe(200);
    own.close();
    const other = await openStream(base, '/api/events?topics=jobs:SW', driver);
    expect(other.status).toBe(403);
    other.close();
  });

  it("refuses another user's topics: 401 for a stranger, 403 for the wrong account", async () => {
    const cases: [string, string | undefined, number][] = [
      ['admin', undefined, 401],
      ['admin', customer, 403],
      [topicName.user(customerId), partner, 403],
      [topicName.user(customerId), undefined, 401],
      [topicName.site(ids.siteId), otherPartner, 403],
      [topicName.site(ids.siteId), customer, 403],
      [topicName.order(ids.orderId), customer, 403],
      [`${topicName.order(ids.orderId)}&orderToken=wrong-token`, undefined, 401],
      ['jobs:E', customer, 403],
    ];
    for (const [topics, cookie, status] of cases) {
      const s = await openStream(base, `/api/events?topics=${topics}`, cookie);
      expect(s.status, topics).toBe(status);
      s.close();
    }
  });

  it('refuses, outside production, an event the table does not allow on its topic or with a wrong payload', async () => {
    // The casts stand for a caller the type checker cannot see (a payload built at run time).
    const publish = t.app.deps.bus.publish.bind(t.app.deps.bus) as (t: string, e: string, d: unknown) => Promise<void>;
    await expect(publish('admin', 'badge', {})).rejects.toThrow('"badge" is not in the live-event table');
    await expect(publish('admin', 'order.status', {})).rejects.toThrow('may not travel on admin topics');
    await expect(publish('admin', 'ticket.updated', { ticketId: 'T-1' })).rejects.toThrow('"ticket.updated" payload');
    await expect(publish('admin', 'ticket.message', { ticketId: ids.orderId, extra: 1 })).rejects.toThrow('extra');
  });

  it('answers 400 to an unknown topic shape', async () => {
    const s = await openStream(base, '/api/events?topics=everything', admin);
    expect(s.status).toBe(400);
    s.close();
  });
});

describe('shutdown', () => {
  it('ends open event streams when the server closes, with a short retry and a last server_stopping event, so browsers reconnect elsewhere at once', async () => {
    const t = await createTestApp();
    const base = await listen(t);
    await createUser(t, { email: 'ops@example.com', userType: 'admin', adminRole: 'ops_manager' });
    const cookie = await signIn(t, 'ops@example.com');
    const { ended } = await new Promise<{ ended: Promise<string> }>((resolve, reject) => {
      http
        .get(`${base}/api/events?topics=admin`, { headers: { cookie, accept: 'text/event-stream' } }, (res) => {
          expect(res.statusCode).toBe(200);
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          resolve({ ended: new Promise((done) => res.on('end', () => done(text))) });
        })
        .on('error', reject);
    });
    await t.close();
    const text = await ended;
    // The last lines: the reconnect hint, then the named last event (domain/live-stream-end.ts).
    expect(text.slice(text.indexOf(': connected'))).toMatch(
      /retry: 250\n\nevent: end\ndata: \{"reason":"server_stopping"\}\n\n$/,
    );
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

describe.skipIf(!process.env.DATABASE_URL)('live events across two server processes on one PostgreSQL', () => {
  let t: TestApp;
  let child: ChildProcess;
  let childBase: string;

  beforeAll(async () => {
    t = await createTestApp();
    const port = await freePort();
    childBase = `http://127.0.0.1:${port}`;
    child = spawn('node_modules/.bin/tsx', ['src/server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: t.url!,
        // This test is about the NOTIFY bus, whatever the caller's environment says.
        REDIS_URL: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO: '0',
        AUTH_SECRET: t.app.deps.config.authSecret,
        PUBLIC_URL: t.app.deps.config.publicUrl,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    // Up to 40 s: the second process starts from source under tsx, which on a loaded 2-core machine
    // (the whole suite beside it) took more than the 20 s this allowed before.
    for (let i = 0; i < 200; i++) {
      const ok = await fetch(`${childBase}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('second server process did not start');
  }, 90_000);
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await t.close();
  });

  it("delivers one process's event to a subscriber on the other process", async () => {
    await createUser(t, { email: 'ops@example.com', userType: 'admin', adminRole: 'ops_manager' });
    const cookie = await signIn(t, 'ops@example.com');
    const s = await openStream(childBase, '/api/events?topics=admin', cookie);
    expect(s.status).toBe(200);
    await t.app.deps.bus.publish('admin', 'team.joined', { email: 'first@example.com' });
    const e = await s.waitFor((x) => x.type === 'team.joined', 5000);
    expect(e.data).toEqual({ email: 'first@example.com' });
    s.close();
  });

  it('refuses on the second process a topic the user may not see', async () => {
    await createUser(t, { email: 'c2@example.com', userType: 'customer', status: 'active' });
    const cookie = await signIn(t, 'c2@example.com');
    const s = await openStream(childBase, '/api/events?topics=admin', cookie);
    expect(s.status).toBe(403);
    s.close();
  });
});
