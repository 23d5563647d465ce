// The request overhead of the metrics endpoint (docs/decisions/0227-metrics-exposure.md) or of traces
// (docs/decisions/0241-traces-behind-an-endpoint.md): two servers on PGlite (DEMO=1, each its own data folder), one
// without and one with the feature, the search (London, autocannon 50 connections) against each in turn, off/on
// alternating `--rounds` times so other load on the machine weighs on both alike. Budget: on ≥ 95 % of off (median
// of rounds). Each round also reads the serving process's CPU time (/proc) and prints its CPU per request, which a
// shared machine's other load moves far less than the rate.
// - `--feature metrics` (the default): METRICS_TOKEN set, every request measured, scraped every 15 s as Prometheus would;
// - `--feature traces`: OTEL_EXPORTER_OTLP_ENDPOINT at a sink in this process that accepts the OTLP/HTTP batches and
//   drops them (a collector on the same machine), so every request, statement and send is a span exported.
//   `--sampler <OTEL_TRACES_SAMPLER>` (and `--ratio <OTEL_TRACES_SAMPLER_ARG>`) picks the sampler; without it, the
//   server's default (docs/decisions/0244-traces-sampled-at-the-request.md); `--sampler always_on` traces every request.
// - `--uncached`: both servers with RESPONSE_CACHE=0, so every search reaches the database (default: the cached search).
// - `--paired`: each round loads both servers at once, 25 connections each, instead of one after the other: the CPU
//   per request of each is then read over the same seconds, so other load on a shared machine weighs on both alike.
// `node bench/perf/metrics-overhead.mjs [--feature metrics|traces] [--sampler always_on] [--ratio 0.1] [--uncached] [--paired]
//   [--rounds 3] [--seconds 10] [--quick]`
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
    ratio: { type: 'string' },
    uncached: { type: 'boolean', default: false },
    paired: { type: 'boolean', default: false },
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
const onEnv =
  feature === 'metrics'
    ? { METRICS_TOKEN: TOKEN }
    : {
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${sink.server.address().port}`,
        ...(values.sampler ? { OTEL_TRACES_SAMPLER: values.sampler } : {}),
        ...(values.ratio ? { OTEL_TRACES_SAMPLER_ARG: values.ratio } : {}),
      };
const both = values.uncached ? { RESPONSE_CACHE: '0' } : {};
const variant = `${values.paired ? 'paired, ' : ''}${values.uncached ? 'uncached' : 'cached'}${feature === 'traces' ? `, sampler ${values.sampler ?? 'default'}${values.ratio ? ` ${values.ratio}` : ''}` : ''}`;

const off = await startBenchServer({ env: both, verbose: values.verbose });
const on = await startBenchServer({ env: { ...both, ...onEnv }, verbose: values.verbose });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = { off: [], on: [] };
const loadBefore = loadavg()[0];
try {
  const scrape = async () => {
    if (feature !== 'metrics') return;
    const res = await fetch(`${on.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
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
      `round ${i + 1} ${feature} ${name}: ${fmtRate(r.reqPerSec)}, p99 ${fmtMs(r.p99)}` +
        (r.cpuUsPerRequest === null ? '' : `, server CPU ${Math.round(r.cpuUsPerRequest)} µs a request`),
    );
  for (let i = 0; i < rounds; i++) {
    if (values.paired) {
      // Both servers loaded at once (25 connections each): whatever else the machine runs weighs on both alike.
      // The first round warms longer: a fresh server is still compiling its hot paths.
      const warmSeconds = values.quick ? 1 : i === 0 ? 10 : 3;
      const warm = (server) => load({ url: `${server.base}${PATH}`, seconds: warmSeconds, warmupSeconds: 0 });
      await Promise.all([warm(off), warm(on)]);
      const scraper = setInterval(() => void scrape().catch(() => undefined), 15_000);
      const [rOff, rOn] = await Promise.all([measure('off', off, 25), measure('on', on, 25)]);
      clearInterval(scraper);
      for (const [name, r] of [
        ['off', rOff],
        ['on', rOn],
      ]) {
        results[name].push(r);
        report(i, name, r);
      }
      continue;
    }
    for (const [name, server] of [
      ['off', off],
      ['on', on],
    ]) {
      const scraper = name === 'on' ? setInterval(() => void scrape().catch(() => undefined), 15_000) : null;
      await load({ url: `${server.base}${PATH}`, seconds: values.quick ? 1 : 3, warmupSeconds: 0 });
      const r = await measure(name, server, 50);
      if (scraper) clearInterval(scraper);
      results[name].push(r);
      report(i, name, r);
    }
  }
} finally {
  await off.kill();
  await on.kill();
  sink.server?.close();
}
if (feature === 'traces') {
  if (sink.batches === 0 && values.sampler !== 'always_off')
    throw new Error('traces on: the sink received no batch; the server exported nothing');
  say(opts, `the sink received ${sink.batches} batches, ${(sink.bytes / 1e6).toFixed(1)} MB`);
}
const offRate = median(results.off.map((r) => r.reqPerSec));
const onRate = median(results.on.map((r) => r.reqPerSec));
const ratio = onRate / offRate;
const loadAfter = loadavg()[0];
const cpu = (name) =>
  results[name].some((r) => r.cpuUsPerRequest === null) ? null : median(results[name].map((r) => r.cpuUsPerRequest));
const cpuOff = cpu('off');
const cpuOn = cpu('on');
if (cpuOff !== null && cpuOn !== null) {
  say(
    opts,
    `server CPU a request (median of rounds): ${feature} off ${Math.round(cpuOff)} µs, on ${Math.round(cpuOn)} µs (+${(((cpuOn - cpuOff) / cpuOff) * 100).toFixed(1)} %)`,
  );
  // Other load only adds to a round's CPU per request (cache misses, preemption), so the least of the rounds is the
  // steadiest reading on a shared machine.
  const least = (name) => Math.min(...results[name].map((r) => r.cpuUsPerRequest));
  if (values.paired) {
    // Paired rounds: each round's on and off were read over the same seconds, so their difference is the figure.
    const diffs = results.on.map((r, i) => r.cpuUsPerRequest - results.off[i].cpuUsPerRequest);
    const shares = results.on.map((r, i) => r.cpuUsPerRequest / results.off[i].cpuUsPerRequest - 1);
    say(
      opts,
      `server CPU a request, on − off per paired round: ${diffs.map((d) => Math.round(d)).join(', ')} µs; median ${Math.round(median(diffs))} µs (${(median(shares) * 100).toFixed(1)} %)`,
    );
  }
  say(
    opts,
    `server CPU a request (least of rounds): ${feature} off ${Math.round(least('off'))} µs, on ${Math.round(least('on'))} µs (+${(((least('on') - least('off')) / least('off')) * 100).toFixed(1)} %)`,
  );
}
say(
  opts,
  `search London (${variant}), PGlite: ${feature} off ${fmtRate(offRate)} (p99 ${fmtMs(median(results.off.map((r) => r.p99)))}), ` +
    `on ${fmtRate(onRate)} (p99 ${fmtMs(median(results.on.map((r) => r.p99)))}); load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
);
printResult(
  [
    figure(
      `${feature}-overhead-search`,
      `search (${variant}) req/s with ${feature} on, share of ${feature} off`,
      `${(ratio * 100).toFixed(1)} % (${Math.round(onRate)} vs ${Math.round(offRate)} req/s, load ${loadBefore.toFixed(1)})`,
      '≥ 95 %',
      ratio >= 0.95,
    ),
  ],
  opts,
);
