// The request overhead of the metrics endpoint (docs/decisions/0227-metrics-exposure.md) or of traces
// (docs/decisions/0241-traces-behind-an-endpoint.md): two servers on PGlite (DEMO=1, each its own data folder), one
// without and one with the feature, the search (London, autocannon 50 connections) against each in turn, off/on
// alternating `--rounds` times so other load on the machine weighs on both alike. Budget: the server's CPU a request
// with the feature under 5 % above without it (where /proc gives the CPU; else the rate, on ≥ 95 % of off), since a
// shared machine's other load moves the CPU a request far less than the rate.
// - `--feature metrics` (the default): METRICS_TOKEN set, every request measured, scraped every 15 s as Prometheus would;
// - `--feature traces`: OTEL_EXPORTER_OTLP_ENDPOINT at a sink in this process that accepts the OTLP/HTTP batches and
//   drops them (a collector on the same machine), so every request, statement and send is a span exported.
//   `--sampler <OTEL_TRACES_SAMPLER>` (and `--ratio <OTEL_TRACES_SAMPLER_ARG>`) picks the sampler; without it, the
//   server's default (docs/decisions/0244-traces-sampled-at-the-request.md); `--sampler always_on` traces every request.
//   `--samplers default,always_on` starts one traced server per sampler beside the untraced one (A/B/C in each round).
// - `--uncached`: every server with RESPONSE_CACHE=0, so every search reaches the database (default: the cached search).
// - `--paired`: each round loads every server at once (50 connections shared between them) instead of one after the
//   other: the CPU per request of each is then read over the same seconds, so other load on a shared machine weighs
//   on all alike. `--control` adds a second server without the feature, whose difference is the noise. The figure is then the median over rounds of each round's on ÷ off CPU per request, with the spread.
// - `--fresh` (with `--paired`): every round starts its servers anew and stops them after, so whatever a process
//   draws once for its whole life (seen under Node 22: some processes pay about 50 µs a request more, with or
//   without the feature) falls on each variant alike over the rounds, and the median of rounds reads the feature.
// What the figures count: "server CPU a request" is the serving process's user + system CPU time (/proc) over a round
// divided by the requests answered in it: everything the process did (the requests, the exports of their spans, the
// garbage collection, the timers), not the bench's own process (autocannon, the OTLP sink). The rate is autocannon's.
// `node bench/perf/metrics-overhead.mjs [--feature metrics|traces] [--sampler always_on | --samplers default,always_on]
//   [--ratio 0.1] [--uncached] [--paired [--fresh]] [--control] [--rounds 3] [--seconds 10] [--quick]`
// On another Node line: `PATH=<that node's bin>:$PATH node bench/perf/...` (the servers run on the `node` of PATH).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { servingPid } from '../lib/harness.mjs';
import { figure, fmtMs, fmtRate, load, printResult, say, startBenchServer } from '../lib/perf.mjs';

/**
 * CPU seconds (user + system) the process has used, from /proc (Linux; null elsewhere). On a shared machine the
 * server's CPU per request moves far less with other load than its rate does.
 */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

const { values } = parseArgs({
  options: {
    feature: { type: 'string', default: 'metrics' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    quick: { type: 'boolean', default: false },
    sampler: { type: 'string' },
    samplers: { type: 'string' },
    ratio: { type: 'string' },
    uncached: { type: 'boolean', default: false },
    paired: { type: 'boolean', default: false },
    control: { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});
const opts = { json: values.json };
const rounds = values.quick ? 1 : Number(values.rounds);
const seconds = values.quick ? 3 : Number(values.seconds);
const TOKEN = 'bench-metrics-token-0123456789abcdef0123';
const PATH = '/api/restaurants/search?location=London';

const feature = values.feature;
if (feature !== 'metrics' && feature !== 'traces') throw new Error('--feature is metrics or traces');

/** The OTLP/HTTP sink of the traces run: reads each batch whole, answers 200, keeps nothing but counts. */
const sink = { batches: 0, bytes: 0, server: null };
if (feature === 'traces') {
  sink.server = createServer((req, res) => {
    req.on('data', (d) => (sink.bytes += d.length));
    req.on('end', () => {
      sink.batches++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise((resolve) => sink.server.listen(0, '127.0.0.1', resolve));
}
const traceEnv = (sampler) => ({
  OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${sink.server.address().port}`,
  ...(sampler && sampler !== 'default' ? { OTEL_TRACES_SAMPLER: sampler } : {}),
  ...(values.ratio ? { OTEL_TRACES_SAMPLER_ARG: values.ratio } : {}),
});
const both = values.uncached ? { RESPONSE_CACHE: '0' } : {};
/** The servers of each round: the one without the feature first, then one per sampler (traces) or the one with it. */
const variants = [
  { name: 'off', env: both },
  // `--control`: a second server without the feature, read like the others: its difference from the first is the
  // machine's noise, the floor under which no other difference means anything.
  ...(values.control ? [{ name: 'control', env: both }] : []),
  ...(feature === 'metrics'
    ? [{ name: 'on', env: { ...both, METRICS_TOKEN: TOKEN } }]
    : (values.samplers ?? values.sampler ?? 'default')
        .split(',')
        .map((sampler) => ({ name: sampler, env: { ...both, ...traceEnv(sampler) } }))),
];
const variant = `${values.fresh ? 'fresh servers each round, ' : ''}${values.paired ? 'paired, ' : ''}${values.uncached ? 'uncached' : 'cached'}`;
const samplerLabel = (name) =>
  name === 'control'
    ? `${feature} off (control)`
    : feature === 'traces'
      ? `sampler ${name}${values.ratio && name !== 'always_on' ? ` ${values.ratio}` : ''}`
      : `${feature} on`;
if (values.fresh && !values.paired) throw new Error('--fresh reads each round paired: add --paired');
const servers = [];
// With --fresh, round i starts the variants from the i-th on (and loads them in that order), so no variant is always
// the first process started on the machine or the first loaded.
const orderOf = (round) => variants.map((_, k) => (k + (values.fresh ? round : 0)) % variants.length);
const startServers = async (round = 0) => {
  for (const k of orderOf(round))
    servers[k] = await startBenchServer({ env: variants[k].env, verbose: values.verbose });
};
const stopServers = async () => {
  for (const server of servers.splice(0)) await server.kill();
};
await startServers();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = Object.fromEntries(variants.map((v) => [v.name, []]));
const loadBefore = loadavg()[0];
say(
  opts,
  `node ${process.version}${process.env.NODE_OPTIONS ? ` (NODE_OPTIONS=${process.env.NODE_OPTIONS})` : ''}, ${variant}`,
);
try {
  // The server with the metrics on (after the control server when there is one); with --fresh, this round's.
  const metricsIndex = feature === 'metrics' ? variants.findIndex((v) => v.name === 'on') : -1;
  const scrape = async () => {
    const metricsServer = servers[metricsIndex];
    if (!metricsServer) return;
    const res = await fetch(`${metricsServer.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    if (res.status !== 200) throw new Error(`scrape answered ${res.status}`);
    await res.text();
  };
  await scrape();
  const measure = async (name, server, connections) => {
    const url = `${server.base}${PATH}`;
    const pid = await servingPid(server.pid);
    const cpuBefore = cpuSeconds(pid);
    const r = await load({ url, seconds, warmupSeconds: 0, connections });
    const cpuAfter = cpuSeconds(pid);
    if (r.errors || r.non2xx) throw new Error(`${name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
    r.cpuUsPerRequest = cpuBefore === null || cpuAfter === null ? null : ((cpuAfter - cpuBefore) * 1e6) / r.requests;
    return r;
  };
  const report = (i, name, r) =>
    say(
      opts,
      `round ${i + 1} ${name === 'off' ? `${feature} off` : samplerLabel(name)}: ${fmtRate(r.reqPerSec)}, p99 ${fmtMs(r.p99)}` +
        (r.cpuUsPerRequest === null ? '' : `, server CPU ${Math.round(r.cpuUsPerRequest)} µs a request`),
    );
  const scraper = setInterval(() => void scrape().catch(() => undefined), 15_000);
  try {
    for (let i = 0; i < rounds; i++) {
      if (values.paired) {
        if (values.fresh && i > 0) {
          await stopServers();
          await startServers(i);
          await scrape();
        }
        // Every server loaded at once: whatever else the machine runs weighs on all alike. The first round (every
        // round with --fresh) warms longer: a fresh server is still compiling its hot paths.
        const warmSeconds = values.quick ? 1 : i === 0 || values.fresh ? 10 : 3;
        const connections = Math.round(50 / servers.length);
        const order = orderOf(i);
        await Promise.all(
          order.map((k) =>
            load({ url: `${servers[k].base}${PATH}`, seconds: warmSeconds, warmupSeconds: 0, connections }),
          ),
        );
        const measured = await Promise.all(order.map((k) => measure(variants[k].name, servers[k], connections)));
        const rs = variants.map((_, k) => measured[order.indexOf(k)]);
        rs.forEach((r, k) => {
          results[variants[k].name].push(r);
          report(i, variants[k].name, r);
        });
        continue;
      }
      for (const [k, server] of servers.entries()) {
        await load({ url: `${server.base}${PATH}`, seconds: values.quick ? 1 : 3, warmupSeconds: 0 });
        const r = await measure(variants[k].name, server, 50);
        results[variants[k].name].push(r);
        report(i, variants[k].name, r);
      }
    }
  } finally {
    clearInterval(scraper);
  }
} finally {
  await stopServers();
  sink.server?.close();
}
if (feature === 'traces') {
  if (sink.batches === 0 && variants.some((v) => v.name !== 'off' && v.name !== 'always_off'))
    throw new Error('traces on: the sink received no batch; the server exported nothing');
  say(opts, `the sink received ${sink.batches} batches, ${(sink.bytes / 1e6).toFixed(1)} MB`);
}
const loadAfter = loadavg()[0];
const pct = (x) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} %`;
const offRate = median(results.off.map((r) => r.reqPerSec));
const hasCpu = Object.values(results).every((rs) => rs.every((r) => r.cpuUsPerRequest !== null));
const figures = [];
for (const v of variants.slice(1)) {
  const on = results[v.name];
  const label = samplerLabel(v.name);
  const onRate = median(on.map((r) => r.reqPerSec));
  const rateShare = onRate / offRate;
  let cpuShare = null;
  let cpuText = '';
  if (hasCpu) {
    const cpuOff = median(results.off.map((r) => r.cpuUsPerRequest));
    const cpuOn = median(on.map((r) => r.cpuUsPerRequest));
    // Paired: each round's on and off were read over the same seconds, so each round's ratio is a reading and the
    // figure is their median, with the least and greatest. Unpaired: the ratio of the medians of rounds.
    const shares = values.paired ? on.map((r, i) => r.cpuUsPerRequest / results.off[i].cpuUsPerRequest - 1) : null;
    cpuShare = shares ? median(shares) : cpuOn / cpuOff - 1;
    cpuText =
      `server CPU ${Math.round(cpuOff)} → ${Math.round(cpuOn)} µs a request (medians of rounds), ` +
      (shares
        ? `on ÷ off per round ${shares.map((x) => pct(x)).join(', ')}: median ${pct(cpuShare)} (spread ${pct(Math.min(...shares))} to ${pct(Math.max(...shares))})`
        : `${pct(cpuShare)}`);
    say(opts, `${label}: ${cpuText}`);
  }
  say(
    opts,
    `${label}: search London (${variant}), PGlite: off ${fmtRate(offRate)} (p99 ${fmtMs(median(results.off.map((r) => r.p99)))}), ` +
      `on ${fmtRate(onRate)} (p99 ${fmtMs(median(on.map((r) => r.p99)))}), ${(rateShare * 100).toFixed(1)} % of off`,
  );
  // The budget is read on the CPU a request where the process's CPU can be read (a shared machine moves the rate far
  // more than the CPU), else on the rate. Every request traced has no budget: it is what a traced request costs.
  const everyRequest = v.name === 'always_on' || v.name === 'control';
  const suffix = v.name === 'control' || feature === 'traces' ? `-${v.name.replace(/_/g, '-')}` : '';
  figures.push(
    figure(
      `${feature}-overhead-search${values.uncached ? '-uncached' : ''}${suffix}`,
      `search (${variant}) with ${label}: server CPU a request over ${feature} off` +
        (cpuShare === null ? ' (rate share)' : ''),
      cpuShare === null
        ? `${(rateShare * 100).toFixed(1)} % of the rate (${Math.round(onRate)} vs ${Math.round(offRate)} req/s, load ${loadBefore.toFixed(1)})`
        : `${pct(cpuShare)} (${cpuText.replace(/^server CPU /, '')}; rate ${(rateShare * 100).toFixed(1)} % of off; node ${process.version}, load ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)})`,
      v.name === 'control'
        ? 'none (the noise floor)'
        : everyRequest
          ? 'none (what every request traced costs)'
          : cpuShare === null
            ? '≥ 95 %'
            : '< 5 %',
      everyRequest || (cpuShare === null ? rateShare >= 0.95 : cpuShare < 0.05),
    ),
  );
}
say(opts, `load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`);
printResult(figures, opts);
