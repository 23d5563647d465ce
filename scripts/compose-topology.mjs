// compose.yaml's topology, run without a container engine (docs/decisions/0240-compose-topology.md). It
// reads compose.yaml (and the image's ENV and CMD from the Dockerfile) and runs the same services on
// this machine:
// - postgres: a fresh database and role on the local PostgreSQL server (DATABASE_URL's server, default
//   postgres://postgres@127.0.0.1:5432/postgres), with the password compose gives;
// - redis: a redis-server of its own on a free port, with the compose service's command;
// - app1, app2 (every service built from the Dockerfile): the image's CMD from the built folders (run
//   `npm run build` first), started at the same moment, each with the environment a container gets
//   (the image's ENV, then env_file, then environment, interpolated from a generated .env), host names
//   and ports pointed at the local services, and the shared uploads volume as one folder;
// - proxy: Debian's nginx (/usr/sbin/nginx) with the mounted config (deploy/compose/nginx.conf), its
//   ports and mounted paths rewritten, and a self-signed certificate made with openssl.
// Then it checks the migrations ran once (one row per migration), puts the demo data in with a third
// process of the image (DEMO=1, as `docker compose run -e DEMO=1 app1` would; stopped again), and,
// through https://localhost:<port> with the certificate verified, signs the demo customer in, places a
// pickup order, sees its event arrive on both app processes (both subscribed in Redis) and the order in
// the partner's list through the proxy and on each process, and a menu photo uploaded through the proxy
// served by each process (the shared uploads volume). Last, SIGTERM to every process: exit 0.
//
//   npm run build && node scripts/compose-topology.mjs [--json] [--verbose]
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import webpush from 'web-push';
import YAML from 'yaml';
import { imageConfig, parseDockerfile } from './dockerfile.mjs';
import { writeNginxMain } from '../bench/lib/nginx.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NGINX = '/usr/sbin/nginx';
const { values: opts } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    // The client half: run again by this script with NODE_EXTRA_CA_CERTS naming the certificate.
    client: { type: 'string' },
  },
});
const say = (text) => {
  if (!opts.json) console.error(`compose-topology: ${text}`);
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const sec = (ms) => Number((ms / 1000).toFixed(1));

if (opts.client) {
  // Through the proxy, as a browser: the certificate is trusted through NODE_EXTRA_CA_CERTS only.
  const { runClient } = await import('./compose-topology-client.mjs');
  const outcome = await runClient(JSON.parse(opts.client)).catch((err) => ({ error: err.stack ?? String(err) }));
  console.log(JSON.stringify(outcome));
  process.exit(outcome.error ? 1 : 0);
}

/** `${VAR}`, `${VAR:-default}` and `${VAR:?message}` as compose interpolates them. */
function interpolate(value, vars) {
  return String(value).replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g, (_, name, op, arg) => {
    const set = vars[name] !== undefined && vars[name] !== '';
    if (op === ':-' || op === '-') return set ? vars[name] : arg;
    if (op === ':?' || op === '?') {
      if (!set) throw new Error(`compose.yaml: ${name}: ${arg}`);
      return vars[name];
    }
    return vars[name] ?? '';
  });
}

/** An env file's KEY=value lines. */
const envFile = (text) =>
  Object.fromEntries(
    text
      .split('\n')
      .filter((l) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );

/** A compose `environment` (a map or a list of KEY=value). */
const environment = (env) =>
  Array.isArray(env)
    ? Object.fromEntries(env.map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]))
    : (env ?? {});

/** `source:target[:mode]` volume entries. */
const mounts = (service) =>
  (service.volumes ?? []).map((v) => {
    const [source, target, mode] = String(v).split(':');
    return { source, target, mode, bind: /^[./]/.test(source) };
  });

const isHealthy = (service, name) => service.depends_on?.[name]?.condition === 'service_healthy';

function freePort() {
  return new Promise((resolve, reject) => {
    import('node:net').then(({ createServer }) => {
      const srv = createServer();
      srv.on('error', reject);
      srv.listen(0, '127.0.0.1', () => {
        const { port } = srv.address();
        srv.close(() => resolve(port));
      });
    });
  });
}

/** Reads compose.yaml and checks the shape the docs promise; returns the services by role. */
function readCompose() {
  const compose = YAML.parse(readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8'), { merge: true });
  const services = compose.services ?? {};
  const apps = Object.entries(services).filter(([, s]) => s.build !== undefined);
  const problems = [];
  if (!services.postgres) problems.push('no postgres service');
  if (!services.redis) problems.push('no redis service');
  const proxy = services.proxy;
  if (!proxy) problems.push('no proxy service');
  if (apps.length < 2) problems.push(`${apps.length} app services built from the Dockerfile, not 2 or more`);
  if (!(compose.volumes && 'uploads' in compose.volumes)) problems.push('no named volume "uploads"');
  if (services.postgres && !mounts(services.postgres).some((m) => !m.bind))
    problems.push('postgres keeps its data in no named volume');
  for (const [name, s] of apps) {
    const env = environment(s.environment);
    if (!/@postgres:\d+\//.test(env.DATABASE_URL ?? ''))
      problems.push(`${name}: DATABASE_URL does not name the postgres service`);
    if (!/^redis:\/\/redis:\d+/.test(env.REDIS_URL ?? ''))
      problems.push(`${name}: REDIS_URL does not name the redis service`);
    if (!mounts(s).some((m) => m.source === 'uploads' && m.target === env.UPLOAD_DIR))
      problems.push(`${name}: the uploads volume is not mounted at its UPLOAD_DIR`);
    if (!s.env_file) problems.push(`${name}: no env_file for the secrets`);
    if (s.init !== true) problems.push(`${name}: no init: true`);
    if (!/^(\d+)s$/.test(s.stop_grace_period ?? '') || Number(/^(\d+)/.exec(s.stop_grace_period)[1]) <= 25)
      problems.push(`${name}: stop_grace_period must exceed SHUTDOWN_TIMEOUT_MS (25 s)`);
    if (!isHealthy(s, 'postgres') || !isHealthy(s, 'redis'))
      problems.push(`${name}: does not wait for healthy postgres and redis`);
    if (proxy && !isHealthy(proxy, name)) problems.push(`proxy: does not wait for a healthy ${name}`);
  }
  for (const name of ['postgres', 'redis'])
    if (services[name] && !services[name].healthcheck) problems.push(`${name}: no healthcheck`);
  if (problems.length > 0) throw new Error(`compose.yaml: ${problems.join('; ')}`);
  return { compose, services, apps, proxy };
}

/** Every setting of deploy/nginx.conf must be in the compose proxy's config (listen, upstream servers and the log path aside). */
function sameNginxSettings(composeConf) {
  const directives = (text) =>
    text
      .split('\n')
      .map((l) => l.replace(/#.*$/, '').trim())
      .filter((l) => l !== '' && l !== '}' && !/^(listen|server |access_log|ssl_)/.test(l));
  const have = new Set(directives(composeConf));
  const missing = directives(readFileSync(path.join(ROOT, 'deploy', 'nginx.conf'), 'utf8')).filter((d) => !have.has(d));
  if (missing.length > 0) throw new Error(`deploy/compose/nginx.conf lacks deploy/nginx.conf's ${missing.join(' | ')}`);
}

/** A process in its own group; keeps the tail of its output. */
function start(command, args, { env, cwd = ROOT, label }) {
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (d) => {
    output = (output + d).slice(-30_000);
    if (opts.verbose) process.stderr.write(`[${label}] ${d}`);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, label, exited, output: () => output };
}

async function waitFor(what, check, proc, ms = 300_000) {
  const began = Date.now();
  for (;;) {
    if (proc && proc.child.exitCode !== null)
      throw new Error(`${what}: ${proc.label} exited (${proc.child.exitCode}):\n${proc.output().slice(-4000)}`);
    if (await check().catch(() => false)) return Date.now() - began;
    if (Date.now() - began > ms)
      throw new Error(`${what}: not within ${ms / 1000} s${proc ? `:\n${proc.output().slice(-4000)}` : ''}`);
    await sleep(100);
  }
}

const healthy = (port) => async () =>
  (await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(3000) })).status === 200;

async function stopProcess(proc, signal = 'SIGTERM', ms = 30_000) {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null)
    return { code: proc.child.exitCode, signal: proc.child.signalCode, ms: 0 };
  const began = Date.now();
  try {
    process.kill(proc.child.pid, signal);
  } catch {
    // gone
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-proc.child.pid, 'SIGKILL');
    } catch {
      // gone
    }
  }, ms);
  const exit = await proc.exited;
  clearTimeout(timer);
  return { ...exit, ms: Date.now() - began };
}

const work = mkdtempSync(path.join(tmpdir(), 'halalnosh-compose-'));
chmodSync(work, 0o755);
const cleanups = [];
const result = { ok: false };
const began = Date.now();
try {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing (apt-get install -y nginx)`);
  if (!existsSync(path.join(ROOT, 'build', 'server', 'main.mjs')))
    throw new Error('not built: run `npm run build` first');
  const { services, apps, proxy } = readCompose();
  const image = imageConfig(parseDockerfile(path.join(ROOT, 'Dockerfile')));
  // The proxy's mounted config and certificate folder; its settings checked before anything starts.
  const confMount = mounts(proxy).find((m) => m.bind && m.target.startsWith('/etc/nginx/conf.d/'));
  const certMount = mounts(proxy).find((m) => m.bind && /cert/.test(m.target));
  if (!confMount || !certMount) throw new Error('proxy: no nginx config or certificate folder mounted');
  let site = readFileSync(path.join(ROOT, confMount.source), 'utf8');
  sameNginxSettings(site);
  const [httpPort, httpsPort, redisPort, ...appPorts] = await Promise.all(
    [0, 1, 2, ...apps.map(() => 0)].map(() => freePort()),
  );
  const publicUrl = `https://localhost:${httpsPort}`;

  // The operator's .env (deploy/compose/env.example), filled in as the docs say.
  const vapid = webpush.generateVAPIDKeys();
  const dotenv = {
    PUBLIC_URL: publicUrl,
    POSTGRES_PASSWORD: randomBytes(24).toString('hex'),
    AUTH_SECRET: randomBytes(48).toString('base64'),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
  };
  writeFileSync(
    path.join(work, '.env'),
    Object.entries(dotenv)
      .map(([k, v]) => `${k}=${v}\n`)
      .join(''),
    { mode: 0o600 },
  );
  const vars = { ...dotenv };

  // postgres: a role and a fresh database on the local server, with compose's user name made unique.
  const pgEnv = environment(services.postgres.environment);
  const server = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const suffix = randomUUID().replace(/-/g, '').slice(0, 10);
  const role = `${interpolate(pgEnv.POSTGRES_USER ?? 'postgres', vars)}_topology_${suffix}`;
  const dbName = `${interpolate(pgEnv.POSTGRES_DB ?? 'postgres', vars)}_topology_${suffix}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create role ${role} login password '${interpolate(pgEnv.POSTGRES_PASSWORD, vars)}'`);
  await admin.query(`create database ${dbName} owner ${role}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: server });
    await c.connect();
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.query(`drop role if exists ${role}`);
    await c.end();
  });
  const serverUrl = new URL(server);
  say(`postgres: database ${dbName} (role ${role}) on ${serverUrl.host}`);

  // redis: the compose service's command, on a port of its own.
  const redisArgs = (services.redis.command ?? ['redis-server']).slice(1);
  const redis = start(
    'redis-server',
    [...redisArgs, '--port', String(redisPort), '--bind', '127.0.0.1', '--dir', work],
    {
      env: process.env,
      label: 'redis',
    },
  );
  cleanups.push(() => stopProcess(redis));
  await waitFor(
    'redis',
    async () =>
      spawnSync('redis-cli', ['-p', String(redisPort), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG',
    redis,
    30_000,
  );
  say(`redis: redis-server ${redisArgs.join(' ')} on 127.0.0.1:${redisPort}`);

  // The apps' environment: image ENV < env_file < environment; service names and container paths
  // pointed at this machine.
  const uploads = path.join(work, 'volume-uploads');
  mkdirSync(uploads);
  const appEnv = (name, service, port) => {
    const fromFile = envFile(readFileSync(path.join(work, '.env'), 'utf8'));
    const env = { ...image.env, ...fromFile };
    for (const [k, v] of Object.entries(environment(service.environment))) env[k] = interpolate(v, vars);
    const db = new URL(env.DATABASE_URL);
    if (db.hostname !== 'postgres') throw new Error(`${name}: DATABASE_URL names ${db.hostname}`);
    db.hostname = serverUrl.hostname;
    db.port = serverUrl.port || '5432';
    db.username = role;
    db.pathname = `/${dbName}`;
    env.DATABASE_URL = db.toString();
    env.REDIS_URL = env.REDIS_URL.replace(/^redis:\/\/redis:\d+/, `redis://127.0.0.1:${redisPort}`);
    for (const m of mounts(service)) {
      if (m.source !== 'uploads') throw new Error(`${name}: volume ${m.source} is not known here`);
      for (const [k, v] of Object.entries(env))
        if (v === m.target || v.startsWith(`${m.target}/`)) env[k] = uploads + v.slice(m.target.length);
    }
    // The image's own volume (/app/data) per container.
    env.DATA_DIR = path.join(work, `${name}-data`);
    env.PORT = String(port);
    env.HOST = '127.0.0.1';
    return { PATH: process.env.PATH, HOME: process.env.HOME, ...env };
  };
  const cmd = image.cmd[0] === 'node' ? [process.execPath, ...image.cmd.slice(1)] : image.cmd;
  const running = apps.map(([name, service], i) => {
    const env = appEnv(name, service, appPorts[i]);
    const proc = start(cmd[0], cmd.slice(1), { env, label: name });
    cleanups.push(() => stopProcess(proc, 'SIGKILL'));
    return { name, port: appPorts[i], env, proc };
  });
  say(
    `${running.map((a) => `${a.name} on 127.0.0.1:${a.port}`).join(', ')}: started together (${image.cmd.join(' ')}, NODE_ENV=${running[0].env.NODE_ENV})`,
  );
  const upMs = await Promise.all(running.map((a) => waitFor(`${a.name} /api/health`, healthy(a.port), a.proc)));
  const appsUpMs = Math.max(...upMs);
  // Each process's resident memory once started (it serves nothing yet).
  const rss = running.map((a) =>
    Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${a.proc.child.pid}/status`, 'utf8'))[1]),
  );
  say(
    `both answer /api/health 200 (the later after ${sec(appsUpMs)} s); RSS ${rss.map((kb) => `${Math.round(kb / 1024)} MB`).join(', ')}`,
  );

  // Migrations: each once, though both processes migrated at start under the lock.
  const journal = JSON.parse(
    readFileSync(path.join(ROOT, 'build', 'server', 'migrations', 'meta', '_journal.json'), 'utf8'),
  );
  const dbUrl = running[0].env.DATABASE_URL;
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  cleanups.push(() => client.end());
  const { rows } = await client.query(
    'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash',
  );
  if (rows.length !== journal.entries.length || rows.some((r) => r.n !== 1))
    throw new Error(
      `migrations: ${rows.length} recorded (some twice: ${rows.some((r) => r.n !== 1)}), the journal has ${journal.entries.length}`,
    );
  say(`migrations: ${rows.length} recorded once each`);

  // The demo data, by a third process of the image (`docker compose run -e DEMO=1 app1`), then stopped.
  const seedPort = await freePort();
  const seeder = start(cmd[0], cmd.slice(1), {
    env: { ...appEnv(apps[0][0], apps[0][1], seedPort), DEMO: '1', DATA_DIR: path.join(work, 'seed-data') },
    label: 'seed',
  });
  cleanups.push(() => stopProcess(seeder, 'SIGKILL'));
  const seedMs = await waitFor('the demo data', healthy(seedPort), seeder);
  const seedStop = await stopProcess(seeder);
  if (seedStop.code !== 0) throw new Error(`the seeding process exited ${seedStop.code ?? seedStop.signal}`);
  say(`demo data put in by a third process with DEMO=1 in ${sec(seedMs)} s, stopped`);

  // proxy: the mounted config and certificates, rewritten to this machine.
  const prefix = path.join(work, 'nginx');
  const certs = path.join(work, 'certs');
  for (const d of [prefix, path.join(prefix, 'logs'), path.join(prefix, 'temp'), certs])
    mkdirSync(d, { recursive: true });
  chmodSync(path.join(prefix, 'temp'), 0o777);
  const ssl = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      path.join(certs, 'privkey.pem'),
      '-out',
      path.join(certs, 'fullchain.pem'),
    ],
    { encoding: 'utf8' },
  );
  if (ssl.status !== 0) throw new Error(`openssl: ${ssl.stderr}`);
  for (const [i, [name]] of apps.entries()) {
    const re = new RegExp(`server ${name}:\\d+ `);
    if (!re.test(site)) throw new Error(`deploy/compose/nginx.conf: no upstream server ${name}`);
    site = site.replace(re, `server 127.0.0.1:${appPorts[i]} `);
  }
  site = site
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${httpsPort} ssl http2;`)
    .replace(/listen 80;/, `listen 127.0.0.1:${httpPort};`)
    .replace(/access_log \/dev\/stdout /, `access_log ${prefix}/logs/access.log `)
    .replaceAll(certMount.target, certs);
  if (!site.includes(`127.0.0.1:${httpsPort} ssl`) || !site.includes(`127.0.0.1:${httpPort};`))
    throw new Error('could not set nginx ports');
  writeFileSync(path.join(prefix, 'default.conf'), site);
  writeNginxMain(prefix, `${prefix}/default.conf`, { workerConnections: 1024 });
  const nginx = start(NGINX, ['-p', prefix, '-c', `${prefix}/nginx.conf`], { env: process.env, label: 'nginx' });
  cleanups.push(() => stopProcess(nginx, 'SIGQUIT', 5000));
  await waitFor('nginx', async () => existsSync(`${prefix}/nginx.pid`), nginx, 30_000);
  say(
    `proxy: ${NGINX} with ${confMount.source} on https://localhost:${httpsPort} (http ${httpPort}), a self-signed certificate`,
  );

  // The client half, in a process that trusts the certificate as a browser would be told to.
  const clientRun = spawnSync(
    process.execPath,
    [
      fileURLToPath(import.meta.url),
      '--client',
      JSON.stringify({ publicUrl, httpPort, apps: running.map((a) => ({ name: a.name, port: a.port })) }),
    ],
    {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: path.join(certs, 'fullchain.pem') },
      encoding: 'utf8',
      timeout: 180_000,
    },
  );
  const client_ = JSON.parse(clientRun.stdout.trim().split('\n').at(-1) || '{"error":"no answer"}');
  if (client_.error)
    throw new Error(
      `through the proxy: ${client_.error}\n${clientRun.stderr}\nnginx: ${readFileSync(`${prefix}/logs/error.log`, 'utf8').slice(-2000)}`,
    );
  for (const line of client_.steps) say(line);
  // The bus is Redis: both processes subscribe there (with REDIS_URL they use no NOTIFY at all).
  const redisCli = (...args) => spawnSync('redis-cli', ['-p', String(redisPort), ...args], { encoding: 'utf8' }).stdout;
  const channels = redisCli('pubsub', 'channels').trim().split('\n').filter(Boolean);
  const subscribers = channels.map((c) => Number(redisCli('pubsub', 'numsub', c).trim().split('\n')[1]));
  if (channels.length === 0 || subscribers.some((n) => n < running.length))
    throw new Error(
      `redis: channels ${JSON.stringify(channels)} with ${JSON.stringify(subscribers)} subscribers, not both processes`,
    );
  say(`redis: both processes subscribed (${channels.join(', ')}: ${subscribers.join(', ')} subscribers)`);

  // Stop: SIGTERM to each app (a clean stop, exit 0), then the proxy and Redis.
  const stops = [];
  for (const a of running) {
    const s = await stopProcess(a.proc);
    if (s.code !== 0 || !/shut down cleanly/.test(a.proc.output()))
      throw new Error(`${a.name}: SIGTERM gave exit ${s.code ?? s.signal}:\n${a.proc.output().slice(-3000)}`);
    stops.push(`${a.name} ${sec(s.ms)} s`);
  }
  say(`SIGTERM: both apps shut down cleanly with exit 0 (${stops.join(', ')})`);
  Object.assign(result, {
    ok: true,
    seconds: sec(Date.now() - began),
    appsUpSeconds: sec(appsUpMs),
    apps: running.map((a, i) => ({ name: a.name, msToHealth: upMs[i], rssKb: rss[i] })),
    order: client_.order,
  });
  say(`passed in ${result.seconds} s`);
} catch (err) {
  result.error = err instanceof Error ? err.message : String(err);
  console.error(`compose-topology: FAILED\n${result.error}`);
  process.exitCode = 1;
} finally {
  for (const c of cleanups.reverse())
    await Promise.resolve()
      .then(c)
      .catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
}
if (opts.json) console.log(JSON.stringify(result));
