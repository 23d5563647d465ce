import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, notificationOutbox } from './db/schema/index';
import { DEMO_ACCOUNTS } from './db/seed/demo-accounts';
import { startOutboxWorker } from './platform/notify/outbox-worker';
import { createSenders } from './platform/notify/senders';
import { summarizeStatement, traceSend, tracing, tracingModuleLoaded } from './platform/tracing';
import { lastLinkTo } from './test/mail-link';
import { TEST_ORIGIN, TEST_PASSWORD, type TestApp, createTestApp, createUser, openTestDatabase } from './test/test-app';

/**
 * Traces (docs/decisions/0241-traces-behind-an-endpoint.md): off and never loaded without
 * OTEL_EXPORTER_OTLP_ENDPOINT; with it, a request's span (route pattern, status, request id, the
 * caller's trace), its database statements and its mail send reach an OTLP/HTTP collector (a local
 * server here, reading the exporter's JSON) in one trace, and no span carries the customer's
 * e-mail, phone, a token or a cookie.
 */

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: OtlpValue }[];
};

const bodies: string[] = [];
let collector: Server;
let endpoint: string;
/** One database for both apps (the tracer off, then on): opening one is the slow part. */
let opened: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  opened = await openTestDatabase();
  collector = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') bodies.push(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await opened.drop();
  await new Promise<void>((resolve) => collector.close(() => resolve()));
});

function spans(): OtlpSpan[] {
  return bodies.flatMap((b) =>
    (JSON.parse(b) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] }).resourceSpans.flatMap((r) =>
      r.scopeSpans.flatMap((s) => s.spans),
    ),
  );
}

function attr(span: OtlpSpan, key: string): string | number | boolean | undefined {
  const v = span.attributes.find((a) => a.key === key)?.value;
  if (!v) return undefined;
  return v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.boolValue ?? v.doubleValue));
}

/** Every trace kept, as the tests read them all. */
const EVERY = { name: 'parentbased_always_on', ratio: 1 } as const;

const customer = DEMO_ACCOUNTS.find((a) => a.email === 'customer@halalnosh.test')!;
const json = { origin: TEST_ORIGIN, 'content-type': 'application/json' };

describe('with OTEL_EXPORTER_OTLP_ENDPOINT unset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, opened);
  });
  afterAll(async () => t.close());

  it('never imports the tracing module and sends nothing', async () => {
    await createUser(t, { ...customer, email: 'untraced.customer@example.com' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: json,
      payload: { email: 'untraced.customer@example.com', redirectTo: '/reset-password' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.deps.background.idle();
    expect(tracing()).toBeNull();
    expect(tracingModuleLoaded()).toBe(false);
    expect(bodies).toEqual([]);
  });
});

describe('with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ traces: { endpoint, serviceName: 'halalnosh-test', sampler: EVERY } }, opened);
  });
  afterAll(async () => t.close());

  it("exports a request's span, its statements and its mail send in the caller's trace, with no personal data", async () => {
    expect(tracingModuleLoaded()).toBe(true);
    await createUser(t, customer);
    // The caller (nginx, a load balancer, a browser's tracer) started the trace.
    const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset?from=traces-test',
      headers: { ...json, traceparent: `00-${callerTrace}-${callerSpan}-01`, 'x-request-id': 'rid-traces-0001' },
      payload: { email: customer.email, redirectTo: '/reset-password' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    // The mail goes after the answer, as a background task of the request.
    await t.app.deps.background.idle();

    // The mailed link carries the reset token in its path; following it and signing in add a
    // token and cookies the spans must not carry either.
    const link = await lastLinkTo(t, customer.email);
    const token = /\/reset-password\/([^?\s]+)/.exec(link)![1];
    const follow = await t.app.inject({ method: 'GET', url: link });
    expect(follow.statusCode).toBeLessThan(400);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: json,
      payload: { email: customer.email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const cookies = signIn.cookies.map((c) => c.value);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
    });
    expect(me.statusCode).toBe(200);

    await tracing()!.flush();
    const all = spans();
    const inTrace = all.filter((s) => s.traceId === callerTrace);

    // The request: named by the pattern the router matched (better-auth's routes share one; never
    // the address or its query string), its status and request id, a child of the caller's span.
    const server = inTrace.find((s) => s.kind === 2)!;
    expect(server.name).toBe('POST /api/auth/*');
    expect(server.parentSpanId).toBe(callerSpan);
    expect(attr(server, 'http.route')).toBe('/api/auth/*');
    expect(attr(server, 'http.request.method')).toBe('POST');
    expect(attr(server, 'http.response.status_code')).toBe(200);
    expect(attr(server, 'halalnosh.request_id')).toBe('rid-traces-0001');
    expect(reset.headers['x-request-id']).toBe('rid-traces-0001');

    // Its statements (the rate limit's count before the answer) are children of it.
    const statements = inTrace.filter((s) => attr(s, 'db.system.name') === 'postgresql');
    const direct = statements.filter((s) => s.parentSpanId === server.spanId);
    expect(direct.length).toBeGreaterThan(0);
    for (const s of direct) {
      expect(attr(s, 'halalnosh.db.driver')).toBe(t.database.kind);
      expect(attr(s, 'db.operation.name')).toMatch(/^[A-Z]+$/);
    }
    expect(statements.some((s) => attr(s, 'db.collection.name') === 'verification')).toBe(true);

    // The mail send, after the answer, is in the same trace; its own statements are its children.
    const send = inTrace.find((s) => s.name === 'send email')!;
    expect(send).toBeDefined();
    expect(attr(send, 'halalnosh.notification.channel')).toBe('email');
    expect(attr(send, 'halalnosh.notification.outcome')).toBe('sent');
    expect(
      statements.some((s) => s.parentSpanId === send.spanId && attr(s, 'db.collection.name') === 'mail_outbox'),
    ).toBe(true);

    // The other requests are traces of their own, named by pattern: the token in the link's path is not in a name.
    const names = all.filter((s) => s.kind === 2).map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['GET /api/auth/*', 'POST /api/auth/*', 'GET /api/me']));

    // Nothing exported names the customer or carries a secret they were given.
    const exported = bodies.join('\n');
    const digits = (s: string) => s.replace(/\D/g, '');
    for (const secret of [
      customer.email,
      customer.name,
      customer.phone!,
      digits(customer.phone!),
      `+44${digits(customer.phone!).slice(1)}`,
      token,
      TEST_PASSWORD,
      ...cookies,
      'traces-test',
    ]) {
      expect(exported, `an exported span carries ${secret}`).not.toContain(secret);
    }
  });
});

describe('with OTEL_EXPORTER_OTLP_ENDPOINT set, the outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ traces: { endpoint, serviceName: 'halalnosh-test', sampler: EVERY } }, opened);
  });
  afterAll(async () => t.close());

  it('sends each SMS and push in a span of its own, with channel and outcome and no phone number', async () => {
    const userId = await createUser(t, { ...customer, email: 'outbox.traces@example.com' });
    await t.database.db.insert(notificationOutbox).values(
      (['sms', 'push'] as const).map((channel) => ({
        eventKind: 'ticketReply',
        eventId: `traces-test:${channel}`,
        channel,
        recipientUserId: userId,
        recipientPhone: channel === 'sms' ? customer.phone! : null,
        dedupeKey: `traces-test:${channel}|${userId}|${channel}`,
        payload: { title: 'Your ticket has a reply', text: 'We have answered your ticket.' },
      })),
    );
    const { config } = t.app.deps;
    const stop = await startOutboxWorker(
      { database: t.database, senders: createSenders({ config, db: t.database.db, log: t.app.log }), log: t.app.log },
      { intervalMs: 100 },
    );
    try {
      await vi.waitFor(
        async () => {
          const rows = await t.database.db
            .select()
            .from(notificationOutbox)
            .where(like(notificationOutbox.eventId, 'traces-test:%'));
          expect(rows.map((r) => r.status).sort()).toEqual(['sent', 'sent']);
        },
        { timeout: 30_000, interval: 100 },
      );
    } finally {
      await stop();
    }
    await tracing()!.flush();
    const all = spans();
    for (const channel of ['sms', 'push']) {
      const send = all.find((s) => s.name === `send ${channel}`)!;
      expect(send, channel).toBeDefined();
      expect(send.parentSpanId ?? '').toBe('');
      expect(attr(send, 'halalnosh.notification.channel')).toBe(channel);
      expect(attr(send, 'halalnosh.notification.outcome')).toBe('sent');
      // What the sender reads and writes (the dev outbox here) is the send's children.
      expect(all.some((s) => s.parentSpanId === send.spanId && s.traceId === send.traceId)).toBe(true);
    }
    const exported = bodies.join('\n');
    const digits = customer.phone!.replace(/\D/g, '');
    for (const secret of [customer.phone!, digits, `+44${digits.slice(1)}`, 'outbox.traces@example.com'])
      expect(exported, `an exported span carries ${secret}`).not.toContain(secret);
  });
});

describe('with OTEL_EXPORTER_OTLP_ENDPOINT set, a transaction', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ traces: { endpoint, serviceName: 'halalnosh-test', sampler: EVERY } }, opened);
  });
  afterAll(async () => t.close());

  it('traces the statements inside it as children of the span that ran it, on either database', async () => {
    await traceSend(
      'email',
      () =>
        t.database.db.transaction(async (tx) => {
          await tx.select({ id: notificationOutbox.id }).from(notificationOutbox).limit(1);
          await tx.select({ id: mailOutbox.id }).from(mailOutbox).limit(1);
        }),
      () => 'sent',
    );
    await tracing()!.flush();
    const all = spans();
    const send = all.filter((s) => s.name === 'send email').at(-1)!;
    const children = all.filter((s) => s.parentSpanId === send.spanId).map((s) => s.name);
    expect(children).toEqual(expect.arrayContaining(['SELECT notification_outbox', 'SELECT mail_outbox']));
  });
});

describe('with OTEL_EXPORTER_OTLP_ENDPOINT set and a sampler that keeps none of its own', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {
        traces: { endpoint, serviceName: 'halalnosh-sampled', sampler: { name: 'parentbased_traceidratio', ratio: 0 } },
      },
      opened,
    );
  });
  afterAll(async () => t.close());

  it('makes no span for a request it drops, and follows a caller that sampled its trace', async () => {
    const before = spans().length;
    const dropped = await t.app.inject({ method: 'GET', url: '/api/restaurants/search?location=London' });
    expect(dropped.statusCode).toBe(200);
    const notSampled = await t.app.inject({
      method: 'GET',
      url: '/api/restaurants/search?location=Leeds',
      headers: { traceparent: '00-5bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00' },
    });
    expect(notSampled.statusCode).toBe(200);
    await tracing()!.flush();
    expect(spans().slice(before)).toEqual([]);

    const callerTrace = '6bf92f3577b34da6a3ce929d0e0e4736';
    const sampled = await t.app.inject({
      method: 'GET',
      url: '/api/restaurants/search?location=Leeds',
      headers: { traceparent: `00-${callerTrace}-00f067aa0ba902b7-01` },
    });
    expect(sampled.statusCode).toBe(200);
    await tracing()!.flush();
    const traced = spans().slice(before);
    expect(traced.length).toBeGreaterThan(0);
    expect(traced.every((s) => s.traceId === callerTrace)).toBe(true);
    expect(traced.find((s) => s.kind === 2)?.name).toBe('GET /api/restaurants/search');
  });
});

describe('a statement summary', () => {
  it('names the operation and table of the statements Drizzle and we write, and nothing else of them', () => {
    expect(summarizeStatement('select "id", "email" from "user" where "user"."email" = $1')).toEqual({
      operation: 'SELECT',
      table: 'user',
    });
    expect(summarizeStatement('insert into "mail_outbox" ("to", "subject") values ($1, $2) returning "id"')).toEqual({
      operation: 'INSERT',
      table: 'mail_outbox',
    });
    expect(summarizeStatement('update "orders" set "status" = $1 where "orders"."id" = $2')).toEqual({
      operation: 'UPDATE',
      table: 'orders',
    });
    expect(summarizeStatement('  delete from "session" where "session"."user_id" = $1')).toEqual({
      operation: 'DELETE',
      table: 'session',
    });
    expect(summarizeStatement('begin')).toEqual({ operation: 'BEGIN', table: null });
    expect(summarizeStatement("select pg_notify('orders', 'x')")).toEqual({ operation: 'SELECT', table: null });
  });
});
