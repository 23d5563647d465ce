#!/usr/bin/env node
// The uncached answers against a peer in the same run (bench/README.md, docs/decisions/0293-peer-stand-in.md):
// HalalNosh with the response cache off, on PGlite and on PostgreSQL, beside a stand-in for the peer marketplace
// backend (bench/peer/: Express, GraphQL and SQLite), on the same host, loaded one after another in turns.
//
// 1. HalalNosh: two servers with RESPONSE_CACHE=0 (every answer computed), one on PGlite (its own DATA_DIR), one on
//    a fresh PostgreSQL database; DEMO=1 seeds the demo catalog on each.
// 2. The peer: bench/peer/server.mjs, its packages installed there on first use (`npm ci` in bench/peer), seeded
//    with the same rows: every London card of HalalNosh's search and the first London branch with a menu (its page
//    and items). Its reads are the peer's kind: one SQL statement for a city's 24 cards, one for a restaurant and one
//    for its menu, each answer executed through GraphQL; no answer cached (a query's parsed text is kept, as Apollo
//    Server keeps it).
// 3. The reads, each checked once before loading (the same number of cards, the same menu items on every server):
//    - search: HalalNosh GET /api/restaurants/search?location=London (its first page of 24: the demo's 22 London
//      branches), the peer's `restaurants(city: "London", first: 24)` with every card field;
//    - restaurant page: HalalNosh GET /api/restaurants/{slug}, the peer's `restaurant(slug)` with every card field
//      and its menu.
// 4. autocannon, 50 connections, no pipelining, a 3 s warm-up then 15 s per load. Each round loads the three
//    servers one after another for a read, the order turned by the round (peer, PGlite, PostgreSQL; then PGlite,
//    PostgreSQL, peer; …), so no server always runs first or last. Figures: the median req/s of the rounds, and
//    each database against the peer. Budget: at least 1.5 × the peer.
//
//   node bench/perf/peer.mjs [--quick] [--json] [--verbose] [--rounds N] [--app <checkout>] [--no-record]
// --app: measure another checkout's server (its node_modules installed) beside the same peer, e.g. the code of an
// earlier day, to see the stand-in give the ratio that day's measurement gave. --quick: one round, 5 s loads.
// Run alone (not --json, --quick, --app or --no-record) it writes its table to bench/results.md between the peer
// markers, the previous run's values beside.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, freshDatabase, ROOT } from '../lib/harness.mjs';
import {
  benchArgs,
  figure,
  fmtMs,
  fmtRate,
  load,
  median,
  PG_SERVER,
  printResult,
  say,
  startBenchServer,
} from '../lib/perf.mjs';
import { cpuName, recordSection, runCommit, runMinute } from '../lib/results-section.mjs';

const opts = benchArgs({
  rounds: { type: 'string' },
  app: { type: 'string' },
  'no-record': { type: 'boolean', default: false },
});
const ROUNDS = Number(opts.rounds ?? (opts.quick ? 1 : 3));
const SECONDS = opts.quick ? 5 : 15;
const WARMUP = opts.quick ? 1 : 3;
const APP = opts.app ? path.resolve(opts.app) : ROOT;
const PEER = path.join(ROOT, 'bench', 'peer');
/** The cards of a search page (HalalNosh's default page; the demo's London has 22 branches, so its page holds 22). */
const PAGE = 24;
const RATIO = 1.5;

/** The card fields the peer is asked for: every field its schema has (the same names as HalalNosh's card). */
const CARD_FIELDS =
  'id slug brandId brandName branchName city cuisines rating reviewCount etaMinMinutes etaMaxMinutes ' +
  'deliveryFeeMinor minOrderMinor halalStatus lastVerifiedAt imageUrl logoUrl isOpen description address ' +
  'postcode phone lat lng deliveryRadiusKm';
const MENU_FIELDS =
  'menu { id title items { id name description priceMinor imageUrl category isVegetarian isVegan isSpicy allergens sortOrder } }';

/** The peer's packages, installed from its lock file when missing (a native SQLite build: about a minute). */
function installPeer() {
  if (existsSync(path.join(PEER, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'))) return;
  say(opts, 'installing the peer stand-in (bench/peer: npm ci)…');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: PEER, stdio: opts.verbose ? 'inherit' : 'ignore' });
}

async function startPeer(seedFile) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(PEER, 'server.mjs'), seedFile, String(port)], {
    cwd: PEER,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('listening')) resolve();
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`the peer exited (${code}):\n${output}`)));
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return {
    base: `http://127.0.0.1:${port}`,
    kill: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

const json = async (url) => {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
};

/** Every London card HalalNosh answers, and the first London branch with a menu (its page). */
async function seedFrom(base) {
  const cards = [];
  for (let offset = 0; ; offset += 100) {
    const found = await json(`${base}/api/restaurants/search?location=London&limit=100&offset=${offset}`);
    cards.push(...found.restaurants);
    if (cards.length >= found.total || found.restaurants.length === 0) break;
  }
  for (const card of cards) {
    const page = await json(`${base}/api/restaurants/${card.slug}`);
    if (page.restaurant.menu?.sections.some((s) => s.items.length)) return { cards, page };
  }
  throw new Error('no London branch with a menu');
}

const itemsOf = (sections) => sections.flatMap((s) => s.items.map((i) => i.id)).join(',');

/** The URLs of the two reads on each server, each checked to answer the same number of cards and the same menu. */
async function reads(target, slug, menuItems, cards) {
  if (target.kind === 'peer') {
    const q = (query) => `${target.base}/graphql?query=${encodeURIComponent(query)}`;
    const search = q(`{ restaurants(city: "London", first: ${PAGE}) { ${CARD_FIELDS} } }`);
    const page = q(`{ restaurant(slug: ${JSON.stringify(slug)}) { ${CARD_FIELDS} ${MENU_FIELDS} } }`);
    const [s, p] = [await json(search), await json(page)];
    if (s.errors || p.errors) throw new Error(`the peer answered errors: ${JSON.stringify(s.errors ?? p.errors)}`);
    if (s.data.restaurants.length !== cards) throw new Error(`the peer answered ${s.data.restaurants.length} cards`);
    if (itemsOf(p.data.restaurant.menu) !== menuItems) throw new Error('the peer answered another menu');
    return { search, page };
  }
  const search = `${target.base}/api/restaurants/search?location=London`;
  const page = `${target.base}/api/restaurants/${slug}`;
  const [s, p] = [await json(search), await json(page)];
  if (s.restaurants.length !== cards) throw new Error(`${target.label} answered ${s.restaurants.length} cards`);
  if (itemsOf(p.restaurant.menu.sections) !== menuItems) throw new Error(`${target.label} answered another menu`);
  return { search, page };
}

/** A load's rates, rounded, in the order of the rounds. */
const listed = (rates) => rates.map((v) => Math.round(v).toLocaleString('en-GB')).join(', ');

const targets = [];
const cleanup = [];
let seedDir = null;
const figures = [];
try {
  installPeer();
  say(opts, `HalalNosh${opts.app ? ` (${APP})` : ''}, RESPONSE_CACHE=0: starting on PGlite and on PostgreSQL…`);
  const db = await freshDatabase(PG_SERVER, 'halalnosh_perf_peer');
  cleanup.push(() => db.drop());
  for (const [kind, label, databaseUrl] of [
    ['pglite', 'PGlite', null],
    ['postgres', 'PostgreSQL', db.url],
  ]) {
    const server = await startBenchServer({
      databaseUrl,
      env: { RESPONSE_CACHE: '0' },
      verbose: opts.verbose,
      root: APP,
    });
    cleanup.unshift(() => server.kill());
    targets.push({ kind, label, base: server.base });
  }
  const seed = await seedFrom(targets[0].base);
  seedDir = mkdtempSync(path.join(tmpdir(), 'halalnosh-peer-seed-'));
  const seedFile = path.join(seedDir, 'seed.json');
  writeFileSync(seedFile, JSON.stringify(seed));
  const peer = await startPeer(seedFile);
  cleanup.unshift(() => peer.kill());
  targets.unshift({ kind: 'peer', label: 'peer', base: peer.base });
  const slug = seed.page.restaurant.slug;
  const menuItems = itemsOf(seed.page.restaurant.menu.sections);
  say(
    opts,
    `seeded the peer: ${seed.cards.length} London cards, ${slug} with ${menuItems.split(',').length} menu items`,
  );
  const cards = Math.min(PAGE, seed.cards.length);
  for (const t of targets) t.urls = await reads(t, slug, menuItems, cards);
  const READS = [
    { id: 'search', label: `London search (${cards} cards)` },
    { id: 'page', label: `restaurant page (${menuItems.split(',').length} menu items)` },
  ];

  const rates = new Map(); // `${read}:${kind}` → req/s of each round
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = targets.map((_, i) => targets[(i + round) % targets.length]);
    for (const read of READS) {
      for (const t of order) {
        const r = await load({ url: t.urls[read.id], seconds: SECONDS, warmupSeconds: WARMUP });
        if (r.non2xx || r.errors) throw new Error(`${t.label} ${read.label}: ${r.non2xx} non-2xx, ${r.errors} errors`);
        const key = `${read.id}:${t.kind}`;
        rates.set(key, [...(rates.get(key) ?? []), r.reqPerSec]);
        say(
          opts,
          `  round ${round + 1}, ${read.label}, ${t.label}: ${fmtRate(r.reqPerSec)}, p50 ${fmtMs(r.p50)}, p99 ${fmtMs(r.p99)}`,
        );
      }
    }
  }
  for (const read of READS) {
    const peerRate = median(rates.get(`${read.id}:peer`));
    for (const t of targets.filter((x) => x.kind !== 'peer')) {
      const own = median(rates.get(`${read.id}:${t.kind}`));
      const ratio = own / peerRate;
      figures.push(
        figure(
          `peer-${read.id}-${t.kind}`,
          `${read.label[0].toUpperCase()}${read.label.slice(1)}, response cache off, ${t.label} against the peer stand-in (Express, GraphQL, SQLite) in the same run: median req/s of ${ROUNDS} round${ROUNDS === 1 ? '' : 's'}, 50 connections, ${SECONDS} s each`,
          `${ratio.toFixed(2)}× (${fmtRate(own)} against ${fmtRate(peerRate)}; rounds ${listed(rates.get(`${read.id}:${t.kind}`))} against ${listed(rates.get(`${read.id}:peer`))})`,
          `≥ ${RATIO}×`,
          ratio >= RATIO,
        ),
      );
    }
  }
} finally {
  for (const stop of cleanup) await stop();
  if (seedDir) rmSync(seedDir, { recursive: true, force: true });
}

printResult(figures, opts);
if (!opts.quick && !opts['no-record'] && !opts.json && !opts.app) record(figures);

/** bench/results.md, between the peer markers: this run, and the previous one's values beside. */
function record(figs) {
  recordSection({
    marker: 'peer',
    heading: '## The uncached answers against the peer stand-in, same run',
    runLine: `Run ${runMinute()} UTC by \`node bench/perf/peer.mjs${opts.rounds ? ` --rounds ${ROUNDS}` : ''}\` at commit ${runCommit()}, on ${os.cpus().length} × ${cpuName()}, Node ${process.version}; the method: the top of bench/perf/peer.mjs, the stand-in: bench/peer/README.md and docs/decisions/0293-peer-stand-in.md.`,
    figures: figs,
  });
  say(opts, 'wrote bench/results.md');
}
