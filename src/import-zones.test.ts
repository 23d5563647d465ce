import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The import zones of eslint.config.js, tried on made-up files: a regex that stops matching would
// let every forbidden import through silently, and lint would still pass (docs/decisions/0110-platform-and-module-boundaries.md).
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint();
});

/** The no-restricted-imports messages for one import line placed in a file at `path` (which need not exist). */
async function refusals(path: string, importLine: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${importLine}\nexport const used = [x];\n`, { filePath: path });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('server modules meet only through their index.ts', () => {
  it.each([
    ['src/server/modules/driver/x.ts', "import { x } from '../orders/transition-order';"],
    ['src/server/modules/admin/team/x.ts', "import { x } from '../../audit/record-audit';"],
    ['src/server/jobs/x.ts', "import { x } from '../modules/tickets/create-ticket';"],
    ['src/server/db/seed/x.ts', "import { x } from '../../modules/uploads/store-upload';"],
    ['src/server/plugins/x.ts', "export { x } from '../modules/auth/resolve-actor';"],
  ])('%s refuses: %s', async (path, line) => {
    expect(await refusals(path, line)).toEqual([expect.stringContaining('public index.ts')]);
  });

  it.each([
    ['src/server/modules/driver/x.ts', "import { x } from '../orders';"],
    ['src/server/modules/admin/team/x.ts', "import { x } from '../../audit/index';"],
    ['src/server/modules/admin/team/x.ts', "import { x } from '../team-routes';"],
    ['src/server/modules/driver/x.ts', "import { x } from '../../db/client';"],
    ['src/server/modules/driver/x.ts', "import { x } from '../../../domain/money';"],
    ['src/server/jobs/x.ts', "import { x } from '../modules/tickets';"],
    ['src/server/app.ts', "import { x } from './modules/orders/routes';"],
    ['src/server/modules/driver/x.test.ts', "import { x } from '../orders/test-fixtures';"],
  ])('%s allows: %s', async (path, line) => {
    expect(await refusals(path, line)).toEqual([]);
  });

  it("refuses a module's own index from inside the module", async () => {
    expect(await refusals('src/server/modules/orders/x.ts', "import { x } from '.';")).toHaveLength(1);
    expect(await refusals('src/server/modules/admin/team/x.ts', "import { x } from '../index';")).toHaveLength(1);
  });
});

describe('platform knows no module', () => {
  it('refuses a module, a job, a plugin and the app, and allows the database', async () => {
    for (const target of ['../modules/geo', '../jobs/late-orders', '../plugins/auth', '../app'])
      expect(await refusals('src/server/platform/x.ts', `import { x } from '${target}';`)).toHaveLength(1);
    expect(await refusals('src/server/platform/x.ts', "import { x } from '../db/client';")).toEqual([]);
  });
});

describe('the domain imports only domain files and zod', () => {
  it.each(['node:fs', 'fs', 'redis', 'sharp', 'drizzle-orm', 'react', 'vitest'])('refuses %s', async (name) => {
    expect(await refusals('src/domain/x.ts', `import { x } from '${name}';`)).toHaveLength(1);
  });

  it('refuses a type-only import of a framework too', async () => {
    expect(await refusals('src/domain/x.ts', "import type { x } from 'fastify';")).toHaveLength(1);
  });

  it('allows zod, relative domain files, and vitest and fast-check in its tests', async () => {
    expect(await refusals('src/domain/x.ts', "import { x } from 'zod';")).toEqual([]);
    expect(await refusals('src/domain/contracts/orders/x.ts', "import { x } from '../../money';")).toEqual([]);
    expect(await refusals('src/domain/x.test.ts', "import { x } from 'vitest';")).toEqual([]);
    expect(await refusals('src/domain/x.test.ts', "import fc from 'fast-check';")).toEqual([]);
    expect(await refusals('src/domain/x.ts', "import fc from 'fast-check';")).toHaveLength(1);
  });

  it('refuses the server and the web app', async () => {
    expect(await refusals('src/domain/x.ts', "import { x } from '../server/app';")).toHaveLength(1);
    expect(await refusals('src/domain/x.ts', "import { x } from '../web/lib/api';")).toHaveLength(1);
  });
});

describe('the UI kit and the web library know no audience', () => {
  it.each([
    ['src/web/ui/x.tsx', "import { x } from '../partner/partner-api';"],
    ['src/web/ui/map/x.tsx', "import { x } from '../../customer/cart';"],
    ['src/web/lib/x.ts', "import { x } from '../admin/admin-api';"],
    ['src/web/lib/x.ts', "import type { x } from '../driver/driver-api';"],
    ['src/web/lib/x.ts', "import { x } from '../app/router';"],
    ['src/web/ui/x.tsx', "import { x } from '../../server/app';"],
  ])('%s refuses: %s', async (path, line) => {
    expect(await refusals(path, line)).toHaveLength(1);
  });

  it('allows the kit, the library and the domain', async () => {
    expect(await refusals('src/web/ui/x.tsx', "import { x } from '../lib/cn';")).toEqual([]);
    expect(await refusals('src/web/lib/x.ts', "import { x } from '../ui/button';")).toEqual([]);
    expect(await refusals('src/web/ui/x.tsx', "import type { x } from '../../domain/live-events';")).toEqual([]);
    expect(await refusals('src/web/partner/x.tsx', "import { x } from '../ui/field';")).toEqual([]);
  });
});

describe('the server rendering of the web app is web code', () => {
  it('refuses the server, even though the server runs it (it loads the built bundle by path)', async () => {
    expect(await refusals('src/web/ssr/x.tsx', "import { x } from '../../server/app';")).toHaveLength(1);
    expect(await refusals('src/web/ssr/x.tsx', "import type { x } from '../../domain/server-render';")).toEqual([]);
  });
});

describe('the web names no API path by hand', () => {
  /** The no-restricted-syntax messages for one line of code in a file at `path`. */
  async function pathRefusals(path: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(`${code}\n`, { filePath: path });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  }

  it.each([
    ['src/web/admin/x.tsx', "export const u = '/api/admin/team';"],
    ['src/web/partner/x.tsx', 'export const u = (id: string) => `/api/partner/sites/${id}`;'],
    ['src/web/lib/x.ts', 'export const u = "/api";'],
  ])('%s refuses: %s', async (path, code) => {
    expect(await pathRefusals(path, code)).toEqual([expect.stringContaining('call(endpoints.')]);
  });

  it('allows the generated endpoint tables, tests, and other paths', async () => {
    expect(await pathRefusals('src/web/lib/endpoints.generated.ts', "export const u = '/api/me';")).toEqual([]);
    expect(await pathRefusals('src/web/lib/endpoints-admin.generated.ts', "export const u = '/api/admin/x';")).toEqual(
      [],
    );
    expect(await pathRefusals('src/web/lib/x.test.ts', "export const u = '/api/me';")).toEqual([]);
    expect(await pathRefusals('src/web/admin/x.tsx', "export const u = '/admin/api/x';")).toEqual([]);
  });
});
