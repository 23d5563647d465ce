import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, type TestApp, createTestApp, createUser, signIn } from '../test/test-app';

let t: TestApp;
let partner: string;
let customer: string;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t, { email: 'p@example.com', userType: 'partner' });
  partner = await signIn(t, 'p@example.com');
  await createUser(t, { email: 'c@example.com', userType: 'customer' });
  customer = await signIn(t, 'c@example.com');
});

const postAddress = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/addresses',
    headers: { cookie: customer, 'content-type': 'application/json', origin: TEST_ORIGIN },
    payload,
  });
afterAll(async () => t.close());

describe('error model', () => {
  it('answers bad input with 400 and a readable message in the one error shape', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/partner/brands/not-a-uuid',
      headers: { cookie: partner },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: expect.stringContaining('brandId'),
        fields: [{ in: 'params', path: 'brandId', message: expect.any(String) }],
      },
    });
  });

  // What a customer's half-filled address form sends: the old test's single bad URL segment never
  // showed that a body with several wrong fields names each of them, so a form can put each
  // message beside its own field.
  it('names every refused body field by its path, not only the first three in the message', async () => {
    const res = await postAddress({
      addressLine1: '   ',
      city: '',
      postcode: '',
      deliveryInstructions: 'Ring twice, the bell on the left is broken. '.repeat(20),
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toContain('addressLine1: Please enter the first line of the address');
    expect(error.fields).toEqual([
      { in: 'body', path: 'addressLine1', message: 'Please enter the first line of the address' },
      { in: 'body', path: 'city', message: 'Please enter the town or city' },
      { in: 'body', path: 'postcode', message: 'Please enter a valid UK postcode' },
      { in: 'body', path: 'deliveryInstructions', message: expect.stringContaining('500') },
    ]);
  });

  // "SW1A 1ZZ" looks like a postcode to the contract (a non-empty string) but is no real UK
  // postcode format a customer could mean: the handler refuses it and names the field itself.
  it('names the field a handler refuses (a postcode the server does not accept)', async () => {
    const res = await postAddress({ addressLine1: '10 Downing Street', city: 'London', postcode: 'SW1A 1Z' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Please enter a valid UK postcode',
        fields: [{ in: 'body', path: 'postcode', message: 'Please enter a valid UK postcode' }],
      },
    });
  });

  it('keeps errors that name no field free of a field list', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/addresses' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: expect.any(String) } });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('answers an unknown API path with 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('answers an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('sets security headers on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
