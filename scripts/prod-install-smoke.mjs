// A production install, proved (docs/decisions/0226-server-bundled-at-build-time.md): what `npm run build` wrote
// (dist/, dist-ssr/, build/) and the package files, copied into an empty folder, `npm ci --omit=dev` there, then:
// - the server started with plain Node (`node build/server/main.mjs`) on the embedded database answers
//   GET /api/health with 200 and serves the built app;
// - `npm start` (scripts/start.mjs, which builds nothing there: no sources) does the same;
// - `npm run create-admin -- --help` runs the bundled command;
// - with UPLOAD_S3_BUCKET set (a bucket on s3rver, started here from the dev install), the server loads the AWS SDK
//   from the production install, seeds the demo's files into the bucket and serves one back; without it the SDK is
//   nowhere in the server's static imports (docs/decisions/0242-uploads-in-object-storage.md).
// The build tools are deleted from the copy first: better-auth names vitest and drizzle-kit as optional peers, so npm
// installs them (and vite, esbuild, tsx under them) even with --omit=dev; deleting them shows nothing at run time
// needs them. Usage: `npm run build && node scripts/prod-install-smoke.mjs` (CI runs it: .ci/run).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
  for (const child of children) stop(child, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
};
process.on('exit', cleanUp);

/**
 * Signals a started server's whole process group: `npm start` runs sh, scripts/start.mjs and the server, and a signal
 * to npm alone can leave the server running, holding the pipes this script reads (so it would never exit).
 */
function stop(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

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
 * Starts the server with `command`, waits for 200 from /api/health and the app's page, runs `check(base)` if given,
 * then stops it.
 */
async function serves(title, command, args, env = {}, check = async () => undefined) {
  const port = await freePort();
  const dataDir = path.join(dir, `data-${port}`);
  const child = spawn(command, args, {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
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
        await check(`http://127.0.0.1:${port}`);
        return;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    stop(child, 'SIGTERM');
    const timer = setTimeout(() => stop(child, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    children.delete(child);
  }
}

/** The bare package names a bundle file imports statically, following its chunks (dynamic import() not followed). */
function staticPackages(file, seen = new Set(), packages = new Set()) {
  if (seen.has(file)) return packages;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const [, spec] of code.matchAll(/^(?:import|export)\s+(?:[^'"]*?\s+from\s+)?["']([^"']+)["']/gm)) {
    if (spec.startsWith('.')) staticPackages(path.resolve(path.dirname(file), spec), seen, packages);
    else packages.add(spec);
  }
  return packages;
}

/** The server with its uploads in a bucket: the demo's files land there and are served back through the API. */
async function servesFromBucket() {
  const { default: S3rver } = await import('s3rver');
  const { S3Client, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  const directory = path.join(dir, 's3rver');
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: 'halalnosh-uploads', configs: [] }],
  });
  const { port } = await s3.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  try {
    const env = {
      UPLOAD_S3_BUCKET: 'halalnosh-uploads',
      UPLOAD_S3_ENDPOINT: endpoint,
      UPLOAD_S3_FORCE_PATH_STYLE: '1',
      UPLOAD_S3_ACCESS_KEY_ID: credentials.accessKeyId,
      UPLOAD_S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    };
    await serves(
      'node build/server/main.mjs with UPLOAD_S3_BUCKET',
      process.execPath,
      ['build/server/main.mjs'],
      env,
      async (base) => {
        const listed = await client.send(new ListObjectsV2Command({ Bucket: 'halalnosh-uploads' }));
        const photo = (listed.Contents ?? []).find((o) => o.Key?.startsWith('menu_image/'));
        if (!photo)
          throw new Error(`the demo seed put no menu photo in the bucket: ${JSON.stringify(listed.Contents ?? [])}`);
        const id = path.basename(photo.Key, path.extname(photo.Key));
        const res = await fetch(`${base}/api/uploads/${id}`);
        const bytes = Buffer.from(await res.arrayBuffer());
        if (res.status !== 200 || res.headers.get('content-type') !== 'image/jpeg' || bytes.length !== photo.Size)
          throw new Error(
            `GET /api/uploads/${id} answered ${res.status} ${res.headers.get('content-type')}, ${bytes.length} of ${photo.Size} bytes`,
          );
        step(
          `${listed.KeyCount} demo files in the bucket; /api/uploads/${id} 200 image/jpeg, ${bytes.length} bytes from it`,
        );
      },
    );
  } finally {
    client.destroy();
    await s3.close();
  }
}

try {
  const packages = staticPackages(path.join(root, 'build/server/main.mjs'));
  if ([...packages].some((p) => p.startsWith('@aws-sdk/')))
    throw new Error(`build/server/main.mjs imports the AWS SDK statically: ${[...packages].join(', ')}`);
  if (!packages.has('pg'))
    throw new Error(`staticPackages found no pg among ${[...packages].join(', ')}: the check is blind`);
  step(`no AWS SDK among the server's static imports (${packages.size} packages)`);
  step(`copying ${SHIPPED.join(', ')} into ${dir}`);
  for (const item of SHIPPED) {
    if (existsSync(path.join(root, item))) cpSync(path.join(root, item), path.join(dir, item), { recursive: true });
  }
  step('npm ci --omit=dev');
  run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error']);
  for (const tool of BUILD_TOOLS) rmSync(path.join(dir, 'node_modules', tool), { recursive: true, force: true });
  rmSync(path.join(dir, 'node_modules', '.bin'), { recursive: true, force: true });
  step(`removed the build tools (${BUILD_TOOLS.join(', ')}) and node_modules/.bin from the copy`);

  await serves('node build/server/main.mjs', process.execPath, ['build/server/main.mjs']);
  await serves('npm start', 'npm', ['start']);
  const usage = run('npm', ['run', '--silent', 'create-admin', '--', '--help'], {
    env: { ...process.env, DATA_DIR: path.join(dir, 'data-cli'), DATABASE_URL: '' },
  });
  if (!/--email/.test(usage)) throw new Error(`npm run create-admin -- --help printed no usage:\n${usage}`);
  step('npm run create-admin -- --help: the usage, from the bundle');
  await servesFromBucket();
  step('passed');
} catch (err) {
  console.error(`prod-install-smoke: FAILED\n${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
}
