// npm start: builds the web app and the server when dist/, dist-ssr/ or build/server/ is missing or older than its
// sources (and the build tools are installed), then serves API and app from one process (embedded database with
// demo data unless configured otherwise). `npm run create-admin`, `npm run backup` and `npm run restore` run the bundled commands the same way.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

// The server's commands come here too (`start.mjs create-admin …`, `start.mjs backup …`, `start.mjs restore …`):
// they need the server's bundle, not the web app. `command` is the bundle's entry and the arguments it is given.
const COMMANDS = {
  'create-admin': { entry: 'create-admin.mjs', args: [] },
  backup: { entry: 'backup.mjs', args: ['backup'] },
  restore: { entry: 'backup.mjs', args: ['restore'] },
};
const command = COMMANDS[process.argv[2]] ?? null;
const createAdmin = command !== null;

// What `npm run build` makes: the browser's app (dist/), the server rendering of the customer pages (dist-ssr/,
// docs/decisions/0177-server-rendered-customer-pages.md) and the server (build/server/,
// docs/decisions/0226-server-bundled-at-build-time.md). A fresh clone builds what is missing or older than its
// sources; a production install (`npm ci --omit=dev` beside the built folders) has neither the sources nor the
// build tools, and runs what was built.
// (npm installs vite and esbuild even with --omit=dev, as optional peers of better-auth: the sources decide.)
const canBuild =
  existsSync(path.join(root, 'src')) &&
  existsSync(bin('vite')) &&
  existsSync(path.join(root, 'node_modules', 'esbuild'));
const stale = (built, sources) =>
  built.some((file) => !existsSync(file)) ||
  Math.max(...sources.map((p) => newest(path.join(root, p)))) >
    Math.min(...built.map((file) => statSync(file).mtimeMs));

const webBuilt = [path.join(root, 'dist', 'index.html'), path.join(root, 'dist-ssr', 'entry-server.js')];
const webSources = ['src/web', 'src/domain', 'public', 'index.html', 'vite.config.ts', 'vite.ssr.config.ts'];
if (!createAdmin && stale(webBuilt, webSources)) {
  if (!canBuild) {
    if (!existsSync(webBuilt[0]))
      fail('dist/ is missing: run `npm run build` where the dev dependencies are installed.');
  } else {
    console.log('Building the web app (first start, or its sources changed)...');
    for (const args of [
      ['build', '--logLevel', 'warn'],
      ['build', '--config', 'vite.ssr.config.ts', '--logLevel', 'warn'],
    ]) {
      const result = spawnSync(bin('vite'), args, { cwd: root, stdio: 'inherit' });
      if (result.status !== 0) process.exit(result.status ?? 1);
    }
  }
}

// The server runs from its bundle (our TypeScript compiled by esbuild, packages left to Node): Node loads it without
// tsx's per-module hooks, which take most of a start-up. Rebuilt here when its sources changed since.
const bundleDir = path.join(root, 'build', 'server');
const entry = path.join(bundleDir, command ? command.entry : 'main.mjs');
const serverSources = ['src/server', 'src/domain', 'scripts/build-server.mjs'];
const bundleEntries = ['main.mjs', 'create-admin.mjs', 'backup.mjs'].map((name) => path.join(bundleDir, name));
if (stale(bundleEntries, serverSources)) {
  if (canBuild) {
    const { buildServer } = await import('./build-server.mjs');
    await buildServer();
  } else if (!existsSync(entry)) {
    fail('build/server/ is missing: run `npm run build` where the dev dependencies are installed.');
  }
}

function fail(message) {
  console.error(message);
  process.exit(1);
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
// Traces (docs/decisions/0244-traces-sampled-at-the-request.md): their context rides on AsyncLocalStorage, which on
// Node 20 and 22 runs a hook for every promise of every request, sampled or not, once tracing is on; Node 24 keeps it in
// async context frames instead, at no cost per promise, and Node 22.7+ does the same behind a flag, given here.
const [nodeMajor, nodeMinor] = process.versions.node.split('.').map(Number);
const CONTEXT_FLAGS =
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT &&
  nodeMajor === 22 &&
  nodeMinor >= 7 &&
  !/async-context-frame/.test(process.env.NODE_OPTIONS ?? '')
    ? ['--experimental-async-context-frame']
    : [];
const server = spawn(
  process.execPath,
  [
    ...(ownFlags || createAdmin ? [] : NODE_FLAGS),
    ...(createAdmin ? [] : CONTEXT_FLAGS),
    entry,
    ...(command ? command.args : []),
    ...process.argv.slice(createAdmin ? 3 : 2),
  ],
  { cwd: root, stdio: 'inherit', env: createAdmin ? process.env : serverEnv },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
