import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../domain/contracts/endpoints';
import { endpointAudience, generatedClients, generatedOpenApi } from './generated';

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const clients = generatedClients();

describe('the files generated from the contracts', () => {
  it.each(Object.keys(clients))('%s is up to date (run npm run generate:api)', (file) => {
    expect(read(file)).toBe(clients[file]);
  });

  it('no stale endpoint table is left in src/web/lib (run npm run generate:api, delete the rest)', () => {
    const onDisk = readdirSync(new URL('../../web/lib/', import.meta.url))
      .filter((f) => /^endpoints.*\.generated\.ts$/.test(f))
      .map((f) => `src/web/lib/${f}`);
    expect(onDisk.sort()).toEqual(Object.keys(clients).sort());
  });

  it('every endpoint is in exactly one table', () => {
    const all = Object.values(clients).join('\n');
    for (const [area, group] of Object.entries(ENDPOINTS))
      for (const [name, e] of Object.entries(group))
        expect(all.split(`    ${name}: '${e.method} ${e.path}',`).length - 1, `${area}.${name}`).toBe(1);
  });

  it('keeps the lazily loaded audiences out of the shared table the landing pages load', () => {
    const shared = clients['src/web/lib/endpoints.generated.ts'];
    expect(shared).not.toMatch(/'(GET|POST|PUT|PATCH|DELETE) \/api\/(admin|partner|driver|group-orders)[/']/);
    expect(endpointAudience('vouchers', { method: 'GET', path: '/api/admin/vouchers' } as never)).toBe('admin');
    expect(endpointAudience('groupOrders', { method: 'POST', path: '/api/group-orders' } as never)).toBe(
      'group-orders',
    );
    expect(endpointAudience('catalog', { method: 'GET', path: '/api/cities' } as never)).toBe('shared');
  });

  it('docs/openapi.json is up to date (run npm run generate:api)', () => {
    expect(read('docs/openapi.json')).toBe(generatedOpenApi());
  });

  it('import the contracts in the browser as types only, so no zod reaches customer pages', () => {
    const client = Object.keys(clients).map(read).join('\n') + read('src/web/lib/call.ts');
    const imports = [...client.matchAll(/^import (type )?.* from '(.*)';$/gm)];
    for (const [line, typeOnly, from] of imports)
      if (from.includes('domain/') || from === 'zod') expect(typeOnly, line).toBe('type ');
  });
});
