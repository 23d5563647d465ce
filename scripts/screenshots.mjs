#!/usr/bin/env node
/**
 * Screenshots of each audience's main screen for the README (issue 10).
 *
 *   node scripts/screenshots.mjs                         builds nothing; starts dist/ on a fresh demo database
 *   node scripts/screenshots.mjs http://localhost:3000   uses a running app with demo data
 *
 * Run `npx vite build` first when starting the app here. Writes docs/screenshots/*.png.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';

const PASSWORD = 'halalnosh-demo';
const OUT = 'docs/screenshots';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

const SHOTS = [
  { file: 'customer-home.png', email: null, path: '/', viewport: DESKTOP, ready: 'main h1' },
  { file: 'customer-restaurant.png', email: null, path: '/restaurant/kervan-ocakbasi-dalston', viewport: DESKTOP, ready: 'main h1' },
  { file: 'partner-orders.png', email: 'partner@halalnosh.test', path: '/partner/orders', viewport: DESKTOP, ready: 'main h1' },
  { file: 'driver-jobs.png', email: 'driver@halalnosh.test', path: '/driver/jobs', viewport: PHONE, ready: 'main h1' },
  { file: 'admin-dashboard.png', email: 'admin@halalnosh.test', path: '/admin/dashboard', viewport: DESKTOP, ready: 'main h1' },
];

async function startServer() {
  const port = Number(process.env.SCREENSHOT_PORT ?? 3190);
  const dataDir = `.data-test/screenshots-${process.pid}`;
  rmSync(dataDir, { recursive: true, force: true });
  const server = spawn('node_modules/.bin/tsx', ['src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO: '1', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode})`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  return {
    url,
    stop: () => {
      server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const given = process.argv[2];
const app = given ? { url: given.replace(/\/$/, ''), stop: () => {} } : await startServer();
mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  for (const shot of SHOTS) {
    const context = await browser.newContext({ baseURL: app.url, viewport: shot.viewport, reducedMotion: 'reduce', locale: 'en-GB', timezoneId: 'Europe/London' });
    if (shot.email) {
      const res = await context.request.post('/api/auth/sign-in/email', { data: { email: shot.email, password: PASSWORD }, headers: { origin: app.url } });
      if (!res.ok()) throw new Error(`${shot.email} could not sign in: ${res.status()}`);
    }
    const page = await context.newPage();
    await page.goto(shot.path);
    await page.locator(shot.ready).first().waitFor({ timeout: 20_000 });
    await page.locator('main .animate-spin').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
    await page.waitForLoadState('load');
    await sleep(500); // images and fonts settle
    await page.screenshot({ path: `${OUT}/${shot.file}` });
    console.log(`${OUT}/${shot.file}`);
    await context.close();
  }
} finally {
  await browser.close();
  app.stop();
}
