// Shared by the crash-safety and soak benches: start the real server as a child process on its
// own data, find free ports, sign in over HTTP, and keep a demo branch open round the clock.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DEMO_PASSWORD = 'halalnosh-demo';

/** A TCP port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** A fresh database on the server named by `serverUrl`; returns its URL and a dropper. */
export async function freshDatabase(serverUrl, prefix) {
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Starts src/server/main.ts in its own process group (so a kill reaches tsx's node process too),
 * waits for /api/health, and returns { pid, base, kill(signal), exited }.
 */
export async function startServer({
  port,
  env,
  timeoutMs = 120_000,
  log = () => undefined,
  npmStart = false,
  root = ROOT,
}) {
  // root: the checkout whose server runs (another commit's, for a bench that measures it beside this one).
  // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops (for finding
  // where a figure's time goes; never set for recorded runs).
  const profile = process.env.BENCH_CPU_PROF;
  // npmStart: the server as `npm start` runs it (scripts/start.mjs: the bundled server, built first
  // when its sources changed, with start.mjs's process settings), for figures about what a new user
  // runs; servingPid() then finds the server under start.mjs.
  const [command, args] = npmStart
    ? [process.execPath, [path.join(root, 'scripts/start.mjs')]]
    : profile
      ? [
          process.execPath,
          ['--cpu-prof', `--cpu-prof-dir=${profile}`, '--import', 'tsx', path.join(root, 'src/server/main.ts')],
        ]
      : [path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'src/server/main.ts')]];
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', DEMO_FLEET: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-4000);
    log(String(chunk));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  let gone = null;
  void exited.then((e) => (gone = e));
  for (;;) {
    if (gone) throw new Error(`server exited during start-up (${JSON.stringify(gone)}):\n${output}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) {
      process.kill(-child.pid, 'SIGKILL');
      throw new Error(`server did not become healthy in ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    pid: child.pid,
    base,
    startedInMs: Date.now() - started,
    exited,
    output: () => output,
    /** Signals the whole process group this bench started. */
    kill(signal = 'SIGTERM') {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
      return exited;
    },
  };
}

/** Reads a process's resident memory in kB from /proc (Linux), or null. */
export async function rssKb(pid) {
  try {
    const { readFile } = await import('node:fs/promises');
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const m = /VmRSS:\s+(\d+)/.exec(status);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** JSON over HTTP with our Origin (the CSRF check wants a browser-like caller to name it). */
export async function call(base, method, url, { body, cookie, headers = {} } = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      origin: base,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, json, text, headers: res.headers };
}

/** Signs a demo account in; returns its Cookie header. */
export async function signIn(base, email, password = DEMO_PASSWORD) {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const ALWAYS = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
    d,
    { open: '00:00', close: '00:00', closed: false },
  ]),
);

/**
 * The demo partner's first branch in the E area, opened round the clock with no minimum order,
 * and up to three of its menu items that need no choice (no option group with a minimum): orders can
 * then be placed whatever the hour the bench runs, with nothing but an item and a quantity.
 */
export async function openDemoBranch(base) {
  const partner = await signIn(base, 'partner@halalnosh.test');
  const brands = (await call(base, 'GET', '/api/partner/brands', { cookie: partner })).json.brands;
  const sites = [];
  for (const summary of brands.flatMap((b) => b.sites))
    sites.push((await call(base, 'GET', `/api/partner/sites/${summary.id}`, { cookie: partner })).json.site);
  // A branch in the demo driver's area (E), so delivery jobs reach a driver.
  const site = sites.find((s) => /^E\d/i.test(s.postcode ?? '')) ?? sites[0];
  const patched = await call(base, 'PATCH', `/api/partner/sites/${site.id}`, {
    cookie: partner,
    body: { openingHours: ALWAYS, isOpen: true, minOrderMinor: 0, pausedUntil: null, busyExtraMinutes: 0 },
  });
  if (patched.status !== 200) throw new Error(`opening ${site.id}: ${patched.status} ${patched.text}`);
  const page = (await call(base, 'GET', `/api/restaurants/${patched.json.site.slug}`)).json.restaurant;
  const items = page.menu.sections
    .flatMap((s) => s.items)
    .filter((item) => !(item.optionGroups ?? []).some((g) => g.minSelect > 0))
    .slice(0, 3);
  return { partner, site: patched.json.site, items, postcode: page.postcode };
}

/**
 * A Server-Sent Events subscriber: collects every event of the stream until closed.
 * Resolves once the server has answered the subscription (status and first bytes).
 */
export function subscribe(base, pathAndQuery, { cookie } = {}) {
  return new Promise((resolve, reject) => {
    const events = [];
    const controller = new AbortController();
    fetch(`${base}${pathAndQuery}`, {
      headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
      signal: controller.signal,
    })
      .then(async (res) => {
        if (res.status !== 200) {
          resolve({ status: res.status, events, close: () => controller.abort() });
          return;
        }
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        let announced = false;
        for (;;) {
          let chunk;
          try {
            chunk = await reader.read();
          } catch {
            return;
          }
          if (chunk.done) return;
          buffer += decoder.decode(chunk.value, { stream: true });
          if (!announced) {
            announced = true;
            resolve({ status: 200, events, close: () => controller.abort() });
          }
          let idx;
          while ((idx = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, idx);
            buffer = buffer.slice(idx + 2);
            const data = block
              .split('\n')
              .filter((l) => l.startsWith('data: '))
              .map((l) => l.slice(6))
              .join('\n');
            if (data) events.push(JSON.parse(data));
          }
        }
      })
      .catch((err) => {
        if (err?.name !== 'AbortError') reject(err);
      });
  });
}

/** The pid of the process actually serving (tsx runs the server in a child of its own). */
export async function servingPid(pid) {
  const { readFile } = await import('node:fs/promises');
  try {
    const children = (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8')).trim().split(/\s+/).filter(Boolean);
    return children.length ? Number(children.at(-1)) : pid;
  } catch {
    return pid;
  }
}
