import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { startSweeper } from './platform/sweeper';
import { type TestApp, createTestApp } from './test/test-app';

/**
 * The Grafana dashboard (deploy/grafana/halalnosh.json) and the Prometheus alert rules
 * (deploy/prometheus/alerts.yml) against the app's real /metrics (docs/operations.md#monitor):
 * every series their expressions select is exposed, of the type the expression needs (a `_bucket`
 * of a histogram, `rate` of a counter or a histogram's `_count`/`_sum`, a gauge read as it is),
 * with the labels it filters and groups by. Also: each alert has promtool unit tests that make it
 * fire (deploy/prometheus/alerts.test.yml, run by scripts/check-alerts.mjs where promtool is
 * installed) and a "what to do" paragraph in docs/operations.md. Needs no promtool.
 */

const TOKEN = 'deploy-monitoring-token-0123456789abcdef';

type Rule = { alert?: string; expr: string; annotations?: Record<string, string> };
type Panel = { title?: string; targets?: { expr?: string }[]; panels?: Panel[] };

/** Labels Prometheus adds at scrape time, or that every histogram bucket has. */
const SCRAPE_LABELS = new Set(['instance', 'job']);
/** PromQL words that can stand where a metric name would. */
const WORDS = new Set([
  'sum', 'min', 'max', 'avg', 'count', 'by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'and', 'or',
  'unless', 'rate', 'irate', 'increase', 'delta', 'histogram_quantile', 'min_over_time', 'max_over_time',
  'avg_over_time', 'time', 'abs', 'clamp_min', 'clamp_max', 'topk', 'bottomk', 'offset', 'bool', 'le', 'vector',
  'scalar', 'absent', 'changes', 'resets', 'label_replace', 'inf', 'nan',
]); // prettier-ignore

/** Each series selector in an expression: its metric name, the labels it matches on, the function around it. */
type Use = { name: string; labels: string[]; fn: string | null; groupBy: string[]; where: string };

function usesIn(expr: string, where: string): Use[] {
  // Strings (label values, regexes) first, so their contents are not read as names.
  const text = expr.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  const uses: Use[] = [];
  const groups = [...text.matchAll(/\b(?:by|without)\s*\(([^)]*)\)/g)].flatMap((g) =>
    g[1]
      .split(',')
      .map((l) => l.trim())
      .filter(Boolean),
  );
  for (const m of text.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(\{[^}]*\})?/g)) {
    const name = m[1];
    const before = text.slice(0, m.index);
    const after = text.slice(m.index + m[0].length);
    if (WORDS.has(name) || (/^\s*\(/.test(after) && !m[2])) continue; // a function or an aggregation
    if (/\b(?:by|without)\s*\([^)]*$/.test(before)) continue; // a label in a grouping
    if (/\{[^}]*$/.test(before)) continue; // a label inside another selector
    if (/[\d.]$/.test(before) || /^\d/.test(name)) continue; // a number's unit (5m) or exponent
    if (/\[\s*$/.test(before)) continue; // a range's duration
    const labels = [...(m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(?:=~|!~|!=|=)/g)].map((l) => l[1]);
    const fn = /([a-z_]+)\s*\(\s*$/.exec(before)?.[1] ?? null;
    uses.push({ name, labels, fn, groupBy: groups, where });
  }
  return uses;
}

/** Each metric family of an exposition text: its type and the label names its samples carry. */
function readExposition(text: string) {
  const types = new Map<string, string>();
  const labels = new Map<string, Set<string>>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) types.set(type[1], type[2]);
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? \S+$/.exec(line);
    if (!m) throw new Error(`not an exposition line: ${line}`);
    const names = labels.get(m[1]) ?? new Set<string>();
    for (const l of (m[2] ?? '').matchAll(/(\w+)="(?:[^"\\]|\\.)*"/g)) names.add(l[1]);
    labels.set(m[1], names);
  }
  return { types, labels };
}

function alertRules(): Rule[] {
  const file = parseYaml(readFileSync('deploy/prometheus/alerts.yml', 'utf8')) as { groups: { rules: Rule[] }[] };
  return file.groups.flatMap((g) => g.rules);
}

function dashboardExprs(): { title: string; expr: string }[] {
  const dashboard = JSON.parse(readFileSync('deploy/grafana/halalnosh.json', 'utf8')) as { panels: Panel[] };
  const walk = (panels: Panel[]): { title: string; expr: string }[] =>
    panels.flatMap((p) => [
      ...(p.targets ?? []).flatMap((t) => (t.expr ? [{ title: p.title ?? '', expr: t.expr }] : [])),
      ...walk(p.panels ?? []),
    ]);
  return walk(dashboard.panels);
}

describe('the dashboard and the alert rules, against the real /metrics', () => {
  let t: TestApp;
  let stopSweeper: () => Promise<void>;
  let exposition: ReturnType<typeof readExposition>;
  beforeAll(async () => {
    t = await createTestApp({ metrics: { port: null, host: '127.0.0.1', token: TOKEN } });
    // Series with labels show once something has happened: a request, and a sweeper's pass.
    let passed!: () => void;
    const pass = new Promise<void>((resolve) => (passed = resolve));
    stopSweeper = startSweeper({
      name: 'deploy-monitoring-test',
      intervalMs: 60_000,
      firstPassAfterMs: 0,
      pass: async () => passed(),
      log: { error: () => undefined },
    });
    await pass;
    const search = await t.app.inject({ method: 'GET', url: '/api/restaurants/search?location=London' });
    expect(search.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    exposition = readExposition(res.body);
  });
  afterAll(async () => {
    await stopSweeper();
    await t.close();
  });

  it('every series an alert or a panel selects is exposed, with the type and the labels it needs', () => {
    const uses = [
      ...alertRules().flatMap((r) => [
        ...usesIn(r.expr, `alerts.yml ${r.alert}`),
        // Queries inside an annotation's template: {{ with query "max(…)" }}.
        ...Object.values(r.annotations ?? {}).flatMap((a) =>
          [...a.matchAll(/query\s+"([^"]+)"/g)].flatMap((q) => usesIn(q[1], `alerts.yml ${r.alert} annotation`)),
        ),
      ]),
      ...dashboardExprs().flatMap((p) => usesIn(p.expr, `halalnosh.json "${p.title}"`)),
    ];
    expect(uses.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const use of uses) {
      const suffix = /_(bucket|count|sum)$/.exec(use.name)?.[1] ?? null;
      const family = suffix && !exposition.types.has(use.name) ? use.name.slice(0, -suffix.length - 1) : use.name;
      const type = exposition.types.get(family);
      const at = `${use.where}: ${use.name}`;
      if (!type) {
        problems.push(`${at} is not exposed`);
        continue;
      }
      if (suffix && family !== use.name && type !== 'histogram' && type !== 'summary')
        problems.push(`${at}: _${suffix} of a ${type}`);
      if (suffix === 'bucket' && family !== use.name && use.fn !== 'rate' && use.fn !== 'increase')
        problems.push(`${at}: buckets are read through rate() or increase()`);
      if (!suffix && (type === 'histogram' || type === 'summary')) problems.push(`${at}: a ${type} has no bare series`);
      if (use.fn && ['rate', 'irate', 'increase'].includes(use.fn) && type !== 'counter' && !suffix)
        problems.push(`${at}: ${use.fn}() of a ${type}`);
      if (type === 'counter' && !['rate', 'irate', 'increase'].includes(use.fn ?? ''))
        problems.push(`${at}: a counter read without rate() or increase()`);
      // Labels: those the selector matches on and those the expression groups by (le is a bucket's).
      const carried = exposition.labels.get(use.name) ?? exposition.labels.get(family);
      if (!carried) {
        // The pool's figures exist only on PostgreSQL (PGlite has one connection and no pool).
        if (!(t.database.kind === 'pglite' && family.startsWith('halalnosh_db_pool_')))
          problems.push(`${at}: exposed, but no sample to check its labels against`);
        continue;
      }
      for (const label of [...use.labels, ...use.groupBy]) {
        if (SCRAPE_LABELS.has(label) || (label === 'le' && suffix === 'bucket')) continue;
        if (use.groupBy.includes(label) && !use.labels.includes(label) && !carried.has(label)) {
          // A grouping label may belong to another series of the same expression.
          if (!uses.some((u) => u.where === use.where && exposition.labels.get(u.name)?.has(label)))
            problems.push(`${at}: grouped by ${label}, which no series here carries`);
          continue;
        }
        if (!carried.has(label)) problems.push(`${at}: no label ${label}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('each of the four alerts the kit promises exists, has promtool tests that fire it, and a what-to-do', () => {
    const names = alertRules().map((r) => r.alert);
    expect(names).toEqual(expect.arrayContaining(['OutboxStuck', 'SweeperStalled', 'HighErrorRate', 'HighP99Latency']));
    const tests = parseYaml(readFileSync('deploy/prometheus/alerts.test.yml', 'utf8')) as {
      rule_files: string[];
      tests: { alert_rule_test?: { alertname: string; exp_alerts?: unknown[] }[] }[];
    };
    expect(tests.rule_files).toEqual(['alerts.yml']);
    const cases = tests.tests.flatMap((c) => c.alert_rule_test ?? []);
    const operations = readFileSync('docs/operations.md', 'utf8');
    const whenFires = operations.slice(operations.indexOf('## When an alert fires'));
    for (const name of names) {
      expect(
        cases.some((c) => c.alertname === name && (c.exp_alerts ?? []).length > 0),
        `${name} fires in a test`,
      ).toBe(true);
      expect(
        cases.some((c) => c.alertname === name && (c.exp_alerts ?? []).length === 0),
        `${name} is silent in a test`,
      ).toBe(true);
      expect(whenFires, `${name}: what to do when it fires`).toContain(`**${name}**`);
    }
  });

  it('reads selectors the way PromQL does', () => {
    expect(
      usesIn(
        'histogram_quantile(0.99, sum by (le, route) (rate(x_bucket{route=~"/api/.*"}[5m]))) > 0.5 and sum(rate(y_count[5m])) > 0.1',
        'here',
      ).map((u) => [u.name, u.fn, u.labels.join(','), u.groupBy.join(',')]),
    ).toEqual([
      ['x_bucket', 'rate', 'route', 'le,route'],
      ['y_count', 'rate', '', 'le,route'],
    ]);
    expect(usesIn('time() - g{sweeper="a"}', 'here').map((u) => u.name)).toEqual(['g']);
  });
});
