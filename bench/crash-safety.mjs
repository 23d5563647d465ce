#!/usr/bin/env node
// Crash safety: place orders continuously against the real server (a child process on its own
// data), SIGKILL it mid-load, restart it on the same data, and prove that every order the server
// acknowledged is there, intact (items and totals), and that every request cut off by the kill
// resolves to exactly one order when the browser retries it with the same Idempotency-Key.
//
//   node bench/crash-safety.mjs [--seconds 6] [--kills 2] [--workers 8] [--no-record] [--json]
//
// PGlite by default (its own DATA_DIR); with DATABASE_URL set, the child gets a fresh database on
// that server instead. Writes the result to bench/results.md unless --no-record. Exit code 1 when
// anything acknowledged is missing or changed.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, call, freePort, freshDatabase, openDemoBranch, startServer } from './lib/harness.mjs';

const { values: opts } = parseArgs({
  options: {
    seconds: { type: 'string', default: '6' },
    kills: { type: 'string', default: '2' },
    workers: { type: 'string', default: '8' },
    'no-record': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});
const SECONDS = Number(opts.seconds);
const KILLS = Number(opts.kills);
const WORKERS = Number(opts.workers);
const say = (...a) => (opts.json ? undefined : console.log(...a));

const began = Date.now();
const dataDir = mkdtempSync(path.join(tmpdir(), 'halalnosh-crash-'));
const port = await freePort();
const serverUrl = process.env.DATABASE_URL || null;
const db = serverUrl ? await freshDatabase(serverUrl, 'halalnosh_crash') : null;
const env = {
  DATA_DIR: dataDir,
  DEMO: '1',
  DATABASE_URL: db ? db.url : '',
  AUTH_SECRET: 'crash-safety-bench-secret-0123456789abcdef',
  // The bench is one client placing thousands of orders: lift the abuse limits for it.
  ORDER_LIMIT_PER_IP: '10000000',
  ORDER_LIMIT_PER_ACCOUNT: '10000000',
  SIGN_IN_LIMIT_PER_MINUTE: '100000',
};
const kind = db ? 'PostgreSQL' : 'PGlite';

/** Every acknowledged order: number -> what the server said it was. */
const acknowledged = new Map();
/** Requests the kill cut off (sent, never answered): retried after the restart. */
const cutOff = [];
const failures = [];
let refusedDuringLoad = 0;
let server = null;

function orderBody(branch, n) {
  const items = branch.items
    .map((item, i) => ({ menuItemId: item.id, quantity: 1 + ((n + i) % 3) }))
    .slice(0, 1 + (n % branch.items.length));
  return {
    siteId: branch.site.id,
    orderType: 'PICKUP',
    items,
    customerName: `Crash Test ${n}`,
    customerPhone: '07700 900123',
  };
}

function snapshot(order) {
  return JSON.stringify({
    id: order.id,
    status: order.status,
    subtotalMinor: order.subtotalMinor,
    deliveryFeeMinor: order.deliveryFeeMinor,
    totalMinor: order.totalMinor,
    items: order.items.map((i) => [i.menuItemId, i.name, i.unitPriceMinor, i.quantity, i.lineTotalMinor]),
    contact: order.contact,
  });
}

/** Places orders from WORKERS loops until `stop` says so; the kill lands in the middle of them. */
async function load(branch, stopAt) {
  let n = acknowledged.size + cutOff.length;
  const worker = async () => {
    while (Date.now() < stopAt.value) {
      const i = n++;
      const key = `crash-${randomUUID()}`;
      const body = orderBody(branch, i);
      try {
        const res = await call(server.base, 'POST', '/api/orders', { body, headers: { 'idempotency-key': key } });
        if (res.status === 201)
          acknowledged.set(res.json.order.orderNumber, {
            key,
            body,
            token: res.json.orderToken,
            snapshot: snapshot(res.json.order),
          });
        else refusedDuringLoad++;
      } catch {
        // The connection died with the server: the order may or may not exist.
        cutOff.push({ key, body });
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
}

async function verify() {
  let intact = 0;
  for (const [number, a] of acknowledged) {
    const res = await call(server.base, 'GET', `/api/orders/${number}`, { headers: { 'x-order-token': a.token } });
    if (res.status !== 200) failures.push(`${number}: ${res.status} after restart`);
    else if (snapshot(res.json.order) !== a.snapshot)
      failures.push(`${number}: changed\n  was ${a.snapshot}\n  now ${snapshot(res.json.order)}`);
    else intact++;
  }
  // A browser whose request was cut off retries with the same key: it must get exactly one order.
  let resolved = 0;
  while (cutOff.length) {
    const c = cutOff.pop();
    const first = await call(server.base, 'POST', '/api/orders', {
      body: c.body,
      headers: { 'idempotency-key': c.key },
    });
    const again = await call(server.base, 'POST', '/api/orders', {
      body: c.body,
      headers: { 'idempotency-key': c.key },
    });
    if (![200, 201].includes(first.status) || again.status !== 200 || first.json?.order.id !== again.json?.order.id) {
      failures.push(`retry of a cut-off request: ${first.status}/${again.status}`);
      continue;
    }
    acknowledged.set(first.json.order.orderNumber, {
      key: c.key,
      body: c.body,
      token: first.json.orderToken,
      snapshot: snapshot(first.json.order),
    });
    resolved++;
  }
  return { intact, resolved };
}

const rounds = [];
try {
  server = await startServer({ port, env, log: opts.verbose ? (t) => process.stderr.write(t) : undefined });
  say(`crash-safety on ${kind}: server up in ${server.startedInMs} ms (pid ${server.pid})`);
  const branch = await openDemoBranch(server.base);
  for (let round = 1; round <= KILLS; round++) {
    const stopAt = { value: Infinity };
    const loading = load(branch, stopAt);
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    await server.kill('SIGKILL');
    stopAt.value = 0;
    await loading;
    const before = acknowledged.size;
    const restartBegan = Date.now();
    server = await startServer({ port, env, log: opts.verbose ? (t) => process.stderr.write(t) : undefined });
    const { intact, resolved } = await verify();
    rounds.push({
      round,
      acknowledgedAtKill: before,
      cutOffRetried: resolved,
      intact,
      restartMs: Date.now() - restartBegan,
    });
    say(
      `round ${round}: ${before} acknowledged before SIGKILL, ${resolved} cut-off requests retried, ${intact}/${acknowledged.size - resolved} intact after restart (${Date.now() - restartBegan} ms)`,
    );
  }
} catch (err) {
  failures.push(String(err instanceof Error ? err.message : err));
} finally {
  if (server) await server.kill('SIGTERM');
  if (db) await db.drop().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}

const summary = {
  database: kind,
  kills: rounds.length,
  acknowledged: acknowledged.size,
  lost: failures.filter((f) => /after restart/.test(f)).length,
  changed: failures.filter((f) => /changed/.test(f)).length,
  cutOffRetried: rounds.reduce((s, r) => s + r.cutOffRetried, 0),
  refusedDuringLoad,
  seconds: Math.round((Date.now() - began) / 1000),
  ok: failures.length === 0 && rounds.length === KILLS,
  failures: failures.slice(0, 20),
};

if (!opts['no-record']) {
  const file = path.join(ROOT, 'bench', 'results.md');
  const header = '# Bench results\n\nThe latest run of each bench script (see bench/README.md).\n';
  let text = existsSync(file) ? readFileSync(file, 'utf8') : header;
  const title = `## Crash safety (${kind})`;
  const section = [
    title,
    '',
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, \`node bench/crash-safety.mjs --seconds ${SECONDS} --kills ${KILLS} --workers ${WORKERS}\`${db ? ' with DATABASE_URL' : ''}.`,
    '',
    '| kills | orders acknowledged | lost | changed | cut-off requests retried (one order each) | total time | result |',
    '|---|---|---|---|---|---|---|',
    `| ${summary.kills} | ${summary.acknowledged} | ${summary.lost} | ${summary.changed} | ${summary.cutOffRetried} | ${summary.seconds} s | ${summary.ok ? 'pass' : 'FAIL'} |`,
    '',
  ].join('\n');
  const start = text.indexOf(title);
  if (start >= 0) {
    const next = text.indexOf('\n## ', start + title.length);
    text = text.slice(0, start) + section + (next >= 0 ? text.slice(next + 1) : '');
  } else text = `${text.trimEnd()}\n\n${section}`;
  writeFileSync(file, text);
}

if (opts.json) console.log(JSON.stringify(summary));
else {
  say(
    `${summary.ok ? 'PASS' : 'FAIL'}: ${summary.acknowledged} acknowledged orders, ${summary.lost} lost, ${summary.changed} changed, ${summary.kills} SIGKILLs, ${summary.seconds} s`,
  );
  for (const f of summary.failures) say(`  ${f}`);
}
process.exit(summary.ok ? 0 : 1);
