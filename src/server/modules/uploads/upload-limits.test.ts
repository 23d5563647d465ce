import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/index';
import { multipartFile } from '../../test/multipart';
import { type TestApp, createTestApp, createUser, signIn, testConfig } from '../../test/test-app';

/**
 * Uploads are limited per client IP and per account, counted in the database so every server
 * process counts together (docs/decisions/0205-upload-limits-and-sweeping.md).
 */
const LIMIT = { perIp: 3, perAccount: 2 };
const overrides = () => ({
  rateLimits: {
    windowSeconds: 60,
    orders: { perIp: 100, perAccount: 100 },
    reviews: { perIp: 100, perAccount: 100 },
  },
  uploads: { ...testConfig().uploads, limit: LIMIT },
});

let t: TestApp;
const cookies: Record<string, string> = {};
let photo: Buffer;

beforeAll(async () => {
  t = await createTestApp(overrides());
  for (const name of ['amina', 'bilal', 'chen', 'dawud', 'esra', 'farah', 'ghazala']) {
    await createUser(t, { email: `${name}@example.com`, userType: 'driver', status: 'pending' });
    cookies[name] = await signIn(t, `${name}@example.com`);
  }
  photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#1f618d' } })
    .jpeg()
    .toBuffer();
}, 120_000);
afterAll(async () => t?.close());

function send(who: string, ip: string, app: TestApp = t) {
  const m = multipartFile(photo, 'licence.jpg', 'image/jpeg');
  return app.app.inject({
    method: 'POST',
    url: '/api/uploads?purpose=driver_document',
    headers: { ...m.headers, cookie: cookies[who], 'x-forwarded-for': ip },
    payload: m.payload,
  });
}

/** Rows in the uploads table and files under the upload folder. */
async function stored() {
  const rows = (await t.database.db.select({ id: uploads.id }).from(uploads)).length;
  const dir = t.app.deps.config.uploads.dir;
  const files = (await readdir(dir, { recursive: true }).catch(() => [] as string[])).filter((f) => /\.\w+$/.test(f));
  return { rows, files: files.length };
}

describe('upload limits', () => {
  it('refuse an account past its limit with 429 and Retry-After, whichever IP it comes from, and store nothing', async () => {
    expect((await send('amina', '198.51.100.1')).statusCode).toBe(201);
    expect((await send('amina', '198.51.100.2')).statusCode).toBe(201);
    const before = await stored();
    const refused = await send('amina', '198.51.100.3');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Too many requests. Please wait a few minutes and try again.' },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await stored()).toEqual(before);
    // Another account is not punished.
    expect((await send('bilal', '198.51.100.4')).statusCode).toBe(201);
  });

  it('refuse an IP past its limit whichever account uploads', async () => {
    const ip = '198.51.100.20';
    for (const who of ['chen', 'dawud', 'esra']) expect((await send(who, ip)).statusCode).toBe(201);
    const before = await stored();
    const refused = await send('farah', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await stored()).toEqual(before);
    expect((await send('farah', '198.51.100.21')).statusCode).toBe(201);
  });

  it('are counted across server processes sharing the database', async () => {
    const second = await createTestApp(overrides(), { database: t.database, url: t.url });
    try {
      expect((await send('ghazala', '198.51.100.30')).statusCode).toBe(201);
      expect((await send('ghazala', '198.51.100.31', second)).statusCode).toBe(201);
      expect((await send('ghazala', '198.51.100.32', second)).statusCode).toBe(429);
      expect((await send('ghazala', '198.51.100.33')).statusCode).toBe(429);
    } finally {
      await second.app.close();
    }
  });
});
