import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedClient, generatedOpenApi } from './generated';

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');

describe('the files generated from the contracts', () => {
  it('src/web/lib/endpoints.generated.ts is up to date (run npm run generate:api)', () => {
    expect(read('src/web/lib/endpoints.generated.ts')).toBe(generatedClient());
  });

  it('docs/openapi.json is up to date (run npm run generate:api)', () => {
    expect(read('docs/openapi.json')).toBe(generatedOpenApi());
  });

  it('import the contracts in the browser as types only, so no zod reaches customer pages', () => {
    const client = read('src/web/lib/endpoints.generated.ts') + read('src/web/lib/call.ts');
    const imports = [...client.matchAll(/^import (type )?.* from '(.*)';$/gm)];
    for (const [line, typeOnly, from] of imports)
      if (from.includes('domain/') || from === 'zod') expect(typeOnly, line).toBe('type ');
  });
});
