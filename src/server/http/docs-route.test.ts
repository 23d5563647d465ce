import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t?.close());

describe('GET /api/docs', () => {
  it('answers the OpenAPI document of every registered route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    for (const r of t.app.apiRoutes) {
      const path = r.url.replace(/:([A-Za-z]+)/g, '{$1}').replace(/\*$/, '{path}');
      expect(doc.paths[path]?.[r.method.toLowerCase()], `${r.method} ${r.url}`).toBeDefined();
    }
  });

  it('refuses an unknown query parameter with a 400 naming it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/restaurants/search?city=Manchester' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('city');
  });
});
