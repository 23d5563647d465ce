#!/usr/bin/env node
// Performance budget, item 8 of bench/README.md: start-up.
//  - `npm start` on an existing data folder (the embedded database with its demo data already
//    there, the web app already built): time from spawn until GET /api/health and GET / both
//    answer 200. Median of 3 runs (1 with --quick). Budget < 5 s.
//  - A fresh install: `git clone` of the committed HEAD into a temporary folder, `npm install`
//    there, then `npm start` (which builds the web app and seeds a new data folder) until it
//    serves. Budget < 2 min. npm's cache on this machine is warm (the project's packages were
//    installed here before), so this is the "on this machine" figure, not a cold download.
//
//  - With --image (run by hand, not by run.mjs: several minutes), the container image
//    (docs/decisions/0239-container-image.md), from `scripts/dockerfile-steps.mjs --json`: the
//    runtime stage's folder size (node_modules and the built folders) plus the stated size of the
//    base image, the image's CMD from spawn to the first 200 from /api/health on an empty volume
//    (the embedded database created) and again with `npm start` on that volume, and the server's RSS
//    after start-up; and from `scripts/compose-topology.mjs --json` (needs PostgreSQL, nginx and
//    `npm run build`), each of the two processes' time to the first 200 and RSS after start-up on
//    PostgreSQL with the Redis bus. Reported, no budget. `--image-only` skips the rest.
//
//   node bench/perf/startup.mjs [--quick] [--json] [--verbose] [--skip-install] [--image] [--image-only]
//
// Every process is started in its own process group and only that group is killed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, freePort } from '../lib/harness.mjs';
import { benchArgs, figure, printResult, say } from '../lib/perf.mjs';
import { signalOwned, spawnOwned, stopOwned } from '../lib/processes.mjs';

const opts = benchArgs({
  'skip-install': { type: 'boolean', default: false },
  image: { type: 'boolean', default: false },
  'image-only': { type: 'boolean', default: false },
});
/**
 * The base image's own size, stated, not measured (no image can be pulled here): `docker images`
 * listed node:22-slim (then bookworm-slim) at 220 MB uncompressed in the Node.js image comparison of
 * labs.iximiuz.com ("How to choose a Node.js container image", 2024).
 */
const BASE_IMAGE_MB = 220;
const RUNS = opts.quick ? 1 : 3;
const WARM_BUDGET_MS = 5_000;
const FRESH_BUDGET_MS = 120_000;
/** Runs a command to completion in its own process group; resolves with its duration in ms. */
async function run(cmd, args, { cwd } = {}) {
  const began = performance.now();
  const proc = spawnOwned(cmd, args, { cwd, verbose: opts.verbose });
  const { code } = await proc.exited;
  if (code !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${code}:\n${proc.output()}`);
  return performance.now() - began;
}

async function answers(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/**
 * `npm start` in `cwd` on DATA_DIR `dataDir`: ms from spawn until /api/health and / both answer
 * 200, polled every 50 ms. The server (npm, scripts/start.mjs and the server process: one process
 * group) is stopped afterwards.
 */
async function timeStart(cwd, dataDir, timeoutMs) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const began = performance.now();
  const app = spawnOwned('npm', ['start'], {
    cwd,
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      DEMO_FLEET: '0',
    },
    verbose: opts.verbose,
  });
  let exited = null;
  void app.exited.then((e) => (exited = e));
  try {
    for (;;) {
      if (exited) throw new Error(`npm start exited (${JSON.stringify(exited)}):\n${app.output()}`);
      if ((await answers(`${base}/api/health`)) && (await answers(`${base}/`))) return performance.now() - began;
      if (performance.now() - began > timeoutMs)
        throw new Error(`npm start did not serve within ${timeoutMs} ms:\n${app.output()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    if (!exited) await stopOwned(app);
  }
}

const sec = (ms) => `${(ms / 1000).toFixed(1)} s`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const scratch = mkdtempSync(path.join(tmpdir(), 'halalnosh-startup-'));
const figures = [];
/** Runs a script of ours with --json and returns its last line, parsed. */
async function jsonOf(script) {
  const proc = spawnOwned(process.execPath, [path.join(ROOT, script), '--json'], { verbose: opts.verbose });
  const { code } = await proc.exited;
  const last = proc.output().trim().split('\n').at(-1);
  if (code !== 0) throw new Error(`${script} exited ${code}:\n${proc.output().slice(-3000)}`);
  return JSON.parse(last);
}

/** The container image's figures (--image). */
async function imageFigures() {
  const mb = (b) => (b / 1e6).toFixed(1);
  const steps = await jsonOf('scripts/dockerfile-steps.mjs');
  const built = steps.runtimeBytes.dist + steps.runtimeBytes['dist-ssr'] + steps.runtimeBytes.build;
  figures.push(
    figure(
      'image-size',
      `Image size estimate: the Dockerfile's runtime stage folder plus ${steps.base} as stated (${BASE_IMAGE_MB} MB, not measured here)`,
      `≈ ${Math.round(steps.runtimeBytes.total / 1e6 + BASE_IMAGE_MB)} MB (runtime stage ${mb(steps.runtimeBytes.total)} MB: node_modules ${mb(steps.runtimeBytes.node_modules)} MB, dist + dist-ssr + build ${mb(built)} MB)`,
      'reported',
      true,
    ),
    figure(
      'image-first-health',
      "The image's CMD (uid 1000, NODE_ENV=production, embedded database) from spawn to the first 200 from /api/health",
      `${sec(steps.startup.msToHealth)} on an empty volume (the database created), ${sec(steps.startup.npmStartMsToHealth)} with \`npm start\` on it afterwards; RSS ${Math.round(steps.startup.rssKb / 1024)} MB after start-up`,
      'reported',
      true,
    ),
  );
  say(opts, `startup: image steps took ${JSON.stringify(steps.seconds)}`);
  const topology = await jsonOf('scripts/compose-topology.mjs');
  figures.push(
    figure(
      'topology-first-health',
      "compose.yaml's two app processes started together on a fresh PostgreSQL database with Redis: spawn to the first 200 from /api/health, RSS after start-up",
      topology.apps.map((a) => `${a.name} ${sec(a.msToHealth)}, RSS ${Math.round(a.rssKb / 1024)} MB`).join('; '),
      'reported',
      true,
    ),
  );
  say(opts, `startup: the topology run took ${topology.seconds} s`);
}

try {
  if (opts.image || opts['image-only']) await imageFigures();
  if (!opts['image-only']) await startFigures();
  printResult(figures, opts);
} catch (err) {
  console.error(`startup bench could not measure: ${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
} finally {
  signalOwned('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
}

/** `npm start` on an existing data folder, and a fresh install. */
async function startFigures() {
  // An existing data folder: the first start creates and seeds it (and builds dist/ if stale).
  const dataDir = path.join(scratch, 'data');
  const first = await timeStart(ROOT, dataDir, 300_000);
  say(opts, `startup: first start (creates and seeds the data folder) served in ${sec(first)}`);
  const warm = [];
  for (let i = 0; i < RUNS; i++) {
    warm.push(await timeStart(ROOT, dataDir, 60_000));
    say(opts, `startup: npm start on the existing data folder, run ${i + 1}: ${sec(warm.at(-1))}`);
  }
  const m = median(warm);
  figures.push(
    figure(
      'startup-existing',
      `\`npm start\` on an existing data folder until / and /api/health answer (median of ${RUNS})`,
      `${sec(m)} (runs ${warm.map(sec).join(', ')})`,
      '< 5 s',
      m < WARM_BUDGET_MS,
    ),
  );

  if (!opts['skip-install']) {
    const clone = path.join(scratch, 'clone');
    const cloneMs = await run('git', ['clone', '--quiet', '--no-hardlinks', ROOT, clone]);
    const installMs = await run('npm', ['install', '--no-audit', '--no-fund'], { cwd: clone });
    const startMs = await timeStart(clone, path.join(clone, 'data'), FRESH_BUDGET_MS * 2);
    const total = cloneMs + installMs + startMs;
    say(
      opts,
      `startup: fresh install: git clone ${sec(cloneMs)}, npm install ${sec(installMs)}, first npm start (build + seed) ${sec(startMs)}`,
    );
    figures.push(
      figure(
        'startup-fresh',
        'Fresh install: `git clone`, `npm install` (npm cache warm on this machine), `npm start` until it serves',
        `${sec(total)} (clone ${sec(cloneMs)}, install ${sec(installMs)}, start ${sec(startMs)})`,
        '< 2 min',
        total < FRESH_BUDGET_MS,
      ),
    );
  }
}
