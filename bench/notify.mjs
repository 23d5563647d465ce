#!/usr/bin/env node
// Notifications bench (bench/README.md#notifications; docs/decisions/0140-notification-outbox.md).
//
//   node bench/notify.mjs [--db pglite|postgres] [--samples 200] [--rate 500] [--events 10000]
//                         [--only latency|crash] [--quick] [--json] [--verbose] [--no-record]
//
// (a) Push latency under order load. A local push service (the web-push-testing package, standing
//     in for the browser vendors' services) hands the signed-in demo customer a subscription, which
//     the app stores. While autocannon places visitor orders at `--rate` per second (fixed rate), the
//     demo partner accepts `--samples` of the customer's orders one at a time. Each figure counts,
//     per accepted order, the time from the ACCEPTED row of the order's status history (stamped by
//     the database inside the accepting transaction, so at or before its commit) to the moment the
//     push service received the push request (Node's clock on the same machine: the 'request'
//     event of its HTTP server, before it decrypts). The achieved order rate and the machine's load
//     average are printed beside.
// (b) Exactly once across crashes. `--events` visitor orders are placed (16 clients, each request
//     retried with its Idempotency-Key until answered, as a browser would); each writes one receipt
//     SMS to the outbox. SMS_URL points at a local Twilio-style receiver that counts every request
//     by its Idempotency-Key and answers 201. The server process (which runs the outbox worker) is
//     SIGKILLed when a third and again when two thirds of the texts have arrived, and restarted on
//     the same data each time. Lost = receipts never received; duplicates = texts a person received
//     twice (the receiver delivers each key once, as a provider honouring idempotency keys does, so a
//     duplicate is the same text to the same phone under two keys); re-sent = receipts whose request
//     reached the provider more than once with the same key (reported: the crash window).
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { call, freePort, freshDatabase, openDemoBranch, signIn, startServer } from './lib/harness.mjs';
import { BENCH_ENV, PG_SERVER, benchArgs, figure, fmtMs, percentile, printResult, say } from './lib/perf.mjs';
import { recordSection, runMinute } from './lib/results-section.mjs';

const opts = benchArgs({
  db: { type: 'string', default: 'pglite' },
  samples: { type: 'string' },
  rate: { type: 'string' },
  events: { type: 'string' },
  only: { type: 'string' },
  'no-record': { type: 'boolean', default: false },
});
const SAMPLES = Number(opts.samples ?? (opts.quick ? 30 : 200));
// Orders placed meanwhile: each database's order budget (bench/perf/orders.mjs), 500/s on
// PostgreSQL and 150/s on PGlite, whose one process is budgeted for no more
// (docs/decisions/0183-order-placement-cpu.md).
const RATE = Number(opts.rate ?? (opts.db === 'postgres' ? 500 : 150));
const EVENTS = Number(opts.events ?? (opts.quick ? 600 : 10_000));
const ON_PG = opts.db === 'postgres';
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

/** One server on fresh data: a fresh PostgreSQL database or a fresh PGlite folder; restartable on the same data. */
async function dataPlace(prefix) {
  if (ON_PG) {
    const db = await freshDatabase(PG_SERVER, prefix);
    const dir = mkdtempSync(path.join(tmpdir(), 'halalnosh-notify-'));
    return { env: { DATABASE_URL: db.url, DATA_DIR: dir }, drop: () => (rmSync(dir, { recursive: true }), db.drop()) };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'halalnosh-notify-'));
  return { env: { DATABASE_URL: '', DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function serve(place, env, port) {
  return startServer({
    port: port ?? (await freePort()),
    env: { DEMO: '1', ...BENCH_ENV, ...place.env, ...env },
    log: opts.verbose ? (t) => process.stderr.write(t) : undefined,
  });
}

/** The web-push-testing service in this process, with the arrival time of every push request it receives. */
async function pushService() {
  const require = createRequire(import.meta.url);
  const Server = require('web-push-testing/src/server.js');
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js');
  const model = new PushApiModel();
  const server = new Server(model, 0);
  const log = console.log;
  console.log = () => undefined;
  try {
    server.startServer();
    await once(server._server, 'listening');
  } finally {
    console.log = log;
  }
  const url = `http://localhost:${server._server.address().port}`;
  model.notifyUrl = `${url}/notify/`;
  const arrivals = [];
  // Headers parsed: the push request has left the app server and reached the push service.
  server._server.prependListener('request', (req) => {
    if (req.method === 'POST' && req.url.startsWith('/notify/')) arrivals.push(Date.now());
  });
  const post = async (p, body) => {
    const res = await fetch(`${url}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${p}: ${res.status}`);
    return res.json();
  };
  return {
    arrivals,
    subscribe: async (key) => (await post('/subscribe', { applicationServerKey: key, userVisibleOnly: 'true' })).data,
    messages: async (clientHash) => (await post('/get-notifications', { clientHash })).data.messages,
    close: () => new Promise((r) => (server._server.closeAllConnections?.(), server._server.close(() => r()))),
  };
}

async function until(pred, timeoutMs, stepMs = 5) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await pred()) return true;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  return false;
}

async function latency() {
  const place = await dataPlace('halalnosh_bench_notify');
  const push = await pushService();
  const server = await serve(place, {});
  const base = server.base;
  try {
    const customer = await signIn(base, 'customer@halalnosh.test');
    const { publicKey } = (await call(base, 'GET', '/api/push/key', { cookie: customer })).json;
    const sub = await push.subscribe(publicKey);
    const saved = await call(base, 'POST', '/api/push/subscriptions', {
      cookie: customer,
      body: { endpoint: sub.endpoint, keys: sub.keys },
    });
    if (saved.status !== 201 && saved.status !== 200) throw new Error(`subscribe: ${saved.status} ${saved.text}`);
    const branch = await openDemoBranch(base);
    const basket = { menuItemId: branch.items[0].id, quantity: 1 };
    const order = (who, i) =>
      call(base, 'POST', '/api/orders', {
        cookie: who,
        headers: { 'idempotency-key': `bench-notify-${randomUUID()}` },
        body: {
          siteId: branch.site.id,
          orderType: 'PICKUP',
          items: [{ ...basket, quantity: 1 + (i % 3) }],
          customerName: 'Bench Customer',
          customerPhone: '07700 900123',
        },
      });
    // The customer's orders, placed before the load (their receipt pushes drain first).
    const mine = [];
    for (let i = 0; i < SAMPLES; i++) {
      const r = await order(customer, i);
      if (r.status !== 201) throw new Error(`order: ${r.status} ${r.text}`);
      mine.push(r.json.order);
    }
    await until(() => push.arrivals.length >= SAMPLES, 120_000, 50);
    await new Promise((r) => setTimeout(r, 2500)); // past the partner's 2-second guard
    const before = push.arrivals.length;

    let placed = 0;
    let n = 0;
    const statuses = new Map();
    const loadStarted = Date.now();
    const cannon = autocannon({
      url: base,
      connections: 32,
      pipelining: 1,
      overallRate: RATE,
      duration: 3600,
      timeout: 10,
      requests: [
        {
          method: 'POST',
          path: '/api/orders',
          setupRequest: (req) => ({
            ...req,
            headers: {
              'content-type': 'application/json',
              origin: base,
              'idempotency-key': `bench-load-${n}-${randomUUID()}`,
            },
            body: JSON.stringify({
              siteId: branch.site.id,
              orderType: 'PICKUP',
              items: [{ ...basket, quantity: 1 + (n++ % 3) }],
              customerName: 'Bench Visitor',
              customerPhone: '07700 900456',
            }),
          }),
          onResponse: (status) => {
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            if (status === 201) placed++;
          },
        },
      ],
    });
    await new Promise((r) => setTimeout(r, 2000)); // the load reaches its rate
    const loadAtStart = load();
    // One accept at a time (waiting up to 10 s for its push), so each figure is one push's own latency.
    const sent = new Map();
    for (const o of mine) {
      const seen = push.arrivals.length;
      sent.set(o.orderNumber, Date.now());
      const r = await call(base, 'POST', `/api/partner/orders/${o.id}/actions`, {
        cookie: branch.partner,
        body: { action: 'accept' },
      });
      if (r.status !== 200) throw new Error(`accept: ${r.status} ${r.text}`);
      await until(() => push.arrivals.length > seen, 10_000);
    }
    const loadAtEnd = load();
    const loadSeconds = (Date.now() - loadStarted) / 1000;
    cannon.stop();
    const achieved = placed / loadSeconds;
    await until(() => push.arrivals.length >= before + SAMPLES, 60_000, 100);
    // The service keeps the decrypted payloads in arrival order: the n-th payload is the n-th request.
    const messages = await push.messages(sub.clientHash);
    const fromCommit = [];
    const fromRequest = [];
    let missed = 0;
    for (const o of mine) {
      const i = messages.findIndex((m) => m.includes(`Order ${o.orderNumber} accepted`));
      if (i < 0 || messages.length !== push.arrivals.length) {
        missed++;
        continue;
      }
      const view = await call(base, 'GET', `/api/orders/${o.orderNumber}`, { cookie: customer });
      const accepted = view.json.order.statusHistory.find((h) => h.status === 'ACCEPTED');
      fromCommit.push(push.arrivals[i] - new Date(accepted.at).getTime());
      fromRequest.push(push.arrivals[i] - sent.get(o.orderNumber));
    }
    const titled = SAMPLES - missed;
    fromCommit.sort((a, b) => a - b);
    fromRequest.sort((a, b) => a - b);
    const p50 = percentile(fromCommit, 50);
    const p99 = percentile(fromCommit, 99);
    say(
      opts,
      `accept pushes received ${push.arrivals.length - before} of ${SAMPLES}, matched by their decrypted title: ${titled}; missed ${missed}`,
    );
    say(
      opts,
      `orders placed meanwhile: ${placed} in ${loadSeconds.toFixed(0)} s = ${achieved.toFixed(0)}/s (asked ${RATE}/s); answers ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    say(
      opts,
      `from the accept request: p50 ${fmtMs(percentile(fromRequest, 50))}, p99 ${fmtMs(percentile(fromRequest, 99))}`,
    );
    say(opts, `load average (1/5/15 min): ${loadAtStart} at start, ${loadAtEnd} at end`);
    const db = ON_PG ? 'PostgreSQL' : 'PGlite';
    const beside = `while ${achieved.toFixed(0)} orders/s were placed (asked ${RATE}/s); load ${loadAtEnd}; ${fromCommit.length} of ${SAMPLES} pushes`;
    return [
      figure(
        `notify-push-p50-${opts.db}`,
        `${db}: status committed to push request at the push service, p50`,
        `${fmtMs(p50)} (${beside})`,
        '< 200 ms',
        p50 < 200 && !missed && achieved >= RATE * 0.95,
      ),
      figure(
        `notify-push-p99-${opts.db}`,
        `${db}: status committed to push request at the push service, p99`,
        `${fmtMs(p99)} (${beside})`,
        '< 1 s',
        p99 < 1000 && !missed && achieved >= RATE * 0.95,
      ),
    ];
  } finally {
    await server.kill('SIGTERM');
    await push.close();
    await place.drop();
  }
}

/**
 * A Twilio-style messages endpoint that, like a provider honouring idempotency keys, delivers a key's
 * first request and answers a repeat without delivering it again. It counts every request by key (a
 * repeat is a send our worker made twice: a crash between the provider's answer and our record), and
 * every delivered text by recipient and body (one text reaching the same person under two keys is a
 * duplicate the person would see).
 */
async function smsReceiver() {
  const seen = new Map();
  const delivered = new Map();
  const srv = createServer((req, res) => {
    const key = req.headers['idempotency-key'] ?? '';
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const count = (seen.get(key) ?? 0) + 1;
      seen.set(key, count);
      if (count === 1 || !key) {
        const form = new URLSearchParams(body);
        const text = `${form.get('To')}\n${form.get('Body')}`;
        delivered.set(text, [...(delivered.get(text) ?? []), key]);
      }
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ sid: `SM${Buffer.from(key).toString('hex').slice(0, 32)}` }));
    });
  });
  srv.listen(0, '127.0.0.1');
  await once(srv, 'listening');
  return { url: `http://127.0.0.1:${srv.address().port}/Messages.json`, seen, delivered, close: () => srv.close() };
}

async function crash() {
  const place = await dataPlace('halalnosh_bench_notify_crash');
  const sms = await smsReceiver();
  const port = await freePort();
  const env = { SMS_URL: sms.url, SMS_FROM: 'HalalNosh' };
  let server = await serve(place, env, port);
  const base = server.base;
  const kills = [];
  try {
    const branch = await openDemoBranch(base);
    const expected = new Set();
    const receipt = (id, phone) => `order:${id}:placed|${phone}|sms`;
    const received = () => [...expected].filter((k) => sms.seen.has(k)).length;
    let next = 0;
    let restarting = null;
    async function placeOne(i) {
      const key = `bench-crash-${i}-${randomUUID()}`;
      const phone = `07700 ${String(100000 + i).slice(-6)}`;
      const body = {
        siteId: branch.site.id,
        orderType: 'PICKUP',
        items: [{ menuItemId: branch.items[0].id, quantity: 1 }],
        customerName: `Crash ${i}`,
        customerPhone: phone,
      };
      for (;;) {
        if (restarting) await restarting;
        try {
          const r = await call(base, 'POST', '/api/orders', { headers: { 'idempotency-key': key }, body });
          if (r.status === 201 || r.status === 200) return expected.add(receipt(r.json.order.id, phone));
          if (r.status < 500 && r.status !== 429) throw new Error(`order ${i}: ${r.status} ${r.text}`);
        } catch (err) {
          if (!/fetch failed|ECONNRE|socket|terminated/i.test(String(err?.cause ?? err))) throw err;
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    const clients = Array.from({ length: 16 }, async () => {
      while (next < EVENTS) await placeOne(next++);
    });
    // Kill the server (its outbox worker with it) at a third and two thirds of the texts received.
    const killer = (async () => {
      for (const share of [1 / 3, 2 / 3]) {
        await until(() => received() >= EVENTS * share, 30 * 60_000, 20);
        let release;
        restarting = new Promise((r) => (release = r));
        await server.kill('SIGKILL');
        kills.push({ at: received(), load: load() });
        say(opts, `killed the server at ${received()} texts received (load ${load()})`);
        server = await serve(place, env, port);
        restarting = null;
        release();
      }
    })();
    await Promise.all(clients);
    await killer;
    // Rows a killed worker had claimed wait out their lease (2 minutes) before another takes them.
    const settled = await until(() => received() >= expected.size, 8 * 60_000, 250);
    const lost = expected.size - received();
    // Texts the people received twice: the same text to the same phone delivered under two keys.
    // (Receipts only: the branch's new-order texts of two equal orders read the same, rightly.)
    const twice = [...sms.delivered].filter(([, keys]) => keys.filter((k) => expected.has(k)).length > 1);
    for (const [text, keys] of twice.slice(0, 3))
      say(opts, `delivered twice: ${JSON.stringify(text)} under ${keys.join(', ')}`);
    const duplicates = twice.length;
    const resent = [...expected].filter((k) => (sms.seen.get(k) ?? 0) > 1).length;
    const extra = [...expected].reduce((s, k) => s + Math.max(0, (sms.seen.get(k) ?? 0) - 1), 0);
    say(
      opts,
      `receipts expected ${expected.size}, received ${received()}${settled ? '' : ' (gave up waiting)'}; texts delivered twice ${duplicates}; sends repeated with the same key ${resent} (${extra} requests); kills ${kills.length}`,
    );
    const db = ON_PG ? 'PostgreSQL' : 'PGlite';
    const beside = `${expected.size} receipt texts, server killed at ${kills.map((k) => k.at).join(' and ')} received; load ${load()}`;
    return [
      figure(
        `notify-lost-${opts.db}`,
        `${db}: receipt texts never received after 2 kills of the worker`,
        `${lost} (${beside})`,
        '0',
        lost === 0 && kills.length === 2 && expected.size === EVENTS,
      ),
      figure(
        `notify-dup-${opts.db}`,
        `${db}: receipt texts a person received twice (the provider delivering each Idempotency-Key once)`,
        `${duplicates} (${beside})`,
        '0',
        duplicates === 0 && kills.length === 2,
      ),
      figure(
        `notify-resent-${opts.db}`,
        `${db}: receipt texts our worker sent again after a kill, with the same Idempotency-Key (answered by the provider, not yet recorded when killed)`,
        `${resent} (${beside})`,
        'reported',
        true,
      ),
    ];
  } finally {
    await server.kill('SIGTERM');
    sms.close();
    await place.drop();
  }
}

const figures = [];
if (!opts.only || opts.only === 'latency') figures.push(...(await latency()));
if (!opts.only || opts.only === 'crash') figures.push(...(await crash()));
printResult(figures, opts);
// Run alone it records its own table; under bench/run.mjs (--json) the full run's table holds the figures.
if (!opts.quick && !opts['no-record'] && !opts.json) record(figures);

/** bench/results.md, between the notify markers: this run, and the previous one's values beside. */
function record(figs) {
  recordSection({
    marker: `notify-${opts.db}-${opts.only ?? 'all'}`,
    heading: `## Notifications (${ON_PG ? 'PostgreSQL' : 'PGlite'}${opts.only ? `, ${opts.only} only` : ''})`,
    runLine: `Run ${runMinute()} UTC by \`node bench/notify.mjs --db ${opts.db}${opts.only ? ` --only ${opts.only}` : ''}${opts.samples ? ` --samples ${SAMPLES}` : ''}${opts.events ? ` --events ${EVENTS}` : ''}\` on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; what each figure counts: the top of bench/notify.mjs.`,
    figures: figs,
  });
  say(opts, `wrote bench/results.md`);
}
