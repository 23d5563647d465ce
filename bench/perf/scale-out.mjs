#!/usr/bin/env node
// Performance budget, item 10 of bench/README.md: scale-out. Two API processes on one fresh PostgreSQL database behind nginx
// from Debian's packages, configured by deploy/nginx.conf (least_conn, HTTP/1.1 keep-alive to the
// processes, unbuffered event streams, no sticky sessions); against one process, measured in the
// same run:
//   - search throughput: autocannon (50 connections, no pipelining) on GET /api/restaurants/search
//     for London through nginx, and straight at process 1;
//   - push latency (as bench/perf/push.mjs measures it: from the commit to the subscriber) with
//     the writer and every subscriber going through nginx, so streams and writes land on either
//     process, and with both on process 1 alone; with the NOTIFY bus and with the Redis bus
//     (REDIS_URL, default redis://127.0.0.1:6379).
//
// nginx runs as this script's own process (its own prefix, pid, logs and temp folders in a
// temporary folder, one worker); when /usr/sbin/nginx is missing it is installed with apt-get.
//
//   node bench/perf/scale-out.mjs [--subscribers 500] [--bus notify,redis] [--quick] [--json] [--verbose]
//
// Budget: push through nginx as item 4 (p50 < 20 ms, p99 < 100 ms, every event delivered).
// Throughput has no budget: it is reported beside one process's.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, freePort, freshDatabase, openDemoBranch } from '../lib/harness.mjs';
import {
  PG_SERVER,
  benchArgs,
  figure,
  fmtMs,
  fmtRate,
  load,
  printResult,
  say,
  startBenchServer,
} from '../lib/perf.mjs';
import { PICKUP_STEPS, collectLatencies, orderPath, placeVisitorOrders, round } from '../lib/push.mjs';
import { sseClients } from '../lib/sse-pool.mjs';
import { writeNginxMain } from '../lib/nginx.mjs';

const opts = benchArgs({
  subscribers: { type: 'string' },
  bus: { type: 'string', default: 'notify,redis' },
});
const SUBSCRIBERS = Number(opts.subscribers ?? (opts.quick ? 200 : 500));
const SECONDS = opts.quick ? 5 : 15;
const WARMUP = opts.quick ? 2 : 3;
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const NGINX = '/usr/sbin/nginx';
const BUDGET = { p50: 20, p99: 100 };

function ensureNginx() {
  if (existsSync(NGINX)) return;
  say(opts, 'installing nginx from Debian’s packages…');
  const quiet = { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
  execFileSync('apt-get', ['update', '-qq'], quiet);
  execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], quiet);
}

/** deploy/nginx.conf with this run's ports, inside a main config of our own; returns { base, stop }. */
async function startNginx(port, upstreamPorts) {
  const prefix = mkdtempSync(path.join(tmpdir(), 'halalnosh-nginx-'));
  for (const d of ['logs', 'temp']) mkdirSync(path.join(prefix, d));
  // Started as root, nginx's workers run as nobody: they must reach the temp folder.
  chmodSync(prefix, 0o755);
  chmodSync(path.join(prefix, 'temp'), 0o777);
  let site = readFileSync(path.join(ROOT, 'deploy', 'nginx.conf'), 'utf8');
  const servers = upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;`).join('\n');
  site = site.replace(
    /^ {4}server 127\.0\.0\.1:\d+ [^\n]*\n(?: {4}server 127\.0\.0\.1:\d+ [^\n]*\n)*/m,
    `${servers}\n`,
  );
  site = site.replace(/^( {4})listen 80;/m, `$1listen 127.0.0.1:${port};`);
  if (!site.includes(`listen 127.0.0.1:${port};`) || !site.includes(`127.0.0.1:${upstreamPorts[1]}`))
    throw new Error('deploy/nginx.conf: could not set the ports');
  writeFileSync(path.join(prefix, 'halalnosh.conf'), site);
  writeNginxMain(prefix, `${prefix}/halalnosh.conf`, { workerConnections: 8192, accessLog: false });
  execFileSync(NGINX, ['-t', '-p', prefix, '-c', `${prefix}/nginx.conf`], { stdio: ['ignore', 'ignore', 'pipe'] });
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
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    /** The last lines of nginx's error log (upstream failures show there). */
    errors: () => readFileSync(`${prefix}/logs/error.log`, 'utf8').trim().split('\n').slice(-5).join('\n'),
    async stop() {
      try {
        process.kill(-child.pid, 'SIGQUIT');
      } catch {
        // gone
      }
      const t = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // gone
        }
      }, 5000);
      await exited;
      clearTimeout(t);
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

async function search(base, proxy = null) {
  const r = await load({
    url: `${base}/api/restaurants/search?location=London`,
    connections: 50,
    seconds: SECONDS,
    warmupSeconds: WARMUP,
  });
  if (r.non2xx || r.errors)
    throw new Error(
      `search at ${base}: ${r.non2xx} non-2xx, ${r.errors} errors (${r.timeouts} of them timeouts after 10 s) of ${r.requests} requests${proxy ? `; nginx: ${proxy.errors() || 'no errors logged'}` : ''}`,
    );
  return r;
}

/** Places fresh orders on `writerBase`, subscribes through `subscriberBase`, one accept round. */
async function push(writerBase, subscriberBase, branch) {
  const orders = await placeVisitorOrders(writerBase, branch, SUBSCRIBERS);
  const clients = sseClients(1);
  try {
    const opened = await clients.open(subscriberBase, orders.map(orderPath));
    if (opened.failed) throw new Error(`${opened.failed} subscriptions refused: ${JSON.stringify(opened.statuses)}`);
    const [action, status] = PICKUP_STEPS[0];
    const { sentAt } = await round(writerBase, branch.partner, orders, action, status, 4);
    return await collectLatencies(clients, sentAt);
  } finally {
    await clients.close();
  }
}

const pushText = (r) => `p50 ${fmtMs(r.p50)}, p99 ${fmtMs(r.p99)} (${r.received}/${r.expected} events)`;
const pushPasses = (r) => r.received === r.expected && r.expected > 0 && r.p50 < BUDGET.p50 && r.p99 < BUDGET.p99;

ensureNginx();
const db = await freshDatabase(PG_SERVER, 'halalnosh_bench_scaleout');
const figures = [];
const servers = [];
let nginx = null;
try {
  let searched = false;
  for (const bus of opts.bus.split(',')) {
    // As in production, PUBLIC_URL is the address people use: nginx's (the CSRF check wants it).
    const nginxPort = await freePort();
    const env = { REDIS_URL: bus === 'redis' ? REDIS_URL : '', PUBLIC_URL: `http://127.0.0.1:${nginxPort}` };
    const name = bus === 'redis' ? 'Redis' : 'NOTIFY';
    for (let i = 0; i < 2; i++)
      servers.push(await startBenchServer({ databaseUrl: db.url, env, verbose: opts.verbose }));
    nginx = await startNginx(
      nginxPort,
      servers.map((s) => Number(new URL(s.base).port)),
    );
    const one = servers[0].base;
    const branch = await openDemoBranch(one);

    if (!searched) {
      searched = true;
      const viaNginx = await search(nginx.base, nginx);
      const single = await search(one);
      say(
        opts,
        `search: two processes behind nginx ${fmtRate(viaNginx.reqPerSec)} (p99 ${fmtMs(viaNginx.p99)}); one process ${fmtRate(single.reqPerSec)} (p99 ${fmtMs(single.p99)})`,
      );
      figures.push(
        figure(
          'scale-out-search',
          'Search (London) throughput, two processes behind nginx vs one process',
          `${fmtRate(viaNginx.reqPerSec)}, p99 ${fmtMs(viaNginx.p99)} vs ${fmtRate(single.reqPerSec)}, p99 ${fmtMs(single.p99)} (${(viaNginx.reqPerSec / single.reqPerSec).toFixed(2)}×)`,
          'reported (no budget); 50 connections, same run',
          true,
        ),
      );
    }

    const spread = await push(nginx.base, nginx.base, branch);
    const alone = await push(one, one, branch);
    say(opts, `[${bus}] push through nginx (two processes): ${pushText(spread)}; one process: ${pushText(alone)}`);
    figures.push(
      figure(
        `scale-out-push-${bus}`,
        `Push latency, ${name} bus, writer and ${SUBSCRIBERS} subscribers through nginx (two processes, no sticky sessions) vs one process`,
        `${pushText(spread)} vs ${pushText(alone)}`,
        'through nginx: p50 < 20 ms, p99 < 100 ms, every event',
        pushPasses(spread),
      ),
    );
    await nginx.stop();
    nginx = null;
    await Promise.all(servers.splice(0).map((s) => s.kill()));
  }
} finally {
  await nginx?.stop();
  await Promise.all(servers.map((s) => s.kill()));
  await db.drop();
}
printResult(figures, opts);
