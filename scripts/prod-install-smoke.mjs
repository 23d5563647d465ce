// A production install, proved (docs/decisions/0226-server-bundled-at-build-time.md): what `npm run build` wrote
// (dist/, dist-ssr/, build/) and the package files, copied into an empty folder, `npm ci --omit=dev` there, then:
// - the server started with plain Node (`node build/server/main.mjs`) on the embedded database answers
//   GET /api/health with 200 and serves the built app;
// - `npm start` (scripts/start.mjs, which builds nothing there: no sources) does the same;
// - `npm run create-admin -- --help` runs the bundled command;
// - with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a local stand-in collector, the bundled server exports the span of
//   its GET /api/health, flushed when it is stopped (docs/decisions/0241-traces-behind-an-endpoint.md): the
//   OpenTelemetry packages load from the production install and the hooks work on bundled code.
// The build tools are deleted from the copy first: better-auth names vitest and drizzle-kit as optional peers, so npm
// installs them (and vite, esbuild, tsx under them) even with --omit=dev; deleting them shows nothing at run time
// needs them. Usage: `npm run build && node scripts/prod-install-smoke.mjs` (CI runs it: .ci/run).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILT = ['dist/index.html', 'dist-ssr/entry-server.js', 'build/server/main.mjs', 'build/server/create-admin.mjs'];
const SHIPPED = ['package.json', 'package-lock.json', '.npmrc', 'scripts/start.mjs', 'dist', 'dist-ssr', 'build'];
/** The first start creates and seeds the embedded database: seconds on an idle machine, minutes on a loaded one. */
const WAIT_MS = Number(process.env.SMOKE_WAIT_MS ?? 600_000);
const BUILD_TOOLS = ['esbuild', 'tsx', 'vite', 'vitest', 'rolldown', 'drizzle-kit', 'typescript'];

const missing = BUILT.filter((file) => !existsSync(path.join(root, file)));
if (missing.length > 0) {
  console.error(`Not built (${missing.join(', ')}): run \`npm run build\` first.`);
  process.exit(1);
}

const dir = mkdtempSync(path.join(tmpdir(), 'halalnosh-prod-'));
const children = new Set();
const cleanUp = () => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
};
process.on('exit', cleanUp);

function step(title) {
  console.log(`prod-install-smoke: ${title}`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: dir, encoding: 'utf8', ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server with `command`, waits for 200 from /api/health and the app's page, then stops it (SIGTERM)
 * and waits for it to exit. `options.env` adds variables; `options.dataDir` reuses a database already made.
 */
async function serves(title, command, args, options = {}) {
  const port = await freePort();
  const dataDir = options.dataDir ?? path.join(dir, `data-${port}`);
  const child = spawn(command, args, {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + WAIT_MS;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${title}: the server exited (${child.exitCode}):\n${output}`);
      if (Date.now() > deadline)
        throw new Error(`${title}: no 200 from /api/health in ${WAIT_MS / 1000} s:\n${output}`);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
      if (health?.status === 200) {
        const body = await health.json();
        const page = await fetch(`http://127.0.0.1:${port}/`);
        const html = await page.text();
        if (page.status !== 200 || !html.includes('<div id="root"')) {
          throw new Error(`${title}: GET / answered ${page.status} without the app:\n${html.slice(0, 500)}`);
        }
        step(`${title}: /api/health 200 ${JSON.stringify(body)}; / 200 with the app`);
        return dataDir;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    children.delete(child);
  }
}

/** A stand-in OTLP/HTTP collector: the bundled server, stopped, must have exported its GET /api/health span. */
async function tracesFromTheBundle(dataDir) {
  const bodies = [];
  const collector = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') bodies.push(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise((resolve) => collector.listen(0, '127.0.0.1', resolve));
  try {
    const endpoint = `http://127.0.0.1:${collector.address().port}`;
    await serves('traces on', process.execPath, ['build/server/main.mjs'], {
      dataDir,
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: 'halalnosh-smoke' },
    });
    const spans = bodies.flatMap((b) =>
      JSON.parse(b).resourceSpans.flatMap((r) => r.scopeSpans.flatMap((scope) => scope.spans)),
    );
    if (!spans.some((span) => span.name === 'GET /api/health')) {
      throw new Error(`traces on: no GET /api/health span reached the collector (${spans.length} spans)`);
    }
    step(`traces on: ${spans.length} spans exported by the bundled server, GET /api/health among them`);
  } finally {
    await new Promise((resolve) => collector.close(resolve));
  }
}

try {
  step(`copying ${SHIPPED.join(', ')} into ${dir}`);
  for (const item of SHIPPED) {
    if (existsSync(path.join(root, item))) cpSync(path.join(root, item), path.join(dir, item), { recursive: true });
  }
  step('npm ci --omit=dev');
  run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error']);
  for (const tool of BUILD_TOOLS) rmSync(path.join(dir, 'node_modules', tool), { recursive: true, force: true });
  rmSync(path.join(dir, 'node_modules', '.bin'), { recursive: true, force: true });
  step(`removed the build tools (${BUILD_TOOLS.join(', ')}) and node_modules/.bin from the copy`);

  const dataDir = await serves('node build/server/main.mjs', process.execPath, ['build/server/main.mjs']);
  await serves('npm start', 'npm', ['start']);
  const usage = run('npm', ['run', '--silent', 'create-admin', '--', '--help'], {
    env: { ...process.env, DATA_DIR: path.join(dir, 'data-cli'), DATABASE_URL: '' },
  });
  if (!/--email/.test(usage)) throw new Error(`npm run create-admin -- --help printed no usage:\n${usage}`);
  step('npm run create-admin -- --help: the usage, from the bundle');
  await tracesFromTheBundle(dataDir);
  step('passed');
} catch (err) {
  console.error(`prod-install-smoke: FAILED\n${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
}
