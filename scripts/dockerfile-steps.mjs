// The Dockerfile, proved without a container engine (docs/decisions/0239-container-image.md). It reads
// the Dockerfile (scripts/dockerfile.mjs) and runs its steps, command for command, one folder per stage
// standing for that stage's root file system:
// - COPY from the build context (this folder, less what .dockerignore leaves out) or, with --from, out of
//   an earlier stage's folder, with Docker's rules (a folder's contents go into the destination);
// - RUN as `sh -c` in the stage's WORKDIR with the stage's ENV on top of this machine's environment
//   (a `--mount=type=cache` is this machine's own npm cache, as a build cache is never in the image);
//   a command naming an absolute path is refused, since here it would land on the host;
// then, from the last stage's folder, as the unprivileged USER (setpriv, the uid and gid the
// Dockerfile names) and with the image's ENV plus generated production secrets (as `docker run
// --env-file` would give them):
// - the HEALTHCHECK command fails while nothing listens;
// - the CMD starts, answers GET /api/health with 200 and serves the app, runs as that uid, and the
//   HEALTHCHECK command then passes;
// - SIGTERM stops it with exit code 0 within 10 s (Docker's default stop timeout);
// - `npm start` serves from the same folder, and `npm run create-admin -- --help` prints its usage;
// - the packages loaded only when their feature is on (the AWS SDK with UPLOAD_S3_BUCKET, OpenTelemetry
//   with OTEL_EXPORTER_OTLP_ENDPOINT) are nowhere in the server's static imports, and the chunks that
//   import them load from the production install (docs/decisions/0242-uploads-in-object-storage.md,
//   docs/decisions/0241-traces-behind-an-endpoint.md).
// It replaces scripts/prod-install-smoke.mjs in CI (.ci/run): the same ground, reached by the image's
// own steps. Node is this machine's (the image's is the tag in FROM).
//
//   node scripts/dockerfile-steps.mjs [--keep DIR] [--json]
//
// --keep DIR keeps the stage folders in DIR (a new folder); --json prints one line of figures
// (seconds per stage, the runtime folder's size, start-up to the first 200, RSS after start-up),
// which bench/perf/startup.mjs --image reads.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import webpush from 'web-push';
import { dockerignore, imageConfig, parseDockerfile } from './dockerfile.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts } = parseArgs({
  options: { keep: { type: 'string' }, json: { type: 'boolean', default: false } },
});
/** A first start on an empty volume creates the embedded database: seconds idle, minutes on a loaded machine. */
const WAIT_MS = Number(process.env.SMOKE_WAIT_MS ?? 600_000);
/** Docker's default stop timeout (`docker stop`, `docker compose down` without stop_grace_period). */
const STOP_WITHIN_MS = 10_000;

const say = (text) => {
  if (!opts.json) console.log(`dockerfile-steps: ${text}`);
};
const sec = (ms) => Number((ms / 1000).toFixed(1));

if (opts.keep && existsSync(opts.keep)) {
  console.error(`--keep ${opts.keep}: the folder exists; name a new one.`);
  process.exit(2);
}
const work = opts.keep ? path.resolve(opts.keep) : mkdtempSync(path.join(tmpdir(), 'halalnosh-image-'));
mkdirSync(work, { recursive: true });
chmodSync(work, 0o755);
const children = new Set();
process.on('exit', () => {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  if (!opts.keep) rmSync(work, { recursive: true, force: true });
});

/** A path inside a stage's folder for an absolute path inside its image. */
const inStage = (stageRoot, p) => path.join(stageRoot, path.posix.resolve('/', p));

/** The build context's files (less .dockerignore's) copied into `dest`, as `COPY . <dest>`. */
function copyContext(source, dest, ignored) {
  const walk = (relative) => {
    for (const name of readdirSync(path.join(ROOT, relative))) {
      const rel = relative === '' ? name : `${relative}/${name}`;
      if (ignored(rel)) continue;
      const from = path.join(ROOT, rel);
      const stat = lstatSync(from);
      if (stat.isDirectory()) walk(rel);
      else cpSync(from, path.join(dest, path.relative(source, rel)), { recursive: false, verbatimSymlinks: true });
    }
  };
  walk(source === '.' ? '' : source);
}

function copyStep(step, stage, stages, ignored) {
  const destAbs = path.posix.resolve(stage.workdir, step.dest);
  const dest = inStage(stage.root, destAbs);
  const intoFolder = step.dest.endsWith('/') || step.sources.length > 1;
  for (const source of step.sources) {
    let from;
    if (step.from) {
      const other = stages.get(step.from);
      if (!other) throw new Error(`COPY --from=${step.from}: no such stage before this one`);
      from = inStage(other.root, path.posix.resolve(other.workdir, source));
    } else {
      const rel = path.posix.normalize(source);
      if (rel.startsWith('..')) throw new Error(`COPY ${source}: outside the build context`);
      if (statSync(path.join(ROOT, rel)).isDirectory()) {
        mkdirSync(dest, { recursive: true });
        copyContext(rel, dest, ignored);
        continue;
      }
      if (ignored(rel)) throw new Error(`COPY ${source}: .dockerignore leaves it out of the context`);
      from = path.join(ROOT, rel);
    }
    if (!existsSync(from)) throw new Error(`${step.text}: ${source} does not exist`);
    if (statSync(from).isDirectory()) cpSync(from, dest, { recursive: true, verbatimSymlinks: true });
    else {
      const target = intoFolder ? path.join(dest, path.basename(source)) : dest;
      mkdirSync(path.dirname(target), { recursive: true });
      cpSync(from, target);
    }
  }
}

/** Refuses, before anything runs, a RUN this script cannot run safely here. */
function checkRun(step) {
  // An absolute path would name this machine's file system, not the stage's.
  if (/(^|[\s=:;&|'"(])\/[A-Za-z]/.test(step.command))
    throw new Error(`RUN names an absolute path, which would land on this machine: ${step.command}`);
  for (const target of step.cacheMounts)
    if (!/\.npm$/.test(target)) throw new Error(`RUN --mount=type=cache,target=${target}: only npm's cache is known`);
}

function runStep(step, stage) {
  const cwd = inStage(stage.root, stage.workdir);
  mkdirSync(cwd, { recursive: true });
  const began = performance.now();
  const result = spawnSync('sh', ['-c', step.command], {
    cwd,
    env: { ...process.env, ...stage.env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0)
    throw new Error(
      `${step.text}\nfailed (${result.status}):\n${result.stdout.slice(-4000)}\n${result.stderr.slice(-4000)}`,
    );
  say(`  (${sec(performance.now() - began)} s)`);
}

/** Runs every stage's steps; returns the stages by name and the seconds each took. */
function buildStages(parsed) {
  const ignored = dockerignore(ROOT);
  for (const spec of parsed.stages) for (const step of spec.steps) if (step.op === 'RUN') checkRun(step);
  const stages = new Map();
  const seconds = {};
  for (const spec of parsed.stages) {
    const began = performance.now();
    const root = path.join(work, `stage-${spec.name}`);
    mkdirSync(root, { recursive: true });
    chmodSync(root, 0o755);
    const stage = { name: spec.name, root, workdir: '/', env: {} };
    say(`FROM ${spec.from} AS ${spec.name} -> ${root}`);
    for (const step of spec.steps) {
      if (['COPY', 'RUN', 'WORKDIR', 'ENV'].includes(step.op))
        say(step.text.length > 160 ? `${step.text.slice(0, 157)}...` : step.text);
      if (step.op === 'WORKDIR') {
        stage.workdir = path.posix.resolve(stage.workdir, step.path);
        mkdirSync(inStage(root, stage.workdir), { recursive: true });
      } else if (step.op === 'ENV') for (const [k, v] of step.pairs) stage.env[k] = v;
      else if (step.op === 'COPY') copyStep(step, stage, stages, ignored);
      else if (step.op === 'RUN') runStep(step, stage);
    }
    stages.set(spec.name, stage);
    seconds[spec.name] = sec(performance.now() - began);
  }
  return { stages, seconds };
}

/** `du -sb` of a path, in bytes. */
function bytes(p) {
  const out = spawnSync('du', ['-sb', p], { encoding: 'utf8' });
  return Number(out.stdout.split(/\s/)[0]);
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

/** `uid:gid` from the USER instruction: numbers (a name cannot be looked up outside the image). */
function ids(user) {
  const m = /^(\d+)(?::(\d+))?$/.exec(user);
  if (!m) throw new Error(`USER ${user}: give the uid (and gid) as numbers, so that it runs the same here`);
  const uid = Number(m[1]);
  const gid = Number(m[2] ?? m[1]);
  if (uid === 0) throw new Error('USER is root: the image must run unprivileged');
  return { uid, gid };
}

/** Spawns argv as the image's user in the image's WORKDIR. */
function asUser(user, argv, { cwd, env, detached = false, stdio = ['ignore', 'pipe', 'pipe'] }) {
  return spawn(
    'setpriv',
    [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', '--inh-caps=-all', ...argv],
    { cwd, env, detached, stdio },
  );
}

function finished(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
}

async function healthcheck(image, user, cwd, env) {
  const child = asUser(user, image.healthcheck.argv, { cwd, env });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const timeout = Number(/^(\d+)s$/.exec(image.healthcheck.options.timeout ?? '30s')?.[1] ?? 30) * 1000;
  const timer = setTimeout(() => child.kill('SIGKILL'), timeout);
  const { code } = await finished(child);
  clearTimeout(timer);
  return { code, output };
}

async function get(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    return { status: res.status, text: await res.text() };
  } catch {
    return null;
  }
}

/** Starts argv as the image's user; resolves once /api/health and / answer 200. */
async function serve(title, image, user, argv, cwd, env) {
  const began = performance.now();
  const child = asUser(user, argv, { cwd, env, detached: true });
  children.add(child);
  let output = '';
  child.stdout.on('data', (d) => (output = (output + d).slice(-20_000)));
  child.stderr.on('data', (d) => (output = (output + d).slice(-20_000)));
  const base = `http://127.0.0.1:${env.PORT}`;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${title}: exited (${child.exitCode ?? child.signalCode}) during start-up:\n${output}`);
    if (performance.now() - began > WAIT_MS)
      throw new Error(`${title}: no 200 from /api/health in ${WAIT_MS / 1000} s:\n${output}`);
    const health = await get(`${base}/api/health`);
    if (health?.status === 200) {
      const msToHealth = performance.now() - began;
      const page = await get(`${base}/`);
      if (page?.status !== 200 || !page.text.includes('<div id="root"'))
        throw new Error(`${title}: GET / answered ${page?.status} without the app`);
      return { child, msToHealth, health: JSON.parse(health.text), output: () => output };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The resident memory (kB) and uid of a process, from /proc. */
function processFacts(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return { rssKb: Number(/VmRSS:\s+(\d+)/.exec(status)[1]), uid: Number(/Uid:\s+(\d+)/.exec(status)[1]) };
}

function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sends `signal` to the process (or, with `group`, its whole process group) and waits for its exit. */
async function stop(child, signal, { group = false } = {}) {
  const began = performance.now();
  const startedAt = Date.now();
  process.kill(group ? -child.pid : child.pid, signal);
  const timer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 60_000);
  const exit = await finished(child);
  // npm exits at the signal; the server it started finishes its stop after it: wait for the group.
  while (group && Date.now() - startedAt < 60_000 && groupAlive(child.pid))
    await new Promise((r) => setTimeout(r, 100));
  clearTimeout(timer);
  children.delete(child);
  return { ...exit, ms: performance.now() - began };
}

/** Packages the server loads only when their feature is on: never among its static imports. */
const LAZY_PACKAGES = /^@(aws-sdk|opentelemetry)\//;

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

/**
 * The lazy packages: none reached statically from build/server/main.mjs, and each chunk that imports one
 * loads, as the unprivileged user, from the runtime folder (its packages resolve in the production install).
 */
async function lazyChunks(app, user, env) {
  const serverDir = path.join(app, 'build', 'server');
  const eager = [...staticPackages(path.join(serverDir, 'main.mjs'))].filter((p) => LAZY_PACKAGES.test(p));
  if (eager.length > 0) throw new Error(`build/server/main.mjs imports statically: ${eager.join(', ')}`);
  const chunks = readdirSync(serverDir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.mjs'))
    .filter((f) => [...staticPackages(path.join(serverDir, f))].some((p) => LAZY_PACKAGES.test(p)));
  if (chunks.length === 0) throw new Error('no chunk of build/server imports the AWS SDK or OpenTelemetry');
  for (const chunk of chunks) {
    const child = asUser(
      user,
      [process.execPath, '--input-type=module', '-e', `await import(${JSON.stringify(`./build/server/${chunk}`)})`],
      {
        cwd: app,
        env,
      },
    );
    let printed = '';
    child.stdout.on('data', (d) => (printed += d));
    child.stderr.on('data', (d) => (printed += d));
    const exit = await finished(child);
    if (exit.code !== 0)
      throw new Error(`import of build/server/${chunk} from the runtime folder: exit ${exit.code}\n${printed}`);
  }
  say(`lazy packages: none in main.mjs's static imports; ${chunks.join(', ')} load from the production install`);
}

const result = { ok: false };
try {
  const began = performance.now();
  const parsed = parseDockerfile(path.join(ROOT, 'Dockerfile'));
  const image = imageConfig(parsed);
  const user = ids(image.user);
  if (!image.cmd) throw new Error('the last stage has no CMD');
  if (!image.healthcheck) throw new Error('the last stage has no HEALTHCHECK');
  const { stages, seconds } = buildStages(parsed);
  const runtime = stages.get(image.stage);
  const app = inStage(runtime.root, image.workdir);

  // The image's folders as the unprivileged user sees them: readable code, a writable volume.
  for (const volume of image.volumes) {
    const dir = inStage(runtime.root, volume);
    if (!existsSync(dir)) throw new Error(`VOLUME ${volume} does not exist in the image`);
    if (statSync(dir).uid !== user.uid) throw new Error(`VOLUME ${volume} is not owned by uid ${user.uid}`);
  }
  const home = path.join(work, 'home');
  mkdirSync(home, { recursive: true });
  chownSync(home, user.uid, user.gid);
  const sizes = Object.fromEntries(
    ['node_modules', 'dist', 'dist-ssr', 'build', 'scripts', 'package.json', 'package-lock.json'].map((p) => [
      p,
      bytes(path.join(app, p)),
    ]),
  );
  sizes.total = bytes(runtime.root);
  say(
    `runtime stage: ${(sizes.total / 1e6).toFixed(1)} MB on top of ${image.from} (node_modules ${(sizes.node_modules / 1e6).toFixed(1)} MB)`,
  );

  // The environment `docker run --env-file` would give: the image's ENV, then the secrets a
  // production server refuses to start without (docs/decisions/0229-production-secret-check.md).
  const vapid = webpush.generateVAPIDKeys();
  const port = await freePort();
  const env = {
    PATH: `${path.dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
    HOME: home,
    ...image.env,
    AUTH_SECRET: randomBytes(48).toString('base64'),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    PORT: String(port),
    HOST: '127.0.0.1',
  };

  const before = await healthcheck(image, user, app, env);
  if (before.code === 0) throw new Error('the HEALTHCHECK passed while no server was running');
  say(`HEALTHCHECK with nothing listening: exit ${before.code} (unhealthy), as it should`);

  const cmd = await serve(`CMD ${JSON.stringify(image.cmd)}`, image, user, image.cmd, app, env);
  // Settle for a second, then read the process: its uid, and its memory once started.
  await new Promise((r) => setTimeout(r, 1000));
  const facts = processFacts(cmd.child.pid);
  if (facts.uid !== user.uid) throw new Error(`the CMD runs as uid ${facts.uid}, not ${user.uid}`);
  if (!existsSync(path.join(inStage(runtime.root, image.volumes[0] ?? '/app/data'), 'pglite')))
    throw new Error('the server wrote no database into the volume');
  say(
    `CMD ${image.cmd.join(' ')} as uid ${facts.uid}: /api/health 200 ${JSON.stringify(cmd.health)} after ${sec(cmd.msToHealth)} s; / 200 with the app; RSS ${Math.round(facts.rssKb / 1024)} MB`,
  );
  const after = await healthcheck(image, user, app, env);
  if (after.code !== 0)
    throw new Error(`the HEALTHCHECK failed against the running server (${after.code}):\n${after.output}`);
  say('HEALTHCHECK against the running server: exit 0 (healthy)');
  const stopped = await stop(cmd.child, image.stopSignal ?? 'SIGTERM');
  if (stopped.code !== 0 || stopped.ms > STOP_WITHIN_MS || !/shut down cleanly/.test(cmd.output()))
    throw new Error(
      `${image.stopSignal ?? 'SIGTERM'}: exit ${stopped.code ?? stopped.signal} after ${sec(stopped.ms)} s (want 0 within ${STOP_WITHIN_MS / 1000} s):\n${cmd.output().slice(-3000)}`,
    );
  say(`${image.stopSignal ?? 'SIGTERM'}: "shut down cleanly", exit 0 after ${sec(stopped.ms)} s`);

  const npmStart = await serve('npm start', image, user, ['npm', 'start'], app, {
    ...env,
    PORT: String(await freePort()),
  });
  // A terminal's Ctrl-C or a service manager reaches npm, start.mjs and the server at once: their group.
  await stop(npmStart.child, 'SIGTERM', { group: true });
  if (!/shut down cleanly/.test(npmStart.output()))
    throw new Error(`npm start: no clean stop:\n${npmStart.output().slice(-3000)}`);
  say(
    `npm start as uid ${user.uid}: /api/health 200 after ${sec(npmStart.msToHealth)} s; / 200 with the app; the server shut down cleanly`,
  );

  const usage = asUser(user, ['npm', 'run', '--silent', 'create-admin', '--', '--help'], { cwd: app, env });
  let printed = '';
  usage.stdout.on('data', (d) => (printed += d));
  usage.stderr.on('data', (d) => (printed += d));
  const usageExit = await finished(usage);
  if (usageExit.code !== 0 || !/--email/.test(printed))
    throw new Error(`npm run create-admin -- --help: exit ${usageExit.code}, no usage:\n${printed}`);
  say('npm run create-admin -- --help: the usage, from the bundle');

  await lazyChunks(app, user, env);

  Object.assign(result, {
    ok: true,
    base: image.from,
    seconds: { ...seconds, total: sec(performance.now() - began) },
    runtimeBytes: sizes,
    startup: {
      msToHealth: Math.round(cmd.msToHealth),
      rssKb: facts.rssKb,
      npmStartMsToHealth: Math.round(npmStart.msToHealth),
    },
    stop: { ms: Math.round(stopped.ms), code: stopped.code },
  });
  say(
    `passed in ${result.seconds.total} s (stages: ${Object.entries(seconds)
      .map(([k, v]) => `${k} ${v} s`)
      .join(', ')})`,
  );
} catch (err) {
  result.error = err instanceof Error ? err.message : String(err);
  console.error(`dockerfile-steps: FAILED\n${result.error}`);
  process.exitCode = 1;
}
if (opts.json) console.log(JSON.stringify(result));
process.exit();
