// A simulated London evening and three dispatch policies compared (docs/decisions/0259-dispatcher-offers-one-driver-at-a-time.md).
//
//   node bench/perf/dispatch-sim.mjs [--json] [--quick] [--no-record] [--seed 259] [--fleets 175,250,300]
//
// bench/sim/city.ts replays a 4-hour Friday evening in Ramadan (17:00 to 21:00, iftar at 18:00) in
// accelerated time: 2,000 orders on the demo catalog's 15 London branches, customers at the postcode
// districts around them, and each fleet size (tight, normal, generous) under today's board, offers to
// the nearest idle driver, and the dispatcher (src/domain/dispatch.ts), all over the same seeded orders,
// drivers and answers. Each fleet size runs in its own process (`tsx bench/sim/run.ts`), all at once on
// the machine's cores; the wall time of the whole and the CPU it took are reported with the load average.
//
// Figures: per fleet and policy, click-to-door p50/p90, food waiting at the pass (ready to picked up)
// p50/p90, orders late against the promised time, orders with no driver 10 minutes after the restaurant
// accepted, driver utilisation, earnings per online hour, road km per delivered order. Budgets (the
// issue's goal, per fleet size): the dispatcher's click-to-door p90 at least 20 % under the board's,
// orders with no driver after 10 minutes at most half the board's, earnings per online hour not lower
// than the board's, stacked second orders on time in at least 95 % of stacks; the whole comparison
// (three fleets × three policies) in under a minute. A never-delivered order (the customer cancelled
// after an hour without a driver) counts as infinitely late in the percentiles.
//
// The dispatcher is the product's own (`DISPATCH_PARAMS`, docs/decisions/0287-stacks-on-time-and-the-product-policy.md):
// the simulator takes the very settings the product's round does, and resting places, not the product's, are off.
//
// The fleets (docs/decisions/0284-where-the-p90-comes-from.md): tight 175, the fewest drivers that serve the
// evening (150 cannot); normal 250, the fewest with which the board copes (no customer cancels, and it finds
// a driver within 10 minutes for more than 85 % of orders); generous 300. Beside each fleet's p90 goal the
// evening's floor: the p90 if every order were picked up the moment its food is ready and ridden straight to
// the door by motorcycle, which no policy can beat; where 80 % of the board's p90 is under it, the goal is
// out of reach for any dispatcher, and the figure says so.
import { execFile, execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../lib/harness.mjs';
import { benchArgs, figure, printResult, say } from '../lib/perf.mjs';
import { recordSection, runMinute } from '../lib/results-section.mjs';

const opts = benchArgs({
  'no-record': { type: 'boolean', default: false },
  seed: { type: 'string', default: '259' },
  fleets: { type: 'string', default: '175,250,300' },
});
const FLEETS = opts.fleets.split(',').map(Number);
const NAMES = ['tight', 'normal', 'generous'];
const ORDERS = opts.quick ? 500 : 2000;
const quickFleets = opts.quick ? FLEETS.map((n) => Math.round((n * ORDERS) / 2000)) : FLEETS;

const run = promisify(execFile);
const started = Date.now();
const load0 = os.loadavg()[0];
const outputs = await Promise.all(
  quickFleets.map((n) =>
    run(
      path.join(ROOT, 'node_modules', '.bin', 'tsx'),
      [path.join(ROOT, 'bench/sim/run.ts'), '--seed', opts.seed, '--orders', String(ORDERS), '--fleets', String(n)],
      { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
    ),
  ),
);
const wallMs = Date.now() - started;
const load1 = os.loadavg()[0];
const parsed = outputs.map((o) => JSON.parse(o.stdout.trim().split('\n').pop()));
const cpuMs = parsed.reduce((a, p) => a + p.cpuMs, 0);

const mins = (n) => (n === null || !Number.isFinite(n) ? '∞' : `${n.toFixed(1)}`);
const pct = (n) => `${(n * 100).toFixed(0)} %`;
const pounds = (minor) => `£${(minor / 100).toFixed(2)}`;
const POLICY_NAMES = { board: 'board (today)', nearest: 'nearest idle driver', dispatcher: 'dispatcher' };

const figures = [];
parsed.forEach((p, i) => {
  const fleet = NAMES[i] ?? `fleet${i}`;
  const { drivers, results } = p.runs[0];
  const by = Object.fromEntries(results.map((r) => [r.policy, r]));
  for (const r of results) {
    figures.push(
      figure(
        `dispatch-${fleet}-${r.policy}`,
        `${fleet} fleet (${drivers} drivers, ${r.orders} orders), ${POLICY_NAMES[r.policy]}: click-to-door p50/p90, food at the pass p50/p90 (min); late; no driver after 10 min; utilisation; per online hour; km per order`,
        `${mins(r.clickToDoorP50)}/${mins(r.clickToDoorP90)}; ${mins(r.passWaitP50)}/${mins(r.passWaitP90)}; ${r.late} late; ${r.noDriverAfter10} no driver; ${pct(r.utilisation)}; ${pounds(r.earningsPerOnlineHourMinor)}; ${r.kmPerOrder.toFixed(2)} km (${r.delivered} delivered, ${r.cancelled} cancelled, ${r.failedNotHome} not at home${r.policy === 'dispatcher' ? `, ${r.stacks} stacked, ${r.opsAlerts} to the board with an ops alert` : ''})`,
        'reported',
        true,
      ),
    );
  }
  const b = by.board;
  const d = by.dispatcher;
  const p90Gain =
    Number.isFinite(b.clickToDoorP90) && b.clickToDoorP90 ? 1 - d.clickToDoorP90 / b.clickToDoorP90 : null;
  const p90Pass = Number.isFinite(d.clickToDoorP90) && (!Number.isFinite(b.clickToDoorP90) || p90Gain >= 0.2);
  const floor = p.runs[0].floorP90;
  const reachable = !Number.isFinite(b.clickToDoorP90) || 0.8 * b.clickToDoorP90 >= floor;
  figures.push(
    figure(
      `dispatch-${fleet}-p90`,
      `${fleet} fleet: the dispatcher's click-to-door p90 against the board's`,
      `${mins(d.clickToDoorP90)} vs ${mins(b.clickToDoorP90)} min${p90Gain === null ? '' : ` (${(p90Gain * 100).toFixed(0)} % lower)`}; the evening's floor ${mins(floor)}${reachable ? '' : `, above 80 % of the board's (${mins(0.8 * b.clickToDoorP90)}): out of reach for any policy`}`,
      '≥ 20 % lower',
      p90Pass,
    ),
    figure(
      `dispatch-${fleet}-no-driver`,
      `${fleet} fleet: orders with no driver 10 minutes after the restaurant accepted, dispatcher vs board`,
      `${d.noDriverAfter10} vs ${b.noDriverAfter10}`,
      '≤ half the board’s',
      d.noDriverAfter10 <= b.noDriverAfter10 / 2,
    ),
    figure(
      `dispatch-${fleet}-earnings`,
      `${fleet} fleet: drivers' earnings per online hour, dispatcher vs board`,
      `${pounds(d.earningsPerOnlineHourMinor)} vs ${pounds(b.earningsPerOnlineHourMinor)}`,
      'not lower',
      d.earningsPerOnlineHourMinor >= b.earningsPerOnlineHourMinor,
    ),
    figure(
      `dispatch-${fleet}-stacks`,
      `${fleet} fleet: stacked second orders delivered by their promised time`,
      d.stacks ? `${d.stacksOnTime} of ${d.stacks} (${pct(d.stacksOnTime / d.stacks)})` : 'no stacks',
      '≥ 95 %',
      d.stacks === 0 || d.stacksOnTime / d.stacks >= 0.95,
    ),
  );
});
figures.push(
  figure(
    'dispatch-sim-time',
    `The whole comparison (${quickFleets.length} fleets × 3 policies, ${ORDERS} orders each), one process per fleet: wall time, CPU, load average before/after`,
    `${(wallMs / 1000).toFixed(1)} s wall, ${(cpuMs / 1000).toFixed(1)} s CPU, load ${load0.toFixed(1)}/${load1.toFixed(1)} on ${os.cpus().length} cores`,
    '< 60 s',
    wallMs < 60_000,
  ),
);

printResult(figures, opts);
if (!opts.quick && !opts['no-record'] && !opts.json) record(figures);

function git(...args) {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

function record(figs) {
  const commit =
    git('rev-parse', '--short', 'HEAD') +
    (git('status', '--porcelain', '--untracked-files=no') ? ' (with uncommitted changes)' : '');
  recordSection({
    marker: 'dispatch-sim',
    heading: '## Dispatch: a simulated London evening, three policies',
    runLine: `Run ${runMinute()} UTC by \`node bench/perf/dispatch-sim.mjs --seed ${opts.seed} --fleets ${opts.fleets}\` at commit ${commit}, on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; a Friday in Ramadan, 17:00 to 21:00 (iftar 18:00), 2,000 orders on the demo catalog's 15 London branches; the city, its assumptions and the policy: bench/sim/city.ts and docs/decisions/0259-dispatcher-offers-one-driver-at-a-time.md; the fleets and the floor: docs/decisions/0284-where-the-p90-comes-from.md; the dispatcher is exactly the product's (\`DISPATCH_PARAMS\`: long rides to fast vehicles and the oldest food first; resting places are not the product's, so no idle driver is moved) and its stacks keep the second customer's margin of docs/decisions/0287-stacks-on-time-and-the-product-policy.md. Times in minutes; ∞ where more than a tenth of orders were never delivered.`,
    figures: figs,
  });
  say(opts, 'wrote bench/results.md');
}
