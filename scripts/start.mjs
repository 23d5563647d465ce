// npm start: builds the web app when dist/ or dist-ssr/ is missing or older than its sources, then serves
// API and app from one process (embedded database with demo data unless configured otherwise).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

// Both builds of `npm run build`: the browser's (dist/) and the server rendering of the customer
// pages (dist-ssr/, docs/decisions/0177-server-rendered-customer-pages.md).
const built = [path.join(root, 'dist', 'index.html'), path.join(root, 'dist-ssr', 'entry-server.js')];
const sources = ['src/web', 'src/domain', 'public', 'index.html', 'vite.config.ts', 'vite.ssr.config.ts'].map((p) =>
  path.join(root, p),
);
const stale =
  built.some((file) => !existsSync(file)) ||
  Math.max(...sources.map(newest)) > Math.min(...built.map((file) => statSync(file).mtimeMs));
if (stale) {
  console.log('Building the web app (first start, or its sources changed)...');
  for (const args of [
    ['build', '--logLevel', 'warn'],
    ['build', '--config', 'vite.ssr.config.ts', '--logLevel', 'warn'],
  ]) {
    const result = spawnSync(bin('vite'), args, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

// The server runs from one bundled file (our TypeScript compiled by esbuild, packages left to Node),
// rebuilt when its sources change: Node then loads it without tsx's per-module hooks, which take most
// of a start-up. When the bundle cannot be made, the server runs from source under tsx as before.
const bundleDir = path.join(root, 'build', 'server');
const bundle = path.join(bundleDir, 'main.mjs');
const serverSources = ['src/server', 'src/domain', 'package-lock.json'].map((p) => path.join(root, p));
async function bundleServer() {
  if (existsSync(bundle) && Math.max(...serverSources.map(newest)) <= statSync(bundle).mtimeMs) return true;
  try {
    const esbuild = await import('esbuild');
    rmSync(bundleDir, { recursive: true, force: true });
    await esbuild.build({
      entryPoints: [path.join(root, 'src/server/main.ts')],
      outdir: bundleDir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      sourcemap: true,
      logLevel: 'warning',
    });
    // db/client.ts finds its migrations, and db/pglite-thread.ts the embedded database's thread
    // script, beside itself (import.meta.url): beside the bundle here.
    cpSync(path.join(root, 'src/server/db/migrations'), path.join(bundleDir, 'migrations'), { recursive: true });
    cpSync(path.join(root, 'src/server/db/pglite-worker.mjs'), path.join(bundleDir, 'pglite-worker.mjs'));
    return true;
  } catch (err) {
    console.warn(`Could not bundle the server (${err instanceof Error ? err.message : err}); running it from source.`);
    rmSync(bundleDir, { recursive: true, force: true });
    return false;
  }
}

// Memory (docs/decisions/0182-server-memory-on-pglite.md). glibc gives each thread that allocates
// (the libuv pool's zlib and crypto, sharp's workers) an arena of its own and keeps freed memory in
// them; the embedded database's start-up copies hundreds of MB through ArrayBuffers, which stayed
// resident afterwards. Two arenas, and large blocks mapped on their own (returned when freed), keep
// the server's RSS near what it uses. V8 lets its heap grow to 4× the live heap when its limit is
// large (4 GB here, from the machine's memory); a 512 MB limit sets that growth near 1.4×, with the
// live heap (about 60 MB) far below it; 4 MB semi-spaces keep the young generation at 8 MB instead
// of 32. A caller's own settings win.
const NODE_FLAGS = ['--max-old-space-size=512', '--max-semi-space-size=4'];
const serverEnv = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
  ...process.env,
};
const ownFlags = /--max-old-space-size/.test(process.env.NODE_OPTIONS ?? '');
const server = (await bundleServer())
  ? spawn(process.execPath, [...(ownFlags ? [] : NODE_FLAGS), bundle], { cwd: root, stdio: 'inherit', env: serverEnv })
  : spawn(bin('tsx'), [path.join(root, 'src/server/main.ts')], {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...serverEnv,
        NODE_OPTIONS: [serverEnv.NODE_OPTIONS, ...(ownFlags ? [] : NODE_FLAGS)].filter(Boolean).join(' '),
      },
    });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
