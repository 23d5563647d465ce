// Shared by the issue-8 figure scripts (bench/perf/*.mjs). Small and stable: add, never change.
//
//   benchArgs(extra?)               -> { json, quick, verbose, ...extra }  (parses argv; extra is a
//                                      node:util parseArgs options object for script-specific flags)
//   say(opts, ...args)               console.log unless --json
//   PG_SERVER                        process.env.PG_URL || DATABASE_URL || postgres://postgres@127.0.0.1:5432/postgres
//   BENCH_ENV                        server env lifting the abuse limits (the bench is one client)
//   startBenchServer({ databaseUrl?, dataDir?, env?, verbose? })
//                                    -> the harness's server ({ base, pid, kill, ... }) on a free port,
//                                      DEMO=1, on PostgreSQL when databaseUrl is given, else PGlite in
//                                      dataDir (a fresh temporary folder when omitted)
//   load({ url, connections=50, seconds=15, warmupSeconds=3, method, headers, body, requests })
//                                    -> { reqPerSec, p50, p90, p99, p999, max, mean, requests, errors,
//                                         non2xx, timeouts }  (autocannon, no pipelining; latencies in
//                                         ms; a warm-up run first, not counted)
//   sequential({ url, count=200, headers }) -> { p50, p90, p99, mean } (ms, one request at a time)
//   pgbench({ url, sql, clients=50, threads=2, seconds=15 })
//                                    -> { tps, latencyMs } (pgbench -n -c -j -T -f; sql is the script text)
//   percentile(sortedNumbers, p)     p in 0..100
//   fmtMs(n), fmtRate(n)             formatting for figure values
//   figure(id, figure, value, budget, pass) -> a figure object of the run.mjs protocol
//   printResult(figures, opts)       prints each figure (unless --json) and the last line
//                                    `RESULT {"figures":[...]}` that bench/run.mjs reads
//
// Load generator and server are separate processes: autocannon runs in the script's own process,
// the server is the harness's child. Latencies from autocannon are whole milliseconds (its histogram).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freePort, startServer } from './harness.mjs';

export function benchArgs(extra = {}) {
  const { values } = parseArgs({
    options: {
      json: { type: 'boolean', default: false },
      quick: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      ...extra,
    },
    allowPositionals: false,
  });
  return values;
}

export function say(opts, ...args) {
  if (!opts?.json) console.log(...args);
}

export const PG_SERVER =
  process.env.PG_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export const BENCH_ENV = {
  AUTH_SECRET: 'perf-bench-secret-0123456789abcdef0123',
  ORDER_LIMIT_PER_IP: '10000000',
  ORDER_LIMIT_PER_ACCOUNT: '10000000',
  REVIEW_LIMIT_PER_IP: '10000000',
  REVIEW_LIMIT_PER_ACCOUNT: '10000000',
  UPLOAD_LIMIT_PER_IP: '10000000',
  UPLOAD_LIMIT_PER_ACCOUNT: '10000000',
  SIGN_IN_LIMIT_PER_MINUTE: '100000',
};

export async function startBenchServer({
  databaseUrl = null,
  dataDir = null,
  env = {},
  verbose = false,
  root = undefined,
} = {}) {
  const own = dataDir ? null : mkdtempSync(path.join(tmpdir(), 'halalnosh-perf-'));
  const port = await freePort();
  const server = await startServer({
    port,
    env: { DEMO: '1', DATA_DIR: dataDir ?? own, DATABASE_URL: databaseUrl ?? '', ...BENCH_ENV, ...env },
    log: verbose ? (t) => process.stderr.write(t) : undefined,
    root,
  });
  const kill = server.kill;
  server.kill = async (signal) => {
    const r = await kill(signal);
    if (own) rmSync(own, { recursive: true, force: true });
    return r;
  };
  return server;
}

function runAutocannon(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

export async function load({
  url,
  connections = 50,
  seconds = 15,
  warmupSeconds = 3,
  method = 'GET',
  headers,
  body,
  requests,
}) {
  const base = { url, connections, pipelining: 1, method, headers, body, requests, timeout: 10 };
  if (warmupSeconds > 0) await runAutocannon({ ...base, duration: warmupSeconds });
  const r = await runAutocannon({ ...base, duration: seconds });
  return {
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    p999: r.latency.p99_9,
    max: r.latency.max,
    mean: r.latency.average,
    requests: r.requests.total,
    errors: r.errors,
    non2xx: r.non2xx,
    timeouts: r.timeouts,
  };
}

/** The middle value (the upper of the two middle ones for an even count), as the benches report a median. */
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export async function sequential({ url, count = 200, headers = {} }) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const t = process.hrtime.bigint();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p90: percentile(times, 90),
    p99: percentile(times, 99),
    mean: times.reduce((a, b) => a + b, 0) / times.length,
  };
}

export async function pgbench({ url, sql, clients = 50, threads = 2, seconds = 15 }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'halalnosh-pgbench-'));
  const file = path.join(dir, 'script.sql');
  writeFileSync(file, sql);
  try {
    const out = await new Promise((resolve, reject) => {
      execFile(
        '/usr/bin/pgbench',
        ['-n', '-c', String(clients), '-j', String(threads), '-T', String(seconds), '-f', file, url],
        { maxBuffer: 1 << 22 },
        (err, stdout, stderr) => (err ? reject(new Error(`pgbench: ${err.message}\n${stderr}`)) : resolve(stdout)),
      );
    });
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out) ?? /tps = ([\d.]+)/.exec(out);
    const lat = /latency average = ([\d.]+) ms/.exec(out);
    if (!tps) throw new Error(`pgbench: no tps in\n${out}`);
    return { tps: Number(tps[1]), latencyMs: lat ? Number(lat[1]) : null };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const fmtMs = (n) => `${Number(n).toFixed(n < 10 ? 1 : 0)} ms`;
export const fmtRate = (n) => `${Math.round(n).toLocaleString('en-GB')}/s`;

export function figure(id, title, value, budget, pass) {
  return { id, figure: title, value: String(value), budget: String(budget), pass: Boolean(pass) };
}

export function printResult(figures, opts = {}) {
  for (const f of figures) say(opts, `${f.pass ? 'pass' : 'FAIL'}  ${f.figure}: ${f.value} (budget ${f.budget})`);
  console.log(`RESULT ${JSON.stringify({ figures })}`);
}
