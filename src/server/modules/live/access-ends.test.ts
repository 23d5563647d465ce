import { randomUUID } from 'node:crypto';
import type net from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicName } from '../../../domain/topics';
import { type Database, openPostgres } from '../../db/client';
import { mailOutbox, session, teamMembers } from '../../db/schema/index';
import { TEST_ORIGIN, TEST_PASSWORD, type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { type Stream, openStream } from '../../test/sse-client';
import { partnerWorld } from '../partner/test-fixtures';

/*
 * An open /api/events stream ends when its access ends (docs/decisions/0198-live-streams-end-with-access.md):
 * at once on the process where the change happened and on another process on the same database
 * (through the bus), and within the re-check interval when nothing announced it.
 */

let t: TestApp; // the process where each change happens
let other: TestApp; // a second server on the same database
let quick: TestApp; // a third one whose streams re-check every 300 ms
let secondDatabase: Database | null = null;
const base: Record<'t' | 'other' | 'quick', string> = { t: '', other: '', quick: '' };

async function listen(app: TestApp): Promise<string> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.app.server.address() as net.AddressInfo).port}`;
}

beforeAll(async () => {
  t = await createTestApp();
  // On PostgreSQL the other servers get their own connections, as separate processes would;
  // PGlite is one process's database, shared.
  secondDatabase = t.url ? await openPostgres(t.url, 3) : null;
  const shared = { database: secondDatabase ?? t.database, url: t.url };
  other = await createTestApp({}, shared);
  quick = await createTestApp({ liveRecheckMs: 300 }, shared);
  base.t = await listen(t);
  base.other = await listen(other);
  base.quick = await listen(quick);
}, 60_000);
afterAll(async () => {
  await quick?.close();
  await other?.close();
  await secondDatabase?.close();
  await t?.close();
});

const post = (url: string, payload: unknown, cookie?: string, method: 'POST' | 'PATCH' | 'DELETE' = 'POST') =>
  t.app.inject({
    method,
    url,
    payload: payload as never,
    headers: {
      origin: TEST_ORIGIN,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
  });

/** The same subscription on this process and on the other one, both open. */
async function onBoth(path: string, cookie: string): Promise<Stream[]> {
  const streams = [await openStream(base.t, path, cookie), await openStream(base.other, path, cookie)];
  expect(streams.map((s) => s.status)).toEqual([200, 200]);
  return streams;
}

/**
 * After the change, the process where it happened publishes a marker event: every stream ends with
 * the reason (well inside the 20 s re-check, so the bus ended it) and none got the marker.
 */
async function expectEnded(streams: Stream[], reason: string, marker: () => Promise<void>, markerType: string) {
  await marker();
  for (const s of streams) expect(await s.waitEnd(3000)).toBe(reason);
  for (const s of streams) expect(s.events.map((e) => e.type)).not.toContain(markerType);
}

const adminMarker = (key: string) => () => t.app.deps.bus.publish(topicName.admin, 'settings.updated', { keys: [key] });

async function admin(email: string, adminRole: 'super_admin' | 'ops_manager' | 'cs_agent') {
  const id = await createUser(t, { email, userType: 'admin', adminRole });
  return { id, cookie: await signIn(t, email) };
}

describe('a session that ends ends its streams at once, on every process', () => {
  it('sign-out ends the streams of that session only', async () => {
    const a = await admin('signing.out@example.com', 'ops_manager');
    const otherDevice = await signIn(t, 'signing.out@example.com');
    const streams = await onBoth('/api/events?topics=admin', a.cookie);
    const kept = await openStream(base.other, '/api/events?topics=admin', otherDevice);
    expect((await post('/api/auth/sign-out', {}, a.cookie)).statusCode).toBe(200);
    await expectEnded(streams, 'signed_out', adminMarker('after-sign-out'), 'settings.updated');
    // The other device's session still holds: its stream was re-checked and goes on.
    await kept.waitFor((e) => e.type === 'settings.updated');
    expect((await openStream(base.t, '/api/events?topics=admin', a.cookie)).status).toBe(401);
    kept.close();
  });

  it('a password reset (which revokes every session) ends them', async () => {
    const email = 'reset.me@example.com';
    const a = await admin(email, 'ops_manager');
    const streams = await onBoth('/api/events?topics=admin', a.cookie);
    expect((await post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' })).statusCode).toBe(
      200,
    );
    // The reset mail is written after the answer (docs/decisions/0204-password-reset-tokens-and-timing.md).
    await t.app.deps.background.idle();
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    const link = /https?:\/\/\S+/.exec(mail.text)![0].replace(TEST_ORIGIN, '');
    const follow = await t.app.inject({ method: 'GET', url: link });
    const token = new URL(follow.headers.location as string, TEST_ORIGIN).searchParams.get('token');
    expect((await post('/api/auth/reset-password', { token, newPassword: 'a-brand-new-password' })).statusCode).toBe(
      200,
    );
    await expectEnded(streams, 'signed_out', adminMarker('after-reset'), 'settings.updated');
  });

  it('deleting the account ends its streams', async () => {
    const email = 'leaving@example.com';
    const id = await createUser(t, { email, userType: 'customer', status: 'active' });
    const cookie = await signIn(t, email);
    const streams = await onBoth(`/api/events?topics=${topicName.user(id)}`, cookie);
    expect((await post('/api/account', { password: TEST_PASSWORD }, cookie, 'DELETE')).statusCode).toBe(204);
    await expectEnded(
      streams,
      'signed_out',
      () => t.app.deps.bus.publish(topicName.user(id), 'ticket.updated', { ticketId: randomUUID() }),
      'ticket.updated',
    );
  });
});

describe('a change of role, membership or status ends the streams at once, on every process', () => {
  let boss: { id: string; cookie: string };
  const memberId = async (userId: string) =>
    (await t.database.db.select().from(teamMembers).where(eq(teamMembers.userId, userId)))[0].id;
  beforeAll(async () => {
    boss = await admin('boss@example.com', 'super_admin');
  });

  it('a deactivated admin: ended, and refused on reconnect', async () => {
    const a = await admin('deactivated@example.com', 'cs_agent');
    const streams = await onBoth('/api/events?topics=admin', a.cookie);
    const watcher = await openStream(base.other, '/api/events?topics=admin', boss.cookie);
    const res = await post(`/api/admin/team/members/${await memberId(a.id)}/status`, { isActive: false }, boss.cookie);
    expect(res.statusCode).toBe(200);
    await expectEnded(streams, 'forbidden', adminMarker('after-deactivation'), 'settings.updated');
    await watcher.waitFor((e) => e.type === 'settings.updated');
    expect((await openStream(base.other, '/api/events?topics=admin', a.cookie)).status).toBe(403);
    watcher.close();
  });

  it('a demoted admin: ended, and the reconnect is checked against the new role', async () => {
    // Every admin role may follow the admin topic: the stream ends so the browser reconnects with
    // the rights of the new role (docs/decisions/0198-live-streams-end-with-access.md).
    const a = await admin('demoted@example.com', 'ops_manager');
    const streams = await onBoth('/api/events?topics=admin', a.cookie);
    const res = await post(`/api/admin/team/members/${await memberId(a.id)}/role`, { role: 'read_only' }, boss.cookie);
    expect(res.statusCode).toBe(200);
    await expectEnded(streams, 'access_changed', adminMarker('after-demotion'), 'settings.updated');
    const again = await openStream(base.other, '/api/events?topics=admin', a.cookie);
    expect(again.status).toBe(200);
    again.close();
  });

  it("a removed partner staff member's site stream ends; the owner's goes on", async () => {
    const w = await partnerWorld(t);
    const path = `/api/events?topics=${topicName.site(w.a1.id)}`;
    const streams = await onBoth(path, w.manager.cookie);
    const owner = await openStream(base.other, path, w.owner.cookie);
    const res = await post(
      `/api/partner/brands/${w.brandA.id}/staff/${w.manager.id}`,
      undefined,
      w.owner.cookie,
      'DELETE',
    );
    expect(res.statusCode).toBe(200);
    const marker = () => t.app.deps.bus.publish(topicName.site(w.a1.id), 'site.updated', { siteId: w.a1.id });
    await expectEnded(streams, 'forbidden', marker, 'site.updated');
    await owner.waitFor((e) => e.type === 'site.updated');
    expect((await openStream(base.t, path, w.manager.cookie)).status).toBe(403);
    owner.close();
  });

  it("a site manager moved to another location: the old location's stream ends", async () => {
    const w = await partnerWorld(t);
    const streams = await onBoth(`/api/events?topics=${topicName.site(w.a1.id)}`, w.manager.cookie);
    const res = await post(
      `/api/partner/brands/${w.brandA.id}/staff/${w.manager.id}`,
      { role: 'site_manager', siteIds: [w.a2.id] },
      w.owner.cookie,
      'PATCH',
    );
    expect(res.statusCode).toBe(200);
    const marker = () => t.app.deps.bus.publish(topicName.site(w.a1.id), 'site.updated', { siteId: w.a1.id });
    await expectEnded(streams, 'forbidden', marker, 'site.updated');
  });

  it("a suspended driver's jobs stream ends; another driver of the area goes on", async () => {
    const driver = { postcode: 'E1 6AN', online: true, vehicle: 'bike', licence: 'KHANA801015AB9CD' } as const;
    const id = await createUser(t, { email: 'suspended@example.com', userType: 'driver', status: 'approved', driver });
    await createUser(t, { email: 'still.working@example.com', userType: 'driver', status: 'approved', driver });
    const streams = await onBoth('/api/events?topics=jobs:E', await signIn(t, 'suspended@example.com'));
    const colleague = await openStream(
      base.other,
      '/api/events?topics=jobs:E',
      await signIn(t, 'still.working@example.com'),
    );
    const res = await post(`/api/admin/drivers/${id}/status`, { action: 'suspend' }, boss.cookie);
    expect(res.statusCode).toBe(200);
    const job = { jobId: randomUUID(), orderId: randomUUID(), area: 'E' };
    await expectEnded(streams, 'forbidden', () => t.app.deps.bus.publish('jobs:E', 'job.created', job), 'job.created');
    await colleague.waitFor((e) => e.type === 'job.created');
    colleague.close();
  });
});

describe('the periodic re-check', () => {
  /** The session token inside a signed session cookie. */
  const tokenOf = (cookie: string) => {
    const value = decodeURIComponent(/session_token=([^;]+)/.exec(cookie)![1]);
    return value.slice(0, value.lastIndexOf('.'));
  };

  it('ends, within its interval, a stream whose session was deleted without a word on the bus', async () => {
    const a = await admin('quietly.revoked@example.com', 'ops_manager');
    const otherDevice = await signIn(t, 'quietly.revoked@example.com');
    const revoked = await openStream(base.quick, '/api/events?topics=admin', a.cookie);
    const kept = await openStream(base.quick, '/api/events?topics=admin', otherDevice);
    expect([revoked.status, kept.status]).toEqual([200, 200]);
    await t.database.db.delete(session).where(eq(session.token, tokenOf(a.cookie)));
    expect(await revoked.waitEnd(3000)).toBe('signed_out');
    // The valid session's stream has been re-checked several times by now, and goes on.
    await adminMarker('after-quiet-revoke')();
    await kept.waitFor((e) => e.type === 'settings.updated');
    await expect(kept.waitEnd(100)).rejects.toThrow('still open');
    kept.close();
  });
});
