import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationOutbox } from '../../db/schema/index';
import { type TestApp, createTestApp } from '../../test/test-app';
import type { ChannelSender } from './channels';
import { claimLaneRows, deliverClaimed, outboxStatusOf, startOutboxWorker } from './outbox-worker';
import { wakeOutbox } from './outbox-wake';

/**
 * A claim leaves its rows `pending` under a lease, and each lane's claims start where the lane was
 * last found empty, with a full look every sweeper pass (docs/decisions/0185-outbox-claims-in-place.md).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const row = (id: string, nextAttemptAt: Date) => ({
  eventKind: 'ticketReply',
  eventId: `lanes-test:${id}`,
  channel: 'sms' as const,
  recipientPhone: '07700 900222',
  dedupeKey: `lanes-test:${id}|07700 900222|sms`,
  payload: { title: 'Lanes', text: `Message ${id}` },
  nextAttemptAt,
});
const rowsOf = (id: string) =>
  db()
    .select()
    .from(notificationOutbox)
    .where(eq(notificationOutbox.eventId, `lanes-test:${id}`));

describe('outbox lanes', () => {
  it('claims a row in place: it stays pending under its lease and shows as being sent', async () => {
    const now = new Date();
    await db().insert(notificationOutbox).values(row('lease', now));
    const claimed = await claimLaneRows(db(), { now, leaseMs: 60_000, limits: { sms: 50 } });
    expect(claimed.map((r) => r.dedupeKey)).toContain('lanes-test:lease|07700 900222|sms');
    const [stored] = await rowsOf('lease');
    expect(stored.status).toBe('pending');
    expect(stored.attempts).toBe(1);
    expect(outboxStatusOf(stored, now)).toBe('sending');
    // Within the lease nobody takes it again; after it, the next claim does.
    expect(
      await claimLaneRows(db(), { now: new Date(now.getTime() + 1000), leaseMs: 60_000, limits: { sms: 50 } }),
    ).toEqual([]);
    expect(outboxStatusOf(stored, new Date(now.getTime() + 61_000))).toBe('pending');
    const again = await claimLaneRows(db(), {
      now: new Date(now.getTime() + 61_000),
      leaseMs: 60_000,
      limits: { sms: 50 },
    });
    expect(again.map((r) => r.attempts)).toEqual([2]);
  });

  it('skips rows due before `since`, which a claim without it takes', async () => {
    const now = new Date();
    await db()
      .insert(notificationOutbox)
      .values(row('since', new Date(now.getTime() - 10_000)));
    const later = { now, leaseMs: 60_000, limits: { sms: 50 } };
    expect(await claimLaneRows(db(), { ...later, since: { sms: new Date(now.getTime() - 2000) } })).toEqual([]);
    const claimed = await claimLaneRows(db(), { ...later, since: { sms: null } });
    expect(claimed.map((r) => r.dedupeKey)).toEqual(['lanes-test:since|07700 900222|sms']);
  });

  it('records an answer only while its claim still holds the row (docs/decisions/0191-outbox-lighter-writes.md)', async () => {
    const ok: ChannelSender = { channel: 'sms', send: async () => ({ ok: true }) };
    const opts = { sendTimeoutMs: 1000, now: () => new Date() };
    const now = new Date();
    const find = async (id: string) =>
      (await claimLaneRows(db(), { now, leaseMs: 60_000, limits: { sms: 50 } })).find(
        (r) => r.dedupeKey === `lanes-test:${id}|07700 900222|sms`,
      )!;
    // An admin's retry while the send was in flight: the row is pending again with no lease, and
    // the late answer leaves it so (the retry's own claim will send it).
    await db().insert(notificationOutbox).values(row('retried', now));
    const first = await find('retried');
    await db()
      .update(notificationOutbox)
      .set({ status: 'pending', leasedUntil: null, leaseToken: null })
      .where(eq(notificationOutbox.id, first.id));
    await deliverClaimed(db(), { sms: ok }, first, opts);
    expect((await rowsOf('retried'))[0]).toMatchObject({ status: 'pending', sentAt: null, leaseToken: null });
    // A lease that lapsed and was claimed again: only the newer claim's answer counts.
    await db().insert(notificationOutbox).values(row('reclaimed', now));
    const old = await find('reclaimed');
    const [newer] = await claimLaneRows(db(), {
      now: new Date(now.getTime() + 61_000),
      leaseMs: 60_000,
      limits: { sms: 50 },
      since: { sms: new Date(now.getTime() - 1000) },
    }).then((rows) => rows.filter((r) => r.id === old.id));
    expect(newer.leaseToken).not.toBe(old.leaseToken);
    await deliverClaimed(db(), { sms: ok }, old, opts);
    expect((await rowsOf('reclaimed'))[0]).toMatchObject({ status: 'pending', leaseToken: newer.leaseToken });
    await deliverClaimed(db(), { sms: ok }, newer, opts);
    expect((await rowsOf('reclaimed'))[0]).toMatchObject({ status: 'sent', leaseToken: null });
    // The claim's own answer, once recorded, is not recorded again by a repeat.
    const [sent] = await rowsOf('reclaimed');
    await deliverClaimed(db(), { sms: ok }, newer, opts);
    expect((await rowsOf('reclaimed'))[0].updatedAt).toEqual(sent.updatedAt);
  });

  it('finds a row that became due before the lane was last found empty at its next sweeper pass', async () => {
    const sent: string[] = [];
    const sms: ChannelSender = {
      channel: 'sms',
      async send(message) {
        sent.push(message.dedupeKey);
        return { ok: true };
      },
    };
    const stop = await startOutboxWorker(
      { database: t.database, senders: { sms }, log: { error: () => undefined } },
      { intervalMs: 400, gatherMs: 1 },
    );
    try {
      // The first sweeper pass finds the lane empty: its claims now start half a second before that.
      await new Promise((r) => setTimeout(r, 700));
      // A row due long before (a transaction that started long before it committed).
      await db()
        .insert(notificationOutbox)
        .values(row('late', new Date(Date.now() - 60_000)));
      wakeOutbox(db());
      const deadline = Date.now() + 5000;
      while (!sent.includes('lanes-test:late|07700 900222|sms') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(sent).toContain('lanes-test:late|07700 900222|sms');
    } finally {
      await stop();
    }
    const [stored] = await rowsOf('late');
    expect(stored).toMatchObject({ status: 'sent', leaseToken: null });
    expect(
      await db().select().from(notificationOutbox).where(like(notificationOutbox.dedupeKey, 'lanes-test:late%')),
    ).toHaveLength(1);
  });
});
