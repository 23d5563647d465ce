import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationOutbox } from '../../db/schema/index';
import { type TestApp, createTestApp } from '../../test/test-app';
import type { ChannelSender } from './channels';
import { startOutboxWorker } from './outbox-worker';

/**
 * Stopping the worker (a server shutting down) ends its pass after the batch in hand: a backlog is
 * left for the next start, never drained first (docs/decisions/0140-notification-outbox.md).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('stopping the outbox worker', () => {
  it('returns after the current batch, leaving the backlog pending', async () => {
    await t.database.db.insert(notificationOutbox).values(
      Array.from({ length: 60 }, (_, i) => ({
        eventKind: 'ticketReply',
        eventId: `stop-test:${i}`,
        channel: 'sms' as const,
        recipientPhone: '07700 900111',
        dedupeKey: `stop-test:${i}|07700 900111|sms`,
        payload: { title: 'Backlog', text: `Message ${i}` },
      })),
    );
    let sent = 0;
    let firstSend: () => void = () => undefined;
    const started = new Promise<void>((r) => (firstSend = r));
    const slow: ChannelSender = {
      channel: 'sms',
      async send() {
        firstSend();
        await new Promise((r) => setTimeout(r, 50));
        sent++;
        return { ok: true };
      },
    };
    const log = { error: () => undefined };
    const stop = await startOutboxWorker(
      { database: t.database, senders: { sms: slow }, log },
      {
        batch: 5,
        intervalMs: 60_000,
      },
    );
    await started;
    await stop();
    const pending = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(like(notificationOutbox.eventId, 'stop-test:%'));
    expect(sent).toBeLessThanOrEqual(10);
    expect(pending.filter((r) => r.status === 'pending').length).toBeGreaterThanOrEqual(50);
    // Every row it took was answered: none is left under a lease.
    expect(pending.filter((r) => r.status === 'pending' && r.leaseToken !== null)).toEqual([]);
  });

  it('gives back the rows of sends still unanswered after its grace, so another process takes them at once', async () => {
    await t.database.db.insert(notificationOutbox).values(
      Array.from({ length: 3 }, (_, i) => ({
        eventKind: 'ticketReply',
        eventId: `stuck-test:${i}`,
        channel: 'email' as const,
        recipientEmail: `stuck${i}@example.com`,
        dedupeKey: `stuck-test:${i}|stuck${i}@example.com|email`,
        payload: { title: 'Stuck', text: `Message ${i}` },
      })),
    );
    let claimed = 0;
    let allClaimed: () => void = () => undefined;
    const inHand = new Promise<void>((r) => (allClaimed = r));
    // A mail server that accepts the connection and never answers.
    const hanging: ChannelSender = {
      channel: 'email',
      send() {
        if (++claimed === 3) allClaimed();
        return new Promise(() => undefined);
      },
    };
    const infos: { released?: number }[] = [];
    const log = { error: () => undefined, info: (obj: { released?: number }) => void infos.push(obj) };
    const stop = await startOutboxWorker(
      { database: t.database, senders: { email: hanging }, log },
      { intervalMs: 60_000, sendTimeoutMs: 600_000, stopGraceMs: 200 },
    );
    await inHand;
    const leased = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(like(notificationOutbox.eventId, 'stuck-test:%'));
    expect(leased.filter((r) => r.leaseToken !== null)).toHaveLength(3);
    await stop();
    const after = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(like(notificationOutbox.eventId, 'stuck-test:%'));
    expect(after.map((r) => [r.status, r.leaseToken, r.leasedUntil])).toEqual([
      ['pending', null, null],
      ['pending', null, null],
      ['pending', null, null],
    ]);
    expect(infos.at(-1)?.released).toBe(3);
  });
});
