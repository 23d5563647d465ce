// Push-latency measurement shared by bench/perf/push.mjs and bench/perf/scale-out.mjs.
//
// Orders are placed as visitors (pickup) on the writer's server; each gets one SSE subscriber
// (following `order:{id}` with its order token) in a separate subscriber process; the demo partner
// then moves the orders through accept -> start_preparing -> mark_ready -> mark_collected, one
// round per action, `concurrency` requests at a time. Latency is measured from the commit: the
// server stamps each event with the time it was handed to the bus, right after the transaction
// committed (the SSE `at:` field, epoch ms), and the subscriber process notes its arrival on the
// same machine clock. Also reported: from the moment the writer sent the HTTP request.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { percentile } from './perf.mjs';

export const PICKUP_STEPS = [
  ['accept', 'ACCEPTED'],
  ['start_preparing', 'PREPARING'],
  ['mark_ready', 'READY'],
  ['mark_collected', 'COLLECTED'],
];
const GUARD_MS = 2100; // the partner's 2-second guard between two actions on one order, plus a margin

export function pickupBody(branch, i) {
  return {
    siteId: branch.site.id,
    orderType: 'PICKUP',
    items: [{ menuItemId: branch.items[i % branch.items.length].id, quantity: 1 }],
    customerName: `Push Bench ${i}`,
    customerPhone: '07700 900123',
  };
}

/** Places `n` visitor pickup orders; returns [{ id, token }]. */
export async function placeVisitorOrders(base, branch, n, concurrency = 8) {
  const out = [];
  let next = 0;
  const tag = randomUUID().slice(0, 8);
  async function worker() {
    while (next < n) {
      const i = next++;
      const res = await fetch(`${base}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, 'idempotency-key': `push-${tag}-${i}` },
        body: JSON.stringify(pickupBody(branch, i)),
      });
      const text = await res.text();
      if (res.status !== 201) throw new Error(`placing order ${i}: ${res.status} ${text.slice(0, 300)}`);
      const { order, orderToken } = JSON.parse(text);
      out.push({ id: order.id, token: orderToken, changedAt: Date.now() });
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return out;
}

export const orderPath = (o) => `/api/events?topics=order:${o.id}&orderToken=${o.token}`;

/** One round: the partner applies `action` to every order; returns { sentAt: Map key -> request start time }; throws if any is refused. */
export async function round(base, cookie, orders, action, status, concurrency = 4) {
  const sentAt = new Map();
  let next = 0;
  let failures = 0;
  let lastFailure = null;
  async function worker() {
    while (next < orders.length) {
      const o = orders[next++];
      const wait = o.changedAt + GUARD_MS - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const t0 = Date.now();
      const res = await fetch(`${base}/api/partner/orders/${o.id}/actions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, cookie },
        body: JSON.stringify(action === 'accept' ? { action, prepTimeMinutes: 15 } : { action }),
      });
      const text = await res.text();
      o.changedAt = Date.now();
      if (res.status === 200) sentAt.set(`${o.id}|${status}`, t0);
      else {
        failures++;
        lastFailure = `${res.status} ${text.slice(0, 200)}`;
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (failures) throw new Error(`${action}: ${failures} of ${orders.length} refused, the last with ${lastFailure}`);
  return { sentAt };
}

/**
 * Concurrent write load: autocannon places orders on `base` until stopped (each request its own
 * Idempotency-Key). Returns { stop(): Promise<{ reqPerSec, non2xx }> }.
 */
export function orderLoad(base, branch, connections = 16) {
  const tag = randomUUID().slice(0, 8);
  let n = 0;
  let done;
  const finished = new Promise((resolve, reject) => (done = { resolve, reject }));
  const instance = autocannon(
    {
      url: base,
      connections,
      pipelining: 1,
      duration: 3600,
      timeout: 10,
      requests: [
        {
          method: 'POST',
          path: '/api/orders',
          setupRequest(req) {
            const i = n++;
            return {
              ...req,
              headers: { 'content-type': 'application/json', origin: base, 'idempotency-key': `push-load-${tag}-${i}` },
              body: JSON.stringify(pickupBody(branch, i)),
            };
          },
        },
      ],
    },
    (err, result) => (err ? done.reject(err) : done.resolve(result)),
  );
  return {
    async stop() {
      instance.stop();
      const r = await finished;
      return { reqPerSec: r.requests.average, non2xx: r.non2xx, errors: r.errors };
    },
  };
}

/** Waits until every expected event has arrived (or `timeoutMs`), then computes the latencies. */
export async function collectLatencies(clients, sentAt, timeoutMs = 10_000) {
  const got = new Map();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const [id, status, at, arrival] of await clients.collect()) {
      const key = `${id}|${status}`;
      if (sentAt.has(key) && !got.has(key)) got.set(key, { at, arrival });
    }
    if (got.size >= sentAt.size || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const fromCommit = [];
  const fromRequest = [];
  for (const [key, { at, arrival }] of got) {
    fromCommit.push(arrival - at);
    fromRequest.push(arrival - sentAt.get(key));
  }
  fromCommit.sort((a, b) => a - b);
  fromRequest.sort((a, b) => a - b);
  return {
    expected: sentAt.size,
    received: got.size,
    p50: percentile(fromCommit, 50),
    p99: percentile(fromCommit, 99),
    max: fromCommit.at(-1),
    requestP50: percentile(fromRequest, 50),
    requestP99: percentile(fromRequest, 99),
  };
}

/** Merges several rounds' sent maps. */
export function merge(...maps) {
  return new Map(maps.flatMap((m) => [...m]));
}
