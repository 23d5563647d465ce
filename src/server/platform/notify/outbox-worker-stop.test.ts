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
});
