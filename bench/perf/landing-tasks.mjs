#!/usr/bin/env node
// The main-thread tasks of the customer landing pages as they load, in Chromium's own timeline, to
// compare two builds side by side on a busy machine (docs/decisions/0264-landing-pages-hydrate-in-parts.md).
// Lighthouse's total blocking time replays the observed tasks four times longer on a simulated phone and
// moves by hundreds of milliseconds from run to run here; this measures the tasks themselves, with
// Chromium's CPU throttling (4× by default) so that a task's length is what the phone would see.
//
//   node bench/perf/landing-tasks.mjs --base A=http://127.0.0.1:4311 --base B=http://127.0.0.1:4312
//        [--runs 5] [--slowdown 4] [--path / --path /restaurants/london ...] [--profile]
//
// Each run loads every page once from each base in turn (interleaved A, B, A, B: the machine's load
// falls on both alike), in a fresh browser context (nothing cached), on a 412×823 phone screen, and
// waits for the page to report hydrated (`#root[data-hydrated]`) and then for 2 s without a long task.
// Per page and base it prints the medians over the runs of: the blocking time after the first paint
// (each long task's time over 50 ms, summed: what Lighthouse's TBT counts), the longest task, and
// the time to hydrated. --profile adds Chromium's JavaScript sampler and prints where the time of the
// page's own scripts went (by source file, through the build's source maps).
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium.mjs';

const { values: opts } = parseArgs({
  options: {
    base: { type: 'string', multiple: true },
    path: { type: 'string', multiple: true },
    runs: { type: 'string', default: '5' },
    slowdown: { type: 'string', default: '4' },
    profile: { type: 'boolean', default: false },
    dist: { type: 'string', multiple: true },
  },
});
const bases = (opts.base ?? []).map((b) => {
  const [label, url] = b.includes('=') ? b.split(/=(.*)/) : [b, b];
  return { label, url: url.replace(/\/$/, '') };
});
if (!bases.length) throw new Error('--base LABEL=URL, once or more');
const paths = opts.path ?? ['/', '/restaurants/london', '/restaurant/kervan-ocakbasi-dalston'];
const RUNS = Number(opts.runs);
const SLOWDOWN = Number(opts.slowdown);

// Records the page's long tasks, its first paint and when it reports hydrated, from the start of its
// load. The page is waited for through a console message, not a selector: Playwright's selector engine
// is a script it injects into the page, whose evaluation is a long task of its own on a slowed CPU.
const OBSERVE = `(() => {
  window.__tasks = [];
  window.__fcp = null;
  window.__hydrated = null;
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__tasks.push([e.startTime, e.duration]); })
    .observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') window.__fcp = e.startTime; })
    .observe({ type: 'paint', buffered: true });
  const watch = () => {
    const root = document.getElementById('root');
    if (!root) return;
    const seen = new MutationObserver(() => {
      if (root.dataset.hydrated === undefined) return;
      seen.disconnect();
      window.__hydrated = performance.now();
      console.log('landing-tasks: hydrated');
    });
    seen.observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
  };
  document.addEventListener('DOMContentLoaded', watch);
})();`;

async function load(browser, base, pagePath) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.addInitScript(OBSERVE);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  if (opts.profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const hydrated = page.waitForEvent('console', {
    predicate: (m) => m.text() === 'landing-tasks: hydrated',
    timeout: 60_000,
  });
  await page.goto(base.url + pagePath, { waitUntil: 'load' });
  await hydrated;
  // Quiet: 3 s after hydration for what follows it (replayed taps, held answers told, idle work).
  await page.waitForTimeout(3000);
  const { tasks, fcp, hydratedAt } = await page.evaluate(() => ({
    tasks: window.__tasks,
    fcp: window.__fcp,
    hydratedAt: window.__hydrated,
  }));
  let profile = null;
  if (opts.profile) profile = (await cdp.send('Profiler.stop')).profile;
  await context.close();
  const after = tasks.filter(([start, d]) => start + d > (fcp ?? 0));
  return {
    tbt: after.reduce((sum, [start, d]) => sum + Math.max(0, Math.min(d, start + d - fcp) - 50), 0),
    longest: Math.max(0, ...tasks.map(([, d]) => d)),
    count: after.length,
    hydratedAt,
    profile,
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Self time of the page's scripts by original source file, through the source maps in dist/assets. */
const mapCache = new Map();
async function sourceFile(url, line, column) {
  const file = /\/assets\/([^?#]+\.js)$/.exec(url)?.[1];
  if (!file) return url ? url.replace(/^https?:\/\/[^/]+/, '') || '(page)' : '(native)';
  if (!mapCache.has(file)) {
    const dirs = opts.dist ?? ['dist'];
    const found = dirs.map((d) => path.join(d, 'assets', `${file}.map`)).find((p) => existsSync(p));
    let consumer = null;
    if (found) {
      const { TraceMap } = await import('@jridgewell/trace-mapping');
      consumer = new TraceMap(JSON.parse(readFileSync(found, 'utf8')));
    }
    mapCache.set(file, consumer);
  }
  const map = mapCache.get(file);
  if (!map) return file;
  const { originalPositionFor } = await import('@jridgewell/trace-mapping');
  const pos = originalPositionFor(map, { line: line + 1, column });
  return pos.source ? pos.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '') : file;
}

async function selfTimeBySource(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  const total = profile.samples.length;
  const span = (profile.endTime - profile.startTime) / 1000;
  const out = new Map();
  for (const [id, n] of counts) {
    const f = byId.get(id).callFrame;
    const key = f.url ? await sourceFile(f.url, f.lineNumber, f.columnNumber) : `(${f.functionName || 'native'})`;
    out.set(key, (out.get(key) ?? 0) + (n / total) * span);
  }
  return out;
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
const results = new Map();
try {
  for (let run = 0; run < RUNS; run++) {
    for (const pagePath of paths) {
      for (const base of run % 2 ? [...bases].reverse() : bases) {
        const r = await load(browser, base, pagePath);
        const key = `${pagePath}\t${base.label}`;
        if (!results.has(key)) results.set(key, []);
        results.get(key).push(r);
        console.log(
          `run ${run + 1} ${pagePath} ${base.label}: blocking ${Math.round(r.tbt)} ms, longest ${Math.round(r.longest)} ms, ${r.count} long tasks, hydrated at ${Math.round(r.hydratedAt)} ms`,
        );
      }
    }
  }
} finally {
  await browser.close();
}
console.log(`\nMedians of ${RUNS} (CPU ${SLOWDOWN}×): blocking time after first paint / longest task / hydrated at`);
for (const [key, runs] of results) {
  const [pagePath, label] = key.split('\t');
  console.log(
    `${pagePath.padEnd(40)} ${label.padEnd(4)} ${String(Math.round(median(runs.map((r) => r.tbt)))).padStart(5)} ms  ${String(Math.round(median(runs.map((r) => r.longest)))).padStart(5)} ms  ${String(Math.round(median(runs.map((r) => r.hydratedAt)))).padStart(6)} ms   (blocking runs: ${runs.map((r) => Math.round(r.tbt)).join(', ')})`,
  );
  if (opts.profile) {
    const sum = new Map();
    for (const r of runs)
      for (const [k, v] of await selfTimeBySource(r.profile)) sum.set(k, (sum.get(k) ?? 0) + v / runs.length);
    const top = [...sum].sort((a, b) => b[1] - a[1]).slice(0, 18);
    for (const [k, v] of top) console.log(`      ${String(Math.round(v)).padStart(5)} ms  ${k}`);
  }
}
