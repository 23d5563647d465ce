#!/usr/bin/env node
// The JavaScript budget of the customer pages (docs/product/README.md#performance,
// docs/decisions/0176-honest-javascript-budget.md): what a browser really downloads for the home
// page and for a restaurant page, at most 120 kB gzip each, with no partner, driver, admin or
// validation-library (zod) code among it.
//
// The production build (`npm run build` first) is served by the real server on the embedded
// database with demo data; Debian's Chromium (playwright.config.ts's flags, bench/lib/chromium.mjs)
// opens each page in a fresh context (empty cache) and waits until its first heading shows and the
// network has been idle for 500 ms, so the entry, its static imports, the lazy route chunks and
// anything deferred that loads by then all count. Each script's body is gzipped at level 9 (what
// the build report and the server's precompressed .gz files use) and summed. A script of another
// audience or of zod fails the check whatever the size: by its chunk name, and by the source files
// its sourcemap lists (so a partner file that drifts into a shared chunk is caught too). The page's
// inline scripts (not its JSON blocks), gzipped together, are reported beside the figure.
//
//   node bench/js-budget.mjs [--gate] [--json] [--verbose]
//
// `npm run bench:js` runs it and exits 1 on a failed budget (with --json it exits 0 and reports,
// the bench/run.mjs protocol). `npm run test:e2e` runs it with --gate after the build: the same
// measurement, failing on foreign code or on a page past GATE_KB, which is the budget itself now
// that the pages meet it (decisions 0176 and 0179).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.mjs';
import { ROOT, freePort, startServer } from './lib/harness.mjs';
import { BENCH_ENV, benchArgs, figure, printResult, say } from './lib/perf.mjs';

const opts = benchArgs({ gate: { type: 'boolean', default: false } });
const BUDGET_KB = 120;
/** The e2e gate's ceiling: the budget (the pages measured 112.3 and 117.1 kB when it became the gate). */
const GATE_KB = BUDGET_KB;
const PAGES = [
  { id: 'web-js-first-page', name: 'home page', path: '/' },
  { id: 'web-js-restaurant', name: 'restaurant page', path: '/restaurant/kervan-ocakbasi-dalston' },
];
/**
 * Chunks of another audience, of the validation library, or of the UI only staff pages use (`shared`), by the name
 * vite.config.ts gives them.
 */
const FOREIGN_CHUNK = /\/assets\/(partner|driver|admin|zod|shared)-[\w-]{8}\.js$/;
/**
 * Source files no landing page may carry, as the chunk's sourcemap names them: another audience's code, zod, the
 * contracts, and the endpoint tables of the lazily loaded audiences (docs/decisions/0262-endpoint-table-split.md).
 */
const FOREIGN_SOURCE =
  /(^|\/)src\/web\/(partner|driver|admin)\/|\/node_modules\/zod\/|(^|\/)src\/domain\/contracts\/|(^|\/)src\/web\/lib\/endpoints-[\w-]+\.generated\.ts$/;

const dist = path.join(ROOT, 'dist');
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('dist/index.html is missing: run `npm run build` first');
  process.exit(1);
}

/** The foreign source files a built script's sourcemap lists (none when it has no map). */
function foreignSources(file) {
  const map = path.join(dist, `${file}.map`);
  if (!existsSync(map)) return [];
  const { sources = [] } = JSON.parse(readFileSync(map, 'utf8'));
  return sources.filter((s) => FOREIGN_SOURCE.test(s.replace(/\\/g, '/')));
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'halalnosh-js-budget-'));
const server = await startServer({
  port: await freePort(),
  env: { DEMO: '1', DATABASE_URL: '', DATA_DIR: dataDir, ...BENCH_ENV },
  log: opts.verbose ? (t) => process.stderr.write(t) : undefined,
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
const figures = [];
let failed = false;
try {
  for (const p of PAGES) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res);
    });
    const htmlResponse = await page.goto(`${server.base}${p.path}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const rows = [];
    for (const res of scripts) {
      const body = await res.body().catch(() => Buffer.alloc(0));
      const file = new URL(res.url()).pathname;
      rows.push({ file, kB: gzipSync(body, { level: 9 }).length / 1024, foreign: foreignSources(file) });
    }
    // The page's inline scripts (the boot script that requests the rest and keeps early taps: JSON
    // blocks are data) come with its HTML: reported beside the figure, which counts fetched scripts.
    const html = (await htmlResponse?.text().catch(() => '')) ?? '';
    const inlineText = [
      ...html.matchAll(
        /<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:json|ld\+json)")[^>]*>([\s\S]*?)<\/script>/g,
      ),
    ]
      .map((m) => m[1])
      .join('\n');
    const inlineKB = inlineText ? gzipSync(inlineText, { level: 9 }).length / 1024 : 0;
    await context.close();
    const total = rows.reduce((a, r) => a + r.kB, 0);
    const foreign = rows.filter((r) => FOREIGN_CHUNK.test(r.file) || r.foreign.length > 0);
    const pass = total <= BUDGET_KB && foreign.length === 0;
    if (opts.gate ? total > GATE_KB || foreign.length > 0 : !pass) failed = true;
    say(opts, `${p.name} (${p.path}): ${rows.length} scripts, ${total.toFixed(1)} kB gzip`);
    for (const r of rows.sort((a, b) => b.kB - a.kB)) say(opts, `  ${r.kB.toFixed(1).padStart(6)} kB  ${r.file}`);
    say(opts, `  ${inlineKB.toFixed(1).padStart(6)} kB  inline in the HTML (not in the figure)`);
    for (const r of foreign)
      say(opts, `  FAIL: ${r.file} is not customer code (${r.foreign.slice(0, 3).join(', ') || 'by its name'})`);
    const list = rows.map(
      (r) => `${r.file.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '')} ${r.kB.toFixed(1)}`,
    );
    figures.push(
      figure(
        p.id,
        `JavaScript the ${p.name} fetches in a browser until the network is idle (gzip, every script: entry, lazy routes, deferred libraries), no partner, driver, admin or zod code in it`,
        `${total.toFixed(1)} kB in ${rows.length} scripts (${list.join(', ')}), and ${inlineKB.toFixed(1)} kB inline in the HTML${foreign.length ? `; not customer code: ${foreign.map((r) => r.file).join(', ')}` : ''}`,
        `≤ ${BUDGET_KB} kB`,
        pass,
      ),
    );
  }
} finally {
  await browser.close();
  await server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
printResult(figures, opts);
// A gate for `npm run test:e2e`; bench/run.mjs (--json) reads the figures instead.
if (failed && !opts.json) process.exitCode = 1;
