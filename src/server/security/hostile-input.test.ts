import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Policy } from '../../domain/policies';
import type { ApiRoute } from '../app';
import {
  HOSTILE_PARAMS,
  HTML_LOOKING,
  SQL_LOOKING,
  bodyMutations,
  queryMutations,
  seeded,
} from '../test/hostile-values';
import { type Method, injectAs } from '../test/inject-as';
import { type Call, ROUTE_EXPECTATIONS, routeKey } from '../test/route-expectations';
import { type ActorName, type World, buildWorld, rowCounts } from '../test/security-world';
import { type TestApp, TEST_ORIGIN, createTestApp } from '../test/test-app';

/**
 * OWASP API8 / ASVS 5: malformed, oversized, wrong-type and unicode-edge input on every route,
 * generated from each route's zod contract by a seeded generator. Never a 500, always a 4xx in
 * the one error shape with nothing written; text that is accepted comes back as it was sent.
 */
const SEED = Number(process.env.HOSTILE_SEED ?? 20260109);
let t: TestApp;
let w: World;

beforeAll(async () => {
  // Far above what these requests need: the abuse limits have their own test (abuse-limits.test.ts).
  t = await createTestApp({
    rateLimits: {
      windowSeconds: 60,
      orders: { perIp: 100_000, perAccount: 100_000 },
      reviews: { perIp: 100_000, perAccount: 100_000 },
    },
  });
  w = await buildWorld(t);
}, 180_000);
afterAll(async () => t?.close());

/** The caller a route's policy admits, so the request reaches validation and the use case. */
function actorFor(policy: Policy): ActorName {
  switch (policy.kind) {
    case 'public':
      return 'visitor';
    case 'signedIn':
    case 'customer':
      return 'customerA';
    case 'partner':
      return 'ownerX';
    case 'driver':
      return policy.approved ? 'driver' : 'pendingDriver';
    case 'admin':
      return policy.roles === 'any' ? 'super_admin' : policy.roles[0];
  }
}

/** A real row for each kind of path parameter, so requests get past "not found". */
function paramValue(route: string, name: string): string {
  const r = w.rows;
  const byName: Record<string, string> = {
    siteId: r.siteX1,
    brandId: r.brandX,
    orderId: r.orderA.id,
    orderNumber: r.orderA.number,
    jobId: r.jobA.id,
    menuId: r.menuX,
    sectionId: r.sectionX,
    itemId: r.itemX,
    invitationId: r.invitationX,
    driverId: w.actors.pendingDriver.id!,
    kind: 'photo_id',
    key: 'support_phone',
    slug: route.startsWith('/api/cities') ? 'london' : w.shop.site.slug,
  };
  if (name === 'id') {
    if (route.includes('/addresses/')) return r.addressA;
    if (route.includes('/tickets/')) return r.ticket;
    if (route.includes('/invites/')) return r.teamInvite;
    if (route.includes('/members/')) return r.teamMember;
    if (route.includes('/uploads/')) return r.documentUpload;
  }
  return byName[name] ?? randomUUID();
}

/** The call each route starts from: its example, or its own URL with real rows and its policy's actor. */
function baseCall(route: ApiRoute): Call {
  const example = ROUTE_EXPECTATIONS[routeKey(route)]?.example;
  if (example) return example(w);
  return {
    actor: actorFor(route.policy),
    url: route.url.replace(/:([A-Za-z]+)/g, (_, n: string) => paramValue(route.url, n)).replace(/\*$/, 'get-session'),
  };
}

type Attempt = { label: string; call: Call; raw?: string; contentType?: string };

/** Every hostile request for one route. */
function attempts(route: ApiRoute, rand: () => number): Attempt[] {
  const base = baseCall(route);
  const [path, query = ''] = base.url.split('?');
  const out: Attempt[] = [];
  if (route.method !== 'GET') {
    const example = (base.payload ?? undefined) as Record<string, unknown> | undefined;
    for (const m of bodyMutations(route.schema?.body, example, rand, 1)) {
      const fresh = baseCall(route);
      out.push({
        label: m.label,
        call: { ...fresh, url: base.url, payload: m.raw ?? m.body },
        raw: m.raw,
        contentType: m.contentType,
      });
    }
  }
  if (route.schema?.querystring || query) {
    for (const q of queryMutations(route.schema?.querystring, new URLSearchParams(query), rand, 2))
      out.push({ label: q.label, call: { ...baseCall(route), url: `${path}?${q.query}` } });
  }
  const params = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
  for (const param of params) {
    for (const value of HOSTILE_PARAMS) {
      const url = route.url.replace(/:([A-Za-z]+)/g, (_, n: string) =>
        n === param ? value : paramValue(route.url, n),
      );
      out.push({
        label: `:${param}=${value.slice(0, 30)}`,
        call: { ...baseCall(route), url: query ? `${url}?${query}` : url },
      });
    }
  }
  if (route.schema?.headers) {
    for (const value of ['', 'a', 'x'.repeat(101), ' '.repeat(20), "'; drop table orders;--"]) {
      for (const header of ['idempotency-key', 'x-order-token'])
        out.push({
          label: `${header}=${value.slice(0, 20)}`,
          call: { ...baseCall(route), headers: { ...(base.headers ?? {}), [header]: value } },
        });
    }
  }
  return out;
}

const isErrorShape = (body: unknown) => {
  const e = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof e?.code === 'string' && typeof e?.message === 'string' && e.message.length > 0;
};

describe('text that looks like SQL or HTML', () => {
  const nasty = [...SQL_LOOKING, ...HTML_LOOKING, 'مرحبا \u202E<b>x</b> 😀 \u200B'];

  it('comes back byte-identical in a review comment, and the tables are still there', async () => {
    for (const comment of nasty) {
      const res = await injectAs(w, 'PUT', {
        actor: 'customerB',
        url: `/api/restaurants/${w.rows.siteX1}/reviews/mine`,
        payload: { rating: 4, comment },
      });
      expect(res.status, res.body).toBe(200);
      expect((res.json() as { review: { comment: string } }).review.comment).toBe(comment);
      const list = (
        await injectAs(w, 'GET', { actor: 'visitor', url: `/api/restaurants/${w.rows.siteX1}/reviews` })
      ).json() as { reviews: { comment: string }[] };
      expect(list.reviews.map((r) => r.comment)).toContain(comment);
    }
    const tables = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from orders`);
    expect(tables.rows[0].n).toBeGreaterThan(0);
  });

  it("comes back byte-identical in an address, an order's instructions and a city suggestion", async () => {
    const text = "'); drop table orders;-- <script>alert(1)</script>";
    const address = await injectAs(w, 'POST', {
      actor: 'customerB',
      url: '/api/account/addresses',
      payload: { label: text, addressLine1: text, city: 'London', postcode: 'E1 6AN', deliveryInstructions: text },
    });
    expect(address.status, address.body).toBe(201);
    expect((address.json() as { address: Record<string, string> }).address).toMatchObject({
      label: text,
      addressLine1: text,
      deliveryInstructions: text,
    });
    const call = ROUTE_EXPECTATIONS['POST /api/orders'].example!(w);
    const order = await injectAs(w, 'POST', {
      ...call,
      actor: 'customerB',
      payload: { ...(call.payload as object), customerName: text, deliveryAddress: text, deliveryInstructions: text },
    });
    expect(order.status, order.body).toBe(201);
    const seen = (
      await injectAs(w, 'GET', {
        actor: 'customerB',
        url: `/api/orders/${(order.json() as { order: { orderNumber: string } }).order.orderNumber}`,
      })
    ).json() as {
      order: { contact: { name: string }; delivery: { address: string; instructions: string } };
    };
    expect(seen.order.contact.name).toBe(text);
    expect(seen.order.delivery).toMatchObject({ address: text, instructions: text });
    const suggestion = await injectAs(w, 'POST', {
      actor: 'visitor',
      url: '/api/city-suggestions',
      payload: { city: "Bradford'); drop table cities;--" },
    });
    expect(suggestion.status).toBe(201);
    expect((await injectAs(w, 'GET', { actor: 'visitor', url: '/api/cities' })).status).toBe(200);
  });

  it('is served as JSON, never as a page a browser would render', async () => {
    const res = await injectAs(w, 'GET', { actor: 'visitor', url: `/api/restaurants/${w.rows.siteX1}/reviews` });
    expect(res.res!.headers['content-type']).toMatch(/^application\/json/);
    expect(res.res!.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('body size', () => {
  it('refuses a 1 MB JSON body with 413 in the error shape on every route that takes a body', async () => {
    const big = JSON.stringify({ filler: 'x'.repeat(1024 * 1024) });
    const failures: string[] = [];
    const writes = t.app.apiRoutes.filter((r) => r.method !== 'GET');
    for (const route of writes) {
      const call = baseCall(route);
      const res = await injectAs(
        w,
        route.method as Method,
        { ...call, payload: big },
        { extraHeaders: { 'content-type': 'application/json', origin: TEST_ORIGIN } },
      );
      if (res.status !== 413 || !isErrorShape(res.json()))
        failures.push(`${route.method} ${route.url}: ${res.status} ${res.body.slice(0, 100)}`);
    }
    expect(failures).toEqual([]);
    expect(writes.length).toBeGreaterThan(40);
  });
});

// Last: the fuzz changes the world (names, menus) for whatever runs after it.
describe('hostile input on every route', () => {
  it('never answers 500, always a 4xx in the error shape, and a refused request writes nothing', async () => {
    const rand = seeded(SEED);
    const failures: string[] = [];
    const accepted: string[] = [];
    let sent = 0;
    // Deleting routes last, so the rows the others need are still there.
    const routes = [...t.app.apiRoutes].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    // Row counts are taken again only after a request was accepted, so each refusal costs one count.
    let counts = await rowCounts(t);
    for (const route of routes) {
      for (const a of attempts(route, rand)) {
        sent++;
        const write = route.method !== 'GET';
        const contentType =
          a.contentType ?? (a.raw !== undefined || a.call.payload !== undefined ? 'application/json' : undefined);
        const res = await injectAs(w, route.method as Method, a.call, {
          timeoutMs: 10_000,
          extraHeaders: contentType ? { 'content-type': contentType } : {},
        });
        const where = `${route.method} ${route.url} [${a.label}]`;
        if (res.status === 0 || res.status >= 500) {
          failures.push(`${where}: ${res.status} ${res.body.slice(0, 200)}`);
          if (write) counts = await rowCounts(t);
          continue;
        }
        if (res.status >= 400) {
          let body: unknown = null;
          try {
            body = res.json();
          } catch {
            // not JSON
          }
          if (!isErrorShape(body))
            failures.push(`${where}: ${res.status} without the error shape: ${res.body.slice(0, 120)}`);
          if (/\n\s+at |node_modules|\.ts:\d+/.test(res.body)) failures.push(`${where}: leaks a stack trace`);
          if (write) {
            const after = await rowCounts(t);
            const grew = Object.keys(after).filter((k) => after[k] !== counts[k]);
            if (grew.length) failures.push(`${where}: refused with ${res.status} but changed ${grew.join(', ')}`);
            counts = after;
          }
        } else {
          accepted.push(where);
          if (write) counts = await rowCounts(t);
        }
      }
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(sent).toBeGreaterThan(1500);
    // The generator must reach the use cases, not only the validators.
    expect(accepted.length).toBeGreaterThan(50);
  }, 600_000);
});
