import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { POLICIES } from '../policies';
import { type EndpointInput, type EndpointResponse, api, endpoint, raw } from './endpoint';
import { summaryOf } from './openapi';

const params = z.strictObject({ jobId: z.uuid() });
const body = z.strictObject({ note: z.string() });
const answer = z.object({ ok: z.literal(true) });

describe('api()', () => {
  it('declares the same endpoint as the endpoint({...}) form', () => {
    const compact = api('POST /api/driver/jobs/:jobId/note', POLICIES.approvedDriver)
      .takes({ params, body })
      .answers({ 200: answer });
    const literal = endpoint({
      method: 'POST',
      path: '/api/driver/jobs/:jobId/note',
      policy: POLICIES.approvedDriver,
      params,
      body,
      responses: { 200: answer },
    });
    expect(compact).toEqual(literal);
    expectTypeOf(compact.method).toEqualTypeOf<'POST'>();
    expectTypeOf(compact.path).toEqualTypeOf<'/api/driver/jobs/:jobId/note'>();
    expectTypeOf<EndpointInput<typeof compact>['body']>().toEqualTypeOf<{ note: string }>();
    expectTypeOf<EndpointResponse<typeof compact>>().toEqualTypeOf<{ ok: true }>();
  });

  it('keeps a hand-written summary and the auth mount, and adds no request part it was not given', () => {
    const e = api('GET /api/me', POLICIES.public).answers(
      { 200: raw('passthrough', 'application/json', 'Who') },
      { summary: 'Who is signed in', servedBy: 'auth-mount' },
    );
    expect(e).toEqual({
      method: 'GET',
      path: '/api/me',
      policy: POLICIES.public,
      summary: 'Who is signed in',
      servedBy: 'auth-mount',
      responses: { 200: { kind: 'passthrough', contentType: 'application/json', description: 'Who' } },
    });
    expect(Object.keys(e)).not.toContain('params');
  });

  it('takes a hand-written summary as its own step', () => {
    const e = api('GET /api/me', POLICIES.public).summary('Who is signed in').answers({ 200: answer });
    expect(e).toEqual({
      method: 'GET',
      path: '/api/me',
      policy: POLICIES.public,
      summary: 'Who is signed in',
      responses: { 200: answer },
    });
  });

  it('names an endpoint without a summary by its name in words', () => {
    expect(summaryOf('getDriverJobsByJobId')).toBe('Get driver jobs by job id');
  });
});
