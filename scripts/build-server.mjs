// The server's build (the last step of `npm run build`): our TypeScript bundled by esbuild into build/server/, the
// packages left to Node (a production install has them), so production runs `node build/server/main.mjs` with
// neither esbuild nor tsx installed (docs/decisions/0226-server-bundled-at-build-time.md). Three entries share
// their chunks: main.mjs (the server), create-admin.mjs (`npm run create-admin`) and backup.mjs (`npm run backup`
// and `npm run restore`).
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'build', 'server');

/**
 * Files the server reads beside its own module (new URL('./…', import.meta.url)): in a bundle that module is a chunk
 * at the top of build/server/, so each folder is copied there.
 */
const BESIDE = [
  ['src/server/db/migrations', 'migrations'], // db/client.ts
  ['src/server/db/pglite-worker.mjs', 'pglite-worker.mjs'], // db/pglite-thread.ts
  ['src/server/modules/driver/modulus-data', 'modulus-data'], // modules/driver/bank-account.ts
  ['src/server/db/seed/assets', 'assets'], // db/seed/seed-dish-extras.ts
];

export async function buildServer() {
  rmSync(outdir, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: {
      main: 'src/server/main.ts',
      'create-admin': 'src/server/cli/create-admin-command.ts',
      backup: 'src/server/cli/backup-command.ts',
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  for (const [from, to] of BESIDE) cpSync(path.join(root, from), path.join(outdir, to), { recursive: true });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildServer();
