import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { multipartFile } from '../../test/multipart';

let t: TestApp;
const cookies: Record<string, string> = {};
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  const accounts = {
    partner: { userType: 'partner' },
    customer: { userType: 'customer', status: 'active' },
    driver: { userType: 'driver', status: 'pending' },
    otherDriver: { userType: 'driver', status: 'approved' },
    ops: { userType: 'admin', adminRole: 'ops_manager' },
    support: { userType: 'admin', adminRole: 'cs_agent' },
  } as const;
  for (const [name, a] of Object.entries(accounts)) {
    await createUser(t, { email: `${name}@example.com`, ...a });
    cookies[name] = await signIn(t, `${name}@example.com`);
  }
  png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#0a7' } })
    .png()
    .toBuffer();
});
afterAll(async () => t.close());

async function upload(who: string | null, purpose: string, data: Buffer, name = 'photo.png', type = 'image/png') {
  const m = multipartFile(data, name, type);
  return t.app.inject({
    method: 'POST',
    url: `/api/uploads?purpose=${purpose}`,
    headers: { ...m.headers, ...(who ? { cookie: cookies[who] } : {}) },
    payload: m.payload,
  });
}

describe('uploads', () => {
  it('stores a menu image resized to at most 1600 px and serves it to anyone', async () => {
    const res = await upload('partner', 'menu_image', png);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ contentType: 'image/webp', width: 1600, height: 800 });
    const get = await t.app.inject({ method: 'GET', url: body.url });
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe('image/webp');
    expect(get.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses an HTML page renamed .png with the product message', async () => {
    const res = await upload('partner', 'menu_image', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe('Please select a valid image file');
  });

  it('refuses a file over 5 MB with the product message', async () => {
    const res = await upload('partner', 'menu_image', Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('Please select an image smaller than 5MB');
  });

  it('lets only partners upload menu images and only drivers upload documents', async () => {
    expect((await upload('customer', 'menu_image', png)).statusCode).toBe(403);
    expect((await upload('partner', 'driver_document', png)).statusCode).toBe(403);
    expect((await upload(null, 'menu_image', png)).statusCode).toBe(401);
  });

  it('keeps a driver document private to its driver and the admins who manage drivers', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const res = await upload('driver', 'driver_document', pdf, 'licence.pdf', 'application/pdf');
    expect(res.statusCode).toBe(201);
    const url = res.json().url;
    const status = async (who: string | null) =>
      (await t.app.inject({ method: 'GET', url, headers: who ? { cookie: cookies[who] } : {} })).statusCode;
    expect(await status('driver')).toBe(200);
    expect(await status('ops')).toBe(200);
    expect(await status('otherDriver')).toBe(404);
    expect(await status('support')).toBe(404);
    expect(await status(null)).toBe(404);
  });

  it('answers 404 for an unknown file and 400 for a malformed id', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/uploads/6f1c2a4e-0b7d-4f5e-9a3b-2c1d0e9f8a7b' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/uploads/nope' })).statusCode).toBe(400);
  });
});
