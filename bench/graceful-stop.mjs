#!/usr/bin/env node
// Graceful stop behind nginx (docs/decisions/0234-graceful-stop-with-a-deadline.md): two API
// processes on one fresh PostgreSQL database behind deploy/nginx.conf (its own ports), a steady
// load of GET requests through nginx, then SIGTERM to one process. It passes when:
//   - not one request through nginx failed (a process that stops answers 503 on kept-alive
//     connections and refuses new ones; nginx's proxy_next_upstream retries on the other);
//   - the stopped process exited 0 within SHUTDOWN_TIMEOUT_MS, logging "shut down cleanly";
//   - an event stream open on it ended with `retry:` and the final `server_stopping` event;
//   - the outbox rows it held under lease (mails to an SMTP server that never answers) were given
//     back at the stop and sent by the other process, long before their 2-minute leases lapsed.
//
//   node bench/graceful-stop.mjs [--seconds 4] [--workers 12] [--json] [--verbose]
//
// Needs PostgreSQL (DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres)
// and nginx (/usr/sbin/nginx: `apt-get install -y nginx`); without nginx it exits 77 (skipped).
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ROOT, call, freePort, freshDatabase, signIn, startServer } from './lib/harness.mjs';
import { writeNginxMain } from './lib/nginx.mjs';

const { values: opts } = parseArgs({
  options: {
    seconds: { type: 'string', default: '4' },
    workers: { type: 'string', default: '12' },
    json: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});
const NGINX = '/usr/sbin/nginx';
const PG_SERVER = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SHUTDOWN_TIMEOUT_MS = 10_000;
const say = (...a) => {
  if (!opts.json) console.error(...a);
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (!existsSync(NGINX)) {
  console.error(`skipped: ${NGINX} is missing (apt-get install -y nginx)`);
  process.exit(77);
}

/** deploy/nginx.conf with this run's ports, in a main config of our own; returns { base, stop, errors }. */
async function startNginx(port, upstreamPorts) {
  const prefix = mkdtempSync(path.join(tmpdir(), 'halalnosh-nginx-stop-'));
  for (const d of ['logs', 'temp']) mkdirSync(path.join(prefix, d));
  chmodSync(prefix, 0o755);
  chmodSync(path.join(prefix, 'temp'), 0o777);
  let site = readFileSync(path.join(ROOT, 'deploy', 'nginx.conf'), 'utf8');
  if (!/proxy_next_upstream error timeout http_502 http_503;/.test(site))
    throw new Error('deploy/nginx.conf no longer retries the next process on error, timeout, 502 and 503');
  const servers = upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;`).join('\n');
  site = site.replace(
    /^ {4}server 127\.0\.0\.1:\d+ [^\n]*\n(?: {4}server 127\.0\.0\.1:\d+ [^\n]*\n)*/m,
    `${servers}\n`,
  );
  site = site.replace(/^( {4})listen 80;/m, `$1listen 127.0.0.1:${port};`);
  if (!site.includes(`listen 127.0.0.1:${port};`) || !site.includes(`127.0.0.1:${upstreamPorts[1]}`))
    throw new Error('deploy/nginx.conf: could not set the ports');
  writeFileSync(path.join(prefix, 'halalnosh.conf'), site);
  writeNginxMain(prefix, `${prefix}/halalnosh.conf`, { workerConnections: 4096, accessLog: false });
  const child = spawn(NGINX, ['-p', prefix, '-c', `${prefix}/nginx.conf`], {
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise((r) => child.on('exit', r));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 100 || child.exitCode !== null)
      throw new Error(`nginx did not come up:\n${readFileSync(`${prefix}/logs/error.log`, 'utf8')}`);
    await sleep(100);
  }
  return {
    base,
    errors: () => readFileSync(`${prefix}/logs/error.log`, 'utf8').trim(),
    async stop() {
      try {
        process.kill(-child.pid, 'SIGQUIT');
      } catch {
        // gone
      }
      await Promise.race([exited, sleep(5000)]);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** An SMTP server that accepts connections and never says a word: mails to it hang until the stop. */
async function silentSmtp() {
  const sockets = new Set();
  const server = createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: server.address().port,
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

/** An event stream opened straight on one process; keeps the raw text it receives. */
function rawStream(url, cookie) {
  const controller = new AbortController();
  let text = '';
  const done = fetch(url, { headers: { accept: 'text/event-stream', cookie }, signal: controller.signal }).then(
    async (res) => {
      if (res.status !== 200) throw new Error(`stream refused: ${res.status}`);
      const decoder = new TextDecoder();
      for await (const chunk of res.body) text += decoder.decode(chunk, { stream: true });
      return 'ended';
    },
  );
  return { text: () => text, done, close: () => controller.abort() };
}

const work = mkdtempSync(path.join(tmpdir(), 'halalnosh-graceful-'));
const cleanups = [];
const result = { ok: false };
try {
  const database = await freshDatabase(PG_SERVER, 'halalnosh_stop');
  cleanups.push(() => database.drop());
  const smtp = await silentSmtp();
  cleanups.push(() => smtp.close());
  const common = {
    DATABASE_URL: database.url,
    AUTH_SECRET: 'graceful-stop-check-secret-'.padEnd(40, 'x'),
    DEMO: '1',
    LOG_LEVEL: 'info',
    SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
  };
  const log = opts.verbose ? (t) => process.stderr.write(t) : undefined;
  const [portA, portB, portN] = [await freePort(), await freePort(), await freePort()];

  say('starting processes A (its mail goes to an SMTP server that never answers) and B, and nginx…');
  let outA = '';
  const a = await startServer({
    port: portA,
    env: { ...common, DATA_DIR: path.join(work, 'a'), SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
    log: (t) => {
      outA += t;
      log?.(t);
    },
  });
  cleanups.push(() => a.kill('SIGKILL'));
  const b = await startServer({ port: portB, env: { ...common, DATA_DIR: path.join(work, 'b') }, log });
  cleanups.push(() => b.kill('SIGKILL'));
  const nginx = await startNginx(portN, [portA, portB]);
  cleanups.push(() => nginx.stop());

  // Mails for A's outbox worker to claim while B is paused (SIGSTOP), so A holds them all: they
  // stay under A's leases while the SMTP server is silent (each send gives up after 30 s).
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  cleanups.push(() => db.end());
  const MAILS = 3;
  process.kill(-b.pid, 'SIGSTOP');
  try {
    for (let i = 0; i < MAILS; i++) {
      await db.query(
        `insert into notification_outbox (event_kind, event_id, channel, recipient_email, dedupe_key, payload)
         values ('ticketReply', $1, 'email', $2, $3, $4)`,
        [
          `graceful:${i}`,
          `stop${i}@example.com`,
          `graceful:${i}|stop${i}@example.com|email`,
          { title: 'Stop', text: `Mail ${i}` },
        ],
      );
    }
    await db.query(`select pg_notify('halalnosh_outbox', '')`);
    for (let i = 0; ; i++) {
      const { rows } = await db.query(
        `select count(*) as n from notification_outbox
         where event_id like 'graceful:%' and status = 'pending' and lease_token is not null and leased_until > now()`,
      );
      if (Number(rows[0].n) === MAILS) break;
      if (i > 200) throw new Error('process A never claimed the outbox rows');
      await sleep(100);
    }
  } finally {
    process.kill(-b.pid, 'SIGCONT');
  }
  say(`process A holds ${MAILS} outbox rows under lease`);

  // A partner's event stream straight on A: it must end with the reconnect hint and the last event.
  const partner = await signIn(a.base, 'partner@halalnosh.test');
  const brands = (await call(a.base, 'GET', '/api/partner/brands', { cookie: partner })).json.brands;
  const siteId = brands.flatMap((br) => br.sites)[0].id;
  const stream = rawStream(`${a.base}/api/events?topics=site:${siteId}`, partner);
  // And one through nginx, which must be able to open again after the stop.
  const urls = ['/api/health', '/api/restaurants/search?location=London', '/api/cities'];
  let sent = 0;
  const failures = [];
  let running = true;
  const worker = async (w) => {
    for (let i = 0; running; i++) {
      const url = urls[(w + i) % urls.length];
      sent++;
      try {
        const res = await fetch(`${nginx.base}${url}`);
        await res.arrayBuffer();
        if (res.status !== 200) failures.push(`${url}: ${res.status}`);
      } catch (err) {
        failures.push(`${url}: ${err.cause?.code ?? err.message}`);
      }
    }
  };
  const workers = Array.from({ length: Number(opts.workers) }, (_, w) => worker(w));
  await sleep(Number(opts.seconds) * 500);
  const before = sent;
  say(`${before} requests through nginx so far; SIGTERM to process A…`);
  const stoppedAt = Date.now();
  const exit = await a.kill('SIGTERM');
  const stopMs = Date.now() - stoppedAt;
  await Promise.race([stream.done.catch(() => undefined), sleep(2000)]);
  await sleep(Number(opts.seconds) * 500);
  running = false;
  await Promise.all(workers);
  stream.close();

  // The rows A gave back: B's outbox worker sends them (dev outbox) on its next pass.
  let sentByB = 0;
  for (let i = 0; i < 150; i++) {
    sentByB = Number(
      (
        await db.query(
          `select count(*) as n from notification_outbox where event_id like 'graceful:%' and status = 'sent'`,
        )
      ).rows[0].n,
    );
    if (sentByB === MAILS) break;
    await sleep(100);
  }
  const afterStop = Date.now() - stoppedAt;
  const raw = stream.text();
  const checks = {
    noFailedRequests: failures.length === 0,
    exitedZero: exit.code === 0,
    withinDeadline: stopMs < SHUTDOWN_TIMEOUT_MS,
    loggedCleanStop: /shut down cleanly/.test(outA),
    loggedLeasesReleased: new RegExp(`notification-outbox released ${MAILS} leases`).test(outA),
    streamRetryHint: /retry: \d+\n/.test(raw.split(': connected')[1] ?? ''),
    streamFinalEvent: /event: end\ndata: \{"reason":"server_stopping"\}/.test(raw),
    leasedRowsSentByOther: sentByB === MAILS && afterStop < 60_000,
  };
  Object.assign(result, {
    ok: Object.values(checks).every(Boolean),
    checks,
    requests: sent,
    failures: failures.slice(0, 10),
    failureCount: failures.length,
    stopMs,
    exit,
    leasedRowsSentWithinMs: afterStop,
  });
  if (!result.ok) {
    result.processA = outA
      .split('\n')
      .filter((l) => !/"msg":"(incoming request|request completed)"/.test(l))
      .join('\n')
      .slice(-3000);
    result.nginxErrors = nginx.errors().slice(-2000);
    result.stream = raw.slice(-500);
  }
} catch (err) {
  result.error = err instanceof Error ? err.stack : String(err);
} finally {
  for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
}
if (opts.json) console.log(JSON.stringify(result));
else console.log(JSON.stringify(result, null, 2));
process.exit(result.ok ? 0 : 1);
