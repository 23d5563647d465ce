// Proves the Prometheus files in deploy/prometheus with Prometheus's own tool (docs/operations.md#monitor):
// `promtool check config` (prometheus.yml and the rules it loads), `promtool check rules` (alerts.yml) and
// `promtool test rules` (alerts.test.yml: each alert fires on the series that should page someone, not before its
// `for`, and stays silent on close-but-fine ones). CI installs Debian's `prometheus` package for promtool (.ci/run);
// without promtool this says so and exits 0, unless `--require` (CI) asks for it. The metric names the rules and
// the Grafana dashboard use are checked against the app's real /metrics by src/server/deploy-monitoring.test.ts,
// which needs no promtool.
// `node scripts/check-alerts.mjs [--require]`
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'deploy', 'prometheus');
const require = process.argv.includes('--require');

function promtool(...args) {
  return execFileSync('promtool', args, { cwd: DIR, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

try {
  promtool('--version');
} catch {
  const message =
    'promtool not found: the alert rules were not checked. Install it (Debian: apt-get install prometheus) to run them.';
  if (require) {
    console.error(message);
    process.exit(1);
  }
  console.log(`skipped: ${message}`);
  process.exit(0);
}

let failed = false;
for (const args of [
  ['check', 'config', '--syntax-only', 'prometheus.yml'],
  ['check', 'rules', 'alerts.yml'],
  ['test', 'rules', 'alerts.test.yml'],
]) {
  const command = `promtool ${args.join(' ')}`;
  try {
    const out = promtool(...args);
    console.log(`ok: ${command}`);
    if (process.argv.includes('--verbose')) console.log(out);
  } catch (err) {
    failed = true;
    console.error(`FAILED: ${command} (in deploy/prometheus)\n${err.stdout ?? ''}${err.stderr ?? ''}`);
  }
}
process.exit(failed ? 1 : 0);
