// npm run check: the fast gate before a commit. Type-check and lint (ESLint, import cycles,
// Prettier, citations) run side by side, each on one of the two cores; then the unit tests that
// need no database (src/domain, the web's pure helpers, the import-zone test). The API tests
// (src/server, about four minutes on two cores) and the browser journeys stay in npm test.
import { spawn } from 'node:child_process';

/** Runs one npm script with its output kept, so two parallel runs never interleave their lines. */
function run(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n── ${script}: ${code === 0 ? 'ok' : `failed (${code})`} in ${seconds} s\n${output}`);
      resolve(code === 0);
    });
  });
}

const started = Date.now();
// The tests run even after a type or lint failure: one run then reports every problem.
const results = await Promise.all([run('typecheck'), run('lint')]);
results.push(await run('test:fast'));
const passed = results.every(Boolean);
const seconds = ((Date.now() - started) / 1000).toFixed(1);
process.stdout.write(`\n${passed ? 'check passed' : 'check FAILED'} in ${seconds} s\n`);
process.exit(passed ? 0 : 1);
