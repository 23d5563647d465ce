// npm run bench: runs every performance budget (docs/product/README.md#performance) in turn, each script in its own process
// (the server it measures is a further process of its own), and writes the table to
// bench/results.md between the perf markers, with machine, date and commit, keeping the previous
// run's values beside the new ones so that a second run shows whether the figures reproduce.
//
//   node bench/run.mjs [--quick] [--only id1,id2] [--no-record]
//
// The figure protocol: a script prints, as its last line starting with "RESULT ", a JSON object
// { "figures": [ { "id", "figure", "value", "budget", "pass" } ] } and exits 0 whether or not a
// budget was met (non-zero only when it could not measure). --quick is passed through: shorter
// runs for development; a recorded run never uses it.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/harness.mjs';
import { cpuName, runCommit } from './lib/results-section.mjs';

const { values: opts } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    'no-record': { type: 'boolean', default: false },
  },
});

/** In the order they run: cheap and quiet figures first, the heavy scale seeding last. */
const SCRIPTS = [
  { id: 'js', file: 'js-budget.mjs', title: 'Web: JavaScript a browser fetches for the customer pages' },
  // No server: a simulated London evening, three dispatch policies side by side, under a minute
  // (docs/decisions/0259-dispatcher-offers-one-driver-at-a-time.md).
  { id: 'dispatch-sim', file: 'perf/dispatch-sim.mjs', title: 'Dispatch: a simulated London evening, three policies' },
  { id: 'startup', file: 'perf/startup.mjs', title: 'Start-up' },
  { id: 'lighthouse', file: 'perf/lighthouse.mjs', title: 'Web: Lighthouse' },
  { id: 'search', file: 'perf/search.mjs', title: 'Search vs pgbench, and PGlite vs PostgreSQL' },
  { id: 'restaurant', file: 'perf/restaurant.mjs', title: 'Restaurant page data' },
  // The uncached search and restaurant page beside a stand-in for the peer backend (Express, GraphQL, SQLite), loaded in
  // turns in one run (docs/decisions/0293-peer-stand-in.md).
  { id: 'peer', file: 'perf/peer.mjs', title: 'Uncached answers against the peer stand-in' },
  // An offer badge on every card against none, same run (docs/decisions/0268-offer-badges-and-filter.md).
  { id: 'offers', file: 'perf/offers.mjs', title: 'Offer badges on every card' },
  // What metrics and traces add to the server's CPU a search (the operator kit's 5 % budget), every server loaded at
  // once each round, beside an untraced control server whose difference is the machine's noise
  // (docs/decisions/0263-traces-without-cost-for-untraced-requests.md).
  {
    id: 'metrics-overhead',
    file: 'perf/metrics-overhead.mjs',
    args: ['--control', '--paired', '--fresh', '--rounds', '5', '--seconds', '6'],
    title: 'Metrics: server CPU a search with the metrics on',
  },
  {
    id: 'traces-overhead',
    file: 'perf/metrics-overhead.mjs',
    args: [
      '--feature',
      'traces',
      '--samplers',
      'default,always_on',
      '--control',
      '--paired',
      '--fresh',
      '--rounds',
      '7',
      '--seconds',
      '5',
    ],
    title: 'Traces: server CPU a cached search, default sampler and every request traced',
  },
  {
    id: 'traces-overhead-uncached',
    file: 'perf/metrics-overhead.mjs',
    args: [
      '--feature',
      'traces',
      '--samplers',
      'default,always_on',
      '--control',
      '--uncached',
      '--paired',
      '--fresh',
      '--rounds',
      '5',
      '--seconds',
      '6',
    ],
    title: 'Traces: server CPU an uncached search, default sampler and every request traced',
  },
  // The embedded database first: it is what `npm start` gives a new user.
  { id: 'orders-pglite', file: 'perf/orders.mjs', args: ['--db', 'pglite'], title: 'Placing orders on PGlite' },
  { id: 'orders', file: 'perf/orders.mjs', title: 'Placing orders on PostgreSQL' },
  { id: 'push', file: 'perf/push.mjs', title: 'Live push latency' },
  { id: 'connections', file: 'perf/connections.mjs', title: 'Idle event-stream connections' },
  { id: 'scale-out', file: 'perf/scale-out.mjs', title: 'Two processes behind nginx; Redis bus' },
  { id: 'scale', file: 'perf/scale.mjs', title: 'Scale: 10,000 branches and 1,000,000 orders' },
  // The response cache under partners' and customers' dinner-time edits, on each database
  // (docs/decisions/0243-churn-bench-rates.md): after the cheaper figures, about 10 minutes.
  { id: 'churn', file: 'perf/churn.mjs', title: 'Churn: the response cache under dinner-time edits' },
  // The server's memory after 10 minutes of mixed traffic on the embedded database, as `npm start`
  // runs it (docs/decisions/0182-server-memory-on-pglite.md); late, so the quick figures come first.
  { id: 'soak-pglite', file: 'soak.mjs', args: ['--db', 'pglite'], title: 'Soak on PGlite: memory and errors' },
  // Push latency under order load, and exactly once across worker kills, on each database.
  { id: 'notify-pglite', file: 'notify.mjs', args: ['--db', 'pglite'], title: 'Notifications on PGlite' },
  { id: 'notify-pg', file: 'notify.mjs', args: ['--db', 'postgres'], title: 'Notifications on PostgreSQL' },
];

const only = opts.only ? new Set(opts.only.split(',')) : null;

/**
 * How fast this machine is just now: the milliseconds a fixed integer loop takes in a fresh Node
 * process (the median of 3; lower is faster). The machines of one class differ from day to day
 * (a neighbour's load, the host), so the table prints this at the start and end of the run beside
 * the figures: a rate from a machine running the loop twice as slowly is not the code's doing.
 */
function cpuReferenceMs() {
  const loop =
    'const t = process.hrtime.bigint(); let x = 0; for (let i = 0; i < 3e8; i++) x = (x * 31 + i) | 0; ' +
    'console.log(Number(process.hrtime.bigint() - t) / 1e6, x);';
  const runs = [0, 1, 2].map(() =>
    Number(execFileSync(process.execPath, ['-e', loop], { encoding: 'utf8' }).split(' ')[0]),
  );
  return Math.round(runs.sort((a, b) => a - b)[1]);
}
const referenceAtStart = cpuReferenceMs();

/**
 * The machine's CPU counters from /proc/stat (Linux; null elsewhere): all ticks and the ticks
 * stolen by the hypervisor for other guests. A run whose cores were partly taken by a neighbour
 * measures lower rates without the loop above (one core, a few seconds) showing it.
 */
function cpuTicks() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { total: fields.reduce((a, b) => a + b, 0), steal: fields[7] ?? 0 };
  } catch {
    return null;
  }
}
const ticksAtStart = cpuTicks();
console.log(`Machine speed reference: a fixed Node loop takes ${referenceAtStart} ms (lower is faster)`);

function runScript(s) {
  return new Promise((resolve) => {
    const args = [path.join(ROOT, 'bench', s.file), ...(s.args ?? []), '--json'];
    if (opts.quick) args.push('--quick');
    const started = Date.now();
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      process.stdout.write(d);
    });
    child.on('exit', (code) => {
      const line = out
        .split('\n')
        .reverse()
        .find((l) => l.startsWith('RESULT '));
      const seconds = Math.round((Date.now() - started) / 1000);
      if (!line) return resolve({ ...s, seconds, error: `exited ${code} without a result` });
      try {
        resolve({ ...s, seconds, figures: JSON.parse(line.slice(7)).figures });
      } catch (err) {
        resolve({ ...s, seconds, error: `unreadable result: ${err.message}` });
      }
    });
  });
}

const results = [];
for (const s of SCRIPTS) {
  if (only && !only.has(s.id)) continue;
  if (!existsSync(path.join(ROOT, 'bench', s.file))) {
    results.push({ ...s, seconds: 0, error: 'script not written yet' });
    continue;
  }
  if (s.id === 'js' && !existsSync(path.join(ROOT, 'dist', 'index.html'))) {
    execFileSync(path.join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
  }
  console.log(`\n=== ${s.title} (${s.file}) ===`);
  results.push(await runScript(s));
}

const referenceAtEnd = cpuReferenceMs();
console.log(`Machine speed reference at the end: ${referenceAtEnd} ms`);
const ticksAtEnd = cpuTicks();
const stolen =
  ticksAtStart && ticksAtEnd && ticksAtEnd.total > ticksAtStart.total
    ? `${(((ticksAtEnd.steal - ticksAtStart.steal) / (ticksAtEnd.total - ticksAtStart.total)) * 100).toFixed(1)}%`
    : null;
if (stolen) console.log(`CPU time stolen by the hypervisor during the run: ${stolen}`);

const figures = results.flatMap((r) => r.figures ?? []);
const failed = figures.filter((f) => !f.pass).length + results.filter((r) => r.error).length;
console.log(
  '\n' + figures.map((f) => `${f.pass ? 'pass' : 'FAIL'}  ${f.figure}: ${f.value} (budget ${f.budget})`).join('\n'),
);
for (const r of results.filter((x) => x.error)) console.log(`ERROR ${r.title}: ${r.error}`);

// Only a full run is recorded: the table is one run's figures, measured together.
if (!opts['no-record'] && !opts.quick && !only) record(results);
process.exitCode = failed ? 1 : 0;

function record(runs) {
  const file = path.join(ROOT, 'bench', 'results.md');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Bench results\n';
  const START = '<!-- perf:start -->';
  const END = '<!-- perf:end -->';
  const before = text.includes(START) ? text.slice(text.indexOf(START), text.indexOf(END)) : '';
  // The previous run's value of each figure, read back from its table (column 2, keyed by id).
  const previous = new Map();
  for (const m of before.matchAll(/^\| `([^`]+)` \| [^|]+ \| ([^|]+) \|/gm)) previous.set(m[1], m[2].trim());
  const previousLoop = /a fixed Node loop took (\d+ ms) at the start and (\d+ ms) at the end/.exec(before);
  const previousCpu = /^Run .* on (\d+ × [^,]+),/m.exec(before)?.[1];
  const previousReference = previousLoop
    ? `${previousLoop[1]} at the start and ${previousLoop[2]} at the end${previousCpu ? `, on ${previousCpu}` : ''}`
    : undefined;
  const commit = runCommit();
  const cpu = cpuName();
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const lines = [
    START,
    '## Performance',
    '',
    `Run ${when} UTC by \`npm run bench\` at commit ${commit}, on ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.version}. Server and load generator run as separate processes on this machine.`,
    '',
    `Machine speed reference (bench/run.mjs, \`cpuReferenceMs\`): a fixed Node loop took ${referenceAtStart} ms at the start and ${referenceAtEnd} ms at the end of this run (lower is faster)${previousReference ? `; the previous run's: ${previousReference}` : ''}. Machines of this class run it at different speeds on different days; rates and latencies follow.${stolen ? ` Of the machine's CPU time during the run, ${stolen} was taken by the hypervisor for other guests (steal, /proc/stat).` : ''}`,
    '',
    '| id | figure | value | budget | result | previous run |',
    '|---|---|---|---|---|---|',
    ...runs.flatMap((r) =>
      r.error
        ? [`| \`${r.id}\` | ${r.title} | not measured: ${r.error} | | FAIL | |`]
        : r.figures.map(
            (f) =>
              `| \`${f.id}\` | ${f.figure} | ${f.value} | ${f.budget} | ${f.pass ? 'pass' : '**FAIL**'} | ${previous.get(f.id) ?? '–'} |`,
          ),
    ),
    '',
    `Time per script: ${runs.map((r) => `${r.id} ${r.seconds} s`).join(', ')}.`,
    END,
  ];
  const section = lines.join('\n');
  let next;
  if (text.includes(START))
    next = text.slice(0, text.indexOf(START)) + section + text.slice(text.indexOf(END) + END.length);
  else {
    const firstSection = text.indexOf('\n## ');
    next =
      firstSection === -1
        ? `${text.trimEnd()}\n\n${section}\n`
        : `${text.slice(0, firstSection)}\n${section}\n${text.slice(firstSection)}`;
  }
  writeFileSync(file, next);
  console.log(`\nwrote ${path.relative(ROOT, file)}`);
}
