// The JavaScript budget of the first customer page (docs/product/README.md#performance): the entry script of
// dist/index.html plus everything it loads statically (modulepreload), gzipped, at most 120 kB,
// with no partner, driver or admin code among them. Reads the production build; run `npm run build` first.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET = 120 * 1024;
const dist = path.resolve('dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = new Set();
for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) files.add(m[1]);
for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) files.add(m[1]);
let total = 0;
let leak = false;
const rows = [];
for (const f of files) {
  const code = readFileSync(path.join(dist, f.replace(/^\//, '')));
  const gz = gzipSync(code, { level: 9 }).length;
  total += gz;
  rows.push({ file: f, kB: (gz / 1024).toFixed(1) });
  const text = code.toString('utf8');
  for (const marker of ['Order Management', 'Driver Console Admin', 'Available Jobs', 'Access Admin Panel']) {
    if (text.includes(marker)) {
      console.error(`FAIL: ${f} contains "${marker}" (code of another audience in the first page)`);
      process.exitCode = 1;
      leak = true;
    }
  }
}
console.table(rows);
const pass = total <= BUDGET;
console.log(
  `first-page JavaScript: ${(total / 1024).toFixed(1)} kB gzip (budget ${BUDGET / 1024} kB): ${pass ? 'pass' : 'FAIL'}`,
);
if (!pass) process.exitCode = 1;
if (process.argv.includes('--json')) {
  // bench/run.mjs reads this line (the figure protocol in bench/README.md).
  console.log(
    'RESULT ' +
      JSON.stringify({
        figures: [
          {
            id: 'web-js-first-page',
            figure:
              'JavaScript of the first customer page as the build links it (gzip, entry and modulepreloads only; perf/js-pages.mjs counts what a browser fetches), no other audience in it',
            value: `${(total / 1024).toFixed(1)} kB`,
            budget: `≤ ${BUDGET / 1024} kB`,
            pass: pass && !leak,
          },
        ],
      }),
  );
}
