import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configTable, withConfigTable } from './config-table';

/** docs/operations.md#configure is generated from the schema (docs/decisions/0229-production-secret-check.md). */
describe('the configuration table', () => {
  it('in docs/operations.md is what npm run config:table writes', () => {
    const doc = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
    expect(withConfigTable(doc), 'run npm run config:table').toBe(doc);
  });

  it('has a row per variable with its default, and refuses a variable without a description', () => {
    const schema = z.object({
      A_PORT: z.coerce.number().int().default(8080).meta({ description: 'a port | with a bar' }),
      A_URL: z.url().optional().meta({ description: 'a URL' }),
      A_FLAG: z
        .enum(['0', '1'])
        .transform((v) => v === '1')
        .default(false)
        .meta({ description: 'a flag' }),
      A_KEY: z.string().optional().meta({ description: 'a key', unset: 'generated' }),
    });
    expect(configTable(schema).split('\n')).toEqual([
      '| variable | default | what it does |',
      '|---|---|---|',
      '| `A_PORT` | `8080` | a port \\| with a bar |',
      '| `A_URL` | unset | a URL |',
      '| `A_FLAG` | `false` | a flag |',
      '| `A_KEY` | generated | a key |',
    ]);
    expect(() => configTable(z.object({ B: z.string() }))).toThrow('B has no .meta({ description })');
  });
});
