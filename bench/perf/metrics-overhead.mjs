// The request overhead of the metrics endpoint (docs/decisions/0227-metrics-exposure.md): two
// servers on PGlite (DEMO=1, each its own data folder), one without metrics and one with
// METRICS_TOKEN (every request measured, scraped every 15 s as Prometheus would), the search
// (London, autocannon 50 connections) against each in turn, off/on alternating `--rounds` times
// so other load on the machine weighs on both alike. Budget: on ≥ 95 % of off (median of rounds).
// `node bench/perf/metrics-overhead.mjs [--rounds 3] [--seconds 10] [--quick]`
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { figure, fmtMs, fmtRate, load, printResult, say, startBenchServer } from '../lib/perf.mjs';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    quick: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});
const opts = { json: values.json };
const rounds = values.quick ? 1 : Number(values.rounds);
const seconds = values.quick ? 3 : Number(values.seconds);
const TOKEN = 'bench-metrics-token-0123456789abcdef0123';
const PATH = '/api/restaurants/search?location=London';

const off = await startBenchServer({ verbose: values.verbose });
const on = await startBenchServer({ env: { METRICS_TOKEN: TOKEN }, verbose: values.verbose });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = { off: [], on: [] };
const loadBefore = loadavg()[0];
try {
  const scrape = async () => {
    const res = await fetch(`${on.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    if (res.status !== 200) throw new Error(`scrape answered ${res.status}`);
    await res.text();
  };
  await scrape();
  for (let i = 0; i < rounds; i++) {
    for (const [name, server] of [
      ['off', off],
      ['on', on],
    ]) {
      const scraper = name === 'on' ? setInterval(() => void scrape().catch(() => undefined), 15_000) : null;
      const r = await load({ url: `${server.base}${PATH}`, seconds, warmupSeconds: values.quick ? 1 : 3 });
      if (scraper) clearInterval(scraper);
      if (r.errors || r.non2xx) throw new Error(`${name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
      results[name].push(r);
      say(opts, `round ${i + 1} metrics ${name}: ${fmtRate(r.reqPerSec)}, p99 ${fmtMs(r.p99)}`);
    }
  }
} finally {
  await off.kill();
  await on.kill();
}
const offRate = median(results.off.map((r) => r.reqPerSec));
const onRate = median(results.on.map((r) => r.reqPerSec));
const ratio = onRate / offRate;
const loadAfter = loadavg()[0];
say(
  opts,
  `search London, PGlite: metrics off ${fmtRate(offRate)} (p99 ${fmtMs(median(results.off.map((r) => r.p99)))}), ` +
    `on ${fmtRate(onRate)} (p99 ${fmtMs(median(results.on.map((r) => r.p99)))}); load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
);
printResult(
  [
    figure(
      'metrics-overhead-search',
      'search req/s with metrics on, share of metrics off',
      `${(ratio * 100).toFixed(1)} % (${Math.round(onRate)} vs ${Math.round(offRate)} req/s, load ${loadBefore.toFixed(1)})`,
      '≥ 95 %',
      ratio >= 0.95,
    ),
  ],
  opts,
);
