import { execFileSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './bench/lib/chromium.mjs';

/**
 * A port nobody listens on, asked of the operating system (listen on port 0). Synchronous, because
 * Playwright evaluates this file as a plain module: a child process does the asynchronous listen.
 */
function freePort(): number {
  const script =
    "const s=require('net').createServer();s.listen(0,()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

// The config is evaluated in the runner and again in every worker. The runner picks the port and
// the data folder once and leaves them in its environment, which the workers inherit, so they all
// reach the one server the runner started. A fixed port would fail whenever something else held it.
process.env.E2E_PORT ??= String(freePort());
process.env.E2E_DATA_DIR ??= `.data-test/e2e-${process.pid}`;
const PORT = Number(process.env.E2E_PORT);
const DATA_DIR = process.env.E2E_DATA_DIR;

/**
 * Journeys run in the system Chromium against the built app served by the real server on a
 * fresh embedded database with demo data (a new data folder per run).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: ['--headless', ...CHROMIUM_FLAGS],
    },
  },
  // The sign-in journeys meet the demo accounts as seeded (the pending driver still pending); the
  // other journeys change demo data (the admin journey approves that driver), so they run after.
  projects: [
    { name: 'sign-in', testMatch: /(auth|guards|shell)\.spec\.ts$/ },
    { name: 'journeys', testIgnore: /(auth|guards|shell)\.spec\.ts$/, dependencies: ['sign-in'] },
  ],
  webServer: {
    command: `rm -rf ${DATA_DIR} && node_modules/.bin/tsx src/server/main.ts`,
    url: `http://localhost:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // Map tiles from a same-origin path that does not exist: maps degrade to the plain SVG unless a
    // test serves tiles itself (maps.spec.ts).
    env: {
      PORT: String(PORT),
      DATA_DIR,
      DEMO: '1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SIGN_IN_LIMIT_PER_MINUTE: '200',
      // order-timeout.spec.ts: a timed-out order is rejected within a second, not fifteen.
      UNANSWERED_ORDERS_SWEEP_MS: '1000',
      MAP_TILE_URL: `http://localhost:${PORT}/e2e-tiles/{z}/{x}/{y}.png`,
    },
  },
});
