import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index';
import { type TestApp, createTestApp } from '../../test/test-app';
import { listDevDeliveries, recordDevDelivery } from './dev-outbox';

/** The dev outbox writes the deliveries of a busy moment together, still once per key (docs/decisions/0140-notification-outbox.md). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('the dev outbox', () => {
  it('records deliveries made at once exactly once per key, and lists them newest first', async () => {
    const db = t.database.db;
    const delivery = (i: number, key: string) =>
      recordDevDelivery(db, { channel: 'sms', to: '+447700900111', title: `T${i}`, text: `Text ${i}`, dedupeKey: key });
    const answers = await Promise.all([
      delivery(0, 'dev-batch:a'),
      delivery(1, 'dev-batch:b'),
      delivery(2, 'dev-batch:b'),
      delivery(3, 'dev-batch:c'),
      delivery(4, 'dev-batch:a'),
    ]);
    expect(answers).toEqual([true, true, false, true, false]);
    expect(await delivery(5, 'dev-batch:c')).toBe(false);
    const stored = await db.select().from(mailOutbox).where(eq(mailOutbox.to, '+447700900111'));
    expect(stored.map((r) => r.dedupeKey).sort()).toEqual(['dev-batch:a', 'dev-batch:b', 'dev-batch:c']);
    const listed = (await listDevDeliveries(db)).filter((d) => d.to === '+447700900111');
    expect(listed.map((d) => d.title)).toEqual(['T3', 'T1', 'T0']);
  });
});
