import http from 'node:http';
import type net from 'node:net';
import { eq } from 'drizzle-orm';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicName } from '../../../domain/topics';
import { orders } from '../../db/schema/index';
import { type Stream, openStream } from '../../test/sse-client';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type Shop, act, pickupBody, place, seedShop, settle } from '../orders/test-fixtures';

// Redis runs on this machine and in CI; a test that cannot reach it fails and says so.
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
}

/** Resolves when the server ends the stream. */
function ended(base: string, path: string): Promise<{ status: number; done: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { headers: { accept: 'text/event-stream' } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, done: new Promise((ok) => res.on('end', ok).on('close', ok)) });
    });
    req.on('error', reject);
  });
}

describe('live events over the Redis bus (REDIS_URL), two app instances on one database', () => {
  let a: TestApp;
  let b: TestApp;
  let baseB: string;
  let shop: Shop;
  let admin: ReturnType<typeof createClient>;
  const streams: Stream[] = [];

  beforeAll(async () => {
    admin = createClient({ url: REDIS_URL, socket: { reconnectStrategy: false, connectTimeout: 3000 } });
    admin.on('error', () => undefined);
    try {
      await admin.connect();
      await admin.ping();
    } catch (err) {
      throw new Error(
        `Redis is not reachable at ${REDIS_URL} (start redis-server or set REDIS_URL): ${(err as Error).message}`,
      );
    }
    a = await createTestApp({ redisUrl: REDIS_URL });
    b = await createTestApp({ redisUrl: REDIS_URL }, { database: a.database, url: a.url });
    baseB = await listen(b);
    shop = await seedShop(a);
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await b?.close();
    await a?.close();
    if (admin?.isOpen) await admin.close();
  });

  /** Redis client ids of this process's bus connections (named halalnosh-bus-pub|sub-<pid>). */
  async function busConnections(): Promise<string[]> {
    const list = String(await admin.sendCommand(['CLIENT', 'LIST']));
    return [...list.matchAll(/^id=(\d+) .*name=halalnosh-bus-(?:pub|sub)-(\d+) /gm)]
      .filter((m) => Number(m[2]) === process.pid)
      .map((m) => m[1]);
  }

  async function visitorOrder() {
    const res = await place(a, pickupBody(shop));
    expect(res.statusCode, res.body).toBe(201);
    const { order, orderToken } = res.json() as { order: { id: string }; orderToken: string };
    return { id: order.id, path: `/api/events?topics=${topicName.order(order.id)}&orderToken=${orderToken}` };
  }

  it('delivers an order status change made on one instance to an SSE subscriber on the other', async () => {
    expect([a.app.deps.bus.kind, b.app.deps.bus.kind]).toEqual(['redis', 'redis']);
    const o = await visitorOrder();
    const s = await openStream(baseB, o.path);
    streams.push(s);
    expect(s.status).toBe(200);
    await settle(a, o.id);
    const res = await act(a, shop.partner.cookie, o.id, { action: 'accept', prepTimeMinutes: 15 });
    expect(res.statusCode, res.body).toBe(200);
    const e = await s.waitFor((x) => x.type === 'order.status', 5000);
    expect(e).toMatchObject({
      topic: topicName.order(o.id),
      data: { orderId: o.id, status: 'ACCEPTED', previousStatus: 'PENDING' },
    });
  });

  it('keeps committed changes when the Redis connections drop, reconnects, and ends open streams so browsers catch up', async () => {
    const o = await visitorOrder();
    const before = await ended(baseB, o.path);
    expect(before.status).toBe(200);
    // Drop every bus connection of this process (both instances), as a Redis restart would.
    const ours = await busConnections();
    expect(ours.length).toBe(4);
    for (const id of ours) await admin.sendCommand(['CLIENT', 'KILL', 'ID', id]);

    // The change commits whether or not its event could be sent.
    await settle(a, o.id);
    const res = await act(a, shop.partner.cookie, o.id, { action: 'accept', prepTimeMinutes: 10 });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await a.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, o.id));
    expect(row.status).toBe('ACCEPTED');

    // The subscriber side reconnected and ended the stream that may have missed events.
    await before.done;
    const again = await openStream(baseB, o.path);
    streams.push(again);
    expect(again.status).toBe(200);
    await settle(a, o.id);
    // Both instances' publishers are back too (they reconnect with a short backoff).
    for (let i = 0; i < 50 && (await busConnections()).length < 4; i++) await new Promise((r) => setTimeout(r, 100));
    const next = await act(a, shop.partner.cookie, o.id, { action: 'start_preparing' });
    expect(next.statusCode, next.body).toBe(200);
    const e = await again.waitFor((x) => x.type === 'order.status' && x.data.status === 'PREPARING', 5000);
    expect(e.data).toMatchObject({ orderId: o.id, previousStatus: 'ACCEPTED' });
  });
});
