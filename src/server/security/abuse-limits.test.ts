import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, reviews } from '../db/schema/index';
import { type Shop, deliveryBody, newKey, seedShop } from '../modules/orders/test-fixtures';
import { hit } from '../plugins/rate-limit';
import { multipartFile } from '../test/multipart';
import { type TestApp, TEST_ORIGIN, createTestApp, createUser, signIn } from '../test/test-app';

/**
 * OWASP API4 (unrestricted resource consumption) and API6 (sensitive business flows): orders and
 * reviews are limited per IP and per account with 429 and Retry-After, across processes; the
 * client IP cannot be chosen by the client; uploads are judged by content, capped and served safely.
 */
const LIMITS = { windowSeconds: 60, orders: { perIp: 3, perAccount: 2 }, reviews: { perIp: 3, perAccount: 2 } };
let t: TestApp;
let shop: Shop;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ rateLimits: LIMITS });
  shop = await seedShop(t);
  for (const name of ['amina', 'bilal', 'chen']) {
    await createUser(t, { email: `${name}@example.com`, userType: 'customer', status: 'active' });
    cookies[name] = await signIn(t, `${name}@example.com`);
  }
  for (const name of ['driver', 'other']) {
    await createUser(t, { email: `${name}@example.com`, userType: 'driver', status: 'pending' });
    cookies[name] = await signIn(t, `${name}@example.com`);
  }
  await createUser(t, { email: 'support@example.com', userType: 'admin', adminRole: 'cs_agent' });
  cookies.support = await signIn(t, 'support@example.com');
  await createUser(t, { email: 'ops@example.com', userType: 'admin', adminRole: 'ops_manager' });
  cookies.ops = await signIn(t, 'ops@example.com');
}, 120_000);
afterAll(async () => t?.close());

type From = { ip?: string; peer?: string; cookie?: string };

function order(from: From, app: TestApp = t) {
  return app.app.inject({
    method: 'POST',
    url: '/api/orders',
    remoteAddress: from.peer,
    headers: {
      'idempotency-key': newKey(),
      ...(from.ip ? { 'x-forwarded-for': from.ip } : {}),
      ...(from.cookie ? { cookie: from.cookie } : {}),
    },
    payload: deliveryBody(shop),
  });
}

function review(from: From, rating: number) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/restaurants/${shop.site.id}/reviews/mine`,
    remoteAddress: from.peer,
    headers: { cookie: from.cookie!, ...(from.ip ? { 'x-forwarded-for': from.ip } : {}) },
    payload: { rating },
  });
}

async function orderCount() {
  return (await t.database.db.select({ id: orders.id }).from(orders)).length;
}

describe('order placement', () => {
  it('is limited per IP with 429, Retry-After and nothing written; another IP is not punished', async () => {
    const ip = '198.51.100.1';
    for (let i = 0; i < 3; i++) expect((await order({ ip })).statusCode).toBe(201);
    const before = await orderCount();
    const refused = await order({ ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: expect.stringContaining('Too many requests') },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await orderCount()).toBe(before);
    expect((await order({ ip: '198.51.100.2' })).statusCode).toBe(201);
  });

  it('is limited per account whichever IP the customer comes from', async () => {
    expect((await order({ ip: '198.51.100.10', cookie: cookies.amina })).statusCode).toBe(201);
    expect((await order({ ip: '198.51.100.11', cookie: cookies.amina })).statusCode).toBe(201);
    const refused = await order({ ip: '198.51.100.12', cookie: cookies.amina });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await order({ ip: '198.51.100.13', cookie: cookies.bilal })).statusCode).toBe(201);
  });

  it('counts across server processes sharing the database', async () => {
    const second = await createTestApp({ rateLimits: LIMITS }, { database: t.database, url: t.url });
    try {
      const ip = '198.51.100.20';
      expect((await order({ ip })).statusCode).toBe(201);
      expect((await order({ ip }, second)).statusCode).toBe(201);
      expect((await order({ ip })).statusCode).toBe(201);
      expect((await order({ ip }, second)).statusCode).toBe(429);
    } finally {
      await second.app.close();
    }
  });

  it('gives exactly the limit when many requests race for the last slots', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, () => hit(t.database.db, 'halalnosh:test:race', 5, 60)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('opens a new window once the old one has passed', async () => {
    const start = Date.now();
    expect((await hit(t.database.db, 'halalnosh:test:window', 1, 60, start)).allowed).toBe(true);
    expect((await hit(t.database.db, 'halalnosh:test:window', 1, 60, start + 1000)).allowed).toBe(false);
    expect((await hit(t.database.db, 'halalnosh:test:window', 1, 60, start + 61_000)).allowed).toBe(true);
  });
});

describe('the client IP', () => {
  it('is the connecting address for a client on the internet, whatever X-Forwarded-For claims', async () => {
    const peer = '203.0.113.9';
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await order({ peer, ip: `192.0.2.${i + 1}` })).statusCode);
    expect(codes).toEqual([201, 201, 201, 429]);
  });

  it('is the address our own proxy saw, not one the client put in front of it', async () => {
    const peer = '10.0.0.2';
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await order({ peer, ip: `192.0.2.${100 + i}, 198.51.100.77` })).statusCode);
    expect(codes).toEqual([201, 201, 201, 429]);
  });

  // better-auth's own limits, on an app sharing this database with a sign-in limit of 3 a minute.
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ rateLimits: LIMITS, signInLimitPerMinute: 3 }, { database: t.database, url: t.url });
  });
  afterAll(async () => strict?.app.close());

  it('cannot be rotated to get round the sign-in limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await strict.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '203.0.113.50',
        headers: { origin: TEST_ORIGIN, 'x-forwarded-for': `192.0.2.${i + 10}` },
        payload: { email: 'amina@example.com', password: 'wrong-password' },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
    expect(codes[4]).toBe(429);
  });

  it('limits sign-up and password reset too, with Retry-After', async () => {
    const signUps: number[] = [];
    let retry: unknown;
    for (let i = 0; i < 5; i++) {
      const res = await strict.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: '203.0.113.51',
        headers: { origin: TEST_ORIGIN },
        payload: { name: 'Spam', email: `spam${i}@example.com`, password: 'a-long-password' },
      });
      signUps.push(res.statusCode);
      retry ??= res.headers['retry-after'];
    }
    expect(signUps.at(-1)).toBe(429);
    expect(Number(retry)).toBeGreaterThan(0);
    const resets: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await strict.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        remoteAddress: '203.0.113.52',
        headers: { origin: TEST_ORIGIN },
        payload: { email: 'amina@example.com', redirectTo: '/reset-password' },
      });
      resets.push(res.statusCode);
    }
    expect(resets.at(-1)).toBe(429);
  });
});

describe('review writes', () => {
  it('are limited per account and per IP, and a refused write leaves the review as it was', async () => {
    for (const rating of [5, 4])
      expect((await review({ cookie: cookies.chen, ip: `198.51.100.${30 + rating}` }, rating)).statusCode).toBe(200);
    const refused = await review({ cookie: cookies.chen, ip: '198.51.100.40' }, 1);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.siteId, shop.site.id));
    expect(row.rating).toBe(4);
    const ip = '198.51.100.50';
    expect((await review({ cookie: cookies.amina, ip }, 5)).statusCode).toBe(200);
    expect((await review({ cookie: cookies.bilal, ip }, 5)).statusCode).toBe(200);
    expect((await review({ cookie: cookies.amina, ip }, 4)).statusCode).toBe(200);
    expect((await review({ cookie: cookies.bilal, ip }, 3)).statusCode).toBe(429);
  });
});

describe('halal concerns', () => {
  it('are limited per IP like the other feedback that raises tickets, and a refused one raises none', async () => {
    const concern = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/restaurants/${shop.site.slug}/halal-concerns`,
        remoteAddress: ip,
        payload: { message: 'The menu says halal but the staff said otherwise.' },
      });
    const ip = '198.51.100.77';
    for (let i = 0; i < LIMITS.reviews.perIp; i++) expect((await concern(ip)).statusCode).toBe(201);
    const refused = await concern(ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await concern('198.51.100.78')).statusCode).toBe(201);
  });
});

describe('uploads', () => {
  const send = (cookie: string, data: Buffer, name: string, type: string, purpose = 'driver_document') => {
    const m = multipartFile(data, name, type);
    return t.app.inject({
      method: 'POST',
      url: `/api/uploads?purpose=${purpose}`,
      headers: { ...m.headers, cookie },
      payload: m.payload,
    });
  };

  it('are judged by their content: HTML, SVG with script and a GIF-headed page named .png are refused', async () => {
    for (const [body, name] of [
      ['<html><script>alert(1)</script></html>', 'photo.png'],
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'logo.png'],
      ['GIF89a<html><script>alert(1)</script></html>', 'photo.png'],
    ]) {
      const res = await send(cookies.driver, Buffer.from(body), name, 'image/png');
      expect([400, 415], `${name}: ${res.body}`).toContain(res.statusCode);
    }
  });

  it('refuse more than 5 MB with 413', async () => {
    const res = await send(
      cookies.driver,
      Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5 * 1024 * 1024 + 1)]),
      'big.pdf',
      'application/pdf',
    );
    expect(res.statusCode).toBe(413);
  });

  it('are served with their real type, nosniff, a sandboxing policy and no caching of private files', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const image = (await send(cookies.driver, png, 'page.html', 'text/html')).json();
    const res = await t.app.inject({ method: 'GET', url: image.url, headers: { cookie: cookies.driver } });
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // The route's own policy, not the app's page policy (the app's onSend hook once overwrote it).
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = (
      await send(
        cookies.driver,
        Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'),
        'doc.pdf',
        'application/pdf',
      )
    ).json();
    const doc = await t.app.inject({ method: 'GET', url: pdf.url, headers: { cookie: cookies.driver } });
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.headers['content-disposition']).toMatch(/^inline; filename="document.pdf"$/);
  });

  it('check who asks on every fetch of a private document: signed out, another driver or the wrong admin get 404', async () => {
    const pdf = (await send(cookies.other, Buffer.from('%PDF-1.4\n%%EOF'), 'id.pdf', 'application/pdf')).json();
    const get = (cookie?: string) => t.app.inject({ method: 'GET', url: pdf.url, headers: cookie ? { cookie } : {} });
    expect((await get(cookies.other)).statusCode).toBe(200);
    expect((await get(cookies.ops)).statusCode).toBe(200);
    expect((await get(cookies.driver)).statusCode).toBe(404);
    expect((await get(cookies.support)).statusCode).toBe(404);
    expect((await get()).statusCode).toBe(404);
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: cookies.other, origin: TEST_ORIGIN },
    });
    expect(signOut.statusCode).toBe(200);
    expect((await get(cookies.other)).statusCode).toBe(404);
  });
});
