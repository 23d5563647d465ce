#!/usr/bin/env node
// Performance budget, the honest half of the JavaScript budget (bench/README.md): what a browser
// really downloads for the home page and for a restaurant page. The production build (`npm run
// build` first) is served by the real server on the embedded database with demo data; Debian's
// Chromium (Playwright's driver, playwright.config.ts's flags) opens each page in a fresh context
// (empty cache) and waits until the network has been idle for 500 ms, so lazy route chunks and
// deferred libraries (the toasts) count too. Each script's body is gzipped at level 9 (what
// js-budget.mjs and the build report) and summed. Scripts of another audience (partner, driver,
// admin) or the validation library (zod) among them fail the figure whatever the size.
//
//   node bench/perf/js-pages.mjs [--json] [--verbose]
//
// bench/js-budget.mjs counts the entry and its modulepreloads only (the build's static graph);
// this script counts every script the page fetches.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium.mjs';
import { ROOT, freePort, startServer } from '../lib/harness.mjs';
import { BENCH_ENV, benchArgs, figure, printResult, say } from '../lib/perf.mjs';

const opts = benchArgs();
const BUDGET_KB = 120;
const FOREIGN = /\/assets\/(partner|driver|admin|zod)-/;
const PAGES = [
  { id: 'web-js-home', name: 'home page', path: '/' },
  { id: 'web-js-restaurant', name: 'restaurant page', path: '/restaurant/kervan-ocakbasi-dalston' },
];

if (!existsSync(path.join(ROOT, 'dist', 'index.html'))) {
  console.error('dist/index.html is missing: run `npm run build` first');
  process.exit(1);
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'halalnosh-js-pages-'));
const server = await startServer({
  port: await freePort(),
  env: { DEMO: '1', DATABASE_URL: '', DATA_DIR: dataDir, ...BENCH_ENV },
  log: opts.verbose ? (t) => process.stderr.write(t) : undefined,
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
const figures = [];
try {
  for (const p of PAGES) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res);
    });
    await page.goto(`${server.base}${p.path}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const rows = [];
    for (const res of scripts) {
      const body = await res.body().catch(() => Buffer.alloc(0));
      rows.push({ file: new URL(res.url()).pathname, kB: gzipSync(body, { level: 9 }).length / 1024 });
    }
    await context.close();
    const total = rows.reduce((a, r) => a + r.kB, 0);
    const foreign = rows.filter((r) => FOREIGN.test(r.file)).map((r) => r.file);
    say(opts, `${p.name} (${p.path}): ${rows.length} scripts`);
    for (const r of rows.sort((a, b) => b.kB - a.kB)) say(opts, `  ${r.kB.toFixed(1).padStart(6)} kB  ${r.file}`);
    const list = rows.map(
      (r) => `${r.file.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '')} ${r.kB.toFixed(1)}`,
    );
    figures.push(
      figure(
        p.id,
        `JavaScript the ${p.name} fetches until the network is idle (gzip, every script), no other audience or zod in it`,
        `${total.toFixed(1)} kB in ${rows.length} scripts (${list.join(', ')})${foreign.length ? `; other audiences: ${foreign.join(', ')}` : ''}`,
        `≤ ${BUDGET_KB} kB`,
        total <= BUDGET_KB && foreign.length === 0,
      ),
    );
  }
} finally {
  await browser.close();
  await server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
printResult(figures, opts);
