#!/usr/bin/env node
/**
 * Screenshots of each audience's main screen for the README (docs/product/README.md#accessibility).
 *
 *   node scripts/screenshots.mjs                         builds nothing; starts dist/ on a fresh demo database
 *   node scripts/screenshots.mjs http://localhost:3000   uses a running app with demo data
 *   node scripts/screenshots.mjs --out=/tmp/shots        writes somewhere else than docs/screenshots
 *
 * Run `npx vite build` first when starting the app here. Before the pictures it makes live orders
 * through the API at the demo partner's Dalston branch (opened round the clock until the pictures are
 * taken, so its page shows it open whatever the hour): one new,
 * one accepted, a pickup order being prepared, one ready, and one out for delivery with the demo
 * driver, so the order screens show orders in every state and the tracking page its map.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../bench/lib/chromium.mjs';

const PASSWORD = 'halalnosh-demo';
const SLUG = 'kervan-ocakbasi-dalston';
const args = process.argv.slice(2);
const OUT = args.find((a) => a.startsWith('--out='))?.slice('--out='.length) ?? 'docs/screenshots';
const DESKTOP = { width: 1280, height: 800 };
const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 375, height: 812 };
// Tall enough that the restaurant's menu, under its banner, and the tracking page's map, below the
// progress and the driver, are in the picture.
const DESKTOP_TALL = { width: 1280, height: 1440 };

/** Puts the Dalston branch's opening hours back; set by makeOrders(). */
let restoreHours = async () => {};

/** The live orders' facts, filled in by makeOrders() before the shots that need them. */
const live = { trackingNumber: '', trackingToken: '', jobId: '', siteId: '' };

const SHOTS = [
  { file: 'customer-home.png', email: null, path: () => '/', viewport: DESKTOP, ready: 'main h1' },
  {
    file: 'customer-restaurant.png',
    email: null,
    path: () => `/restaurant/${SLUG}`,
    viewport: DESKTOP_TALL,
    ready: 'main h1',
  },
  {
    file: 'customer-order-tracking.png',
    email: null,
    path: () => `/order/${live.trackingNumber}`,
    viewport: DESKTOP_TALL,
    ready: 'main h1',
    settle: 2500,
  },
  {
    file: 'partner-orders.png',
    email: 'partner@halalnosh.test',
    path: () => `/partner/orders?site=${live.siteId}`,
    viewport: DESKTOP,
    ready: 'main h1',
  },
  {
    file: 'partner-kitchen-display.png',
    email: 'partner@halalnosh.test',
    path: () => `/partner/orders?site=${live.siteId}`,
    viewport: TABLET,
    ready: 'main h1',
    kitchen: true,
  },
  {
    file: 'driver-jobs.png',
    email: 'driver@halalnosh.test',
    path: () => '/driver/jobs',
    viewport: PHONE,
    ready: 'main h1',
  },
  {
    file: 'driver-delivery.png',
    email: 'driver@halalnosh.test',
    path: () => `/driver/delivery/${live.jobId}`,
    viewport: PHONE,
    ready: 'main h1',
    settle: 2500,
  },
  {
    file: 'admin-dashboard.png',
    email: 'admin@halalnosh.test',
    path: () => '/admin/dashboard',
    viewport: DESKTOP,
    ready: 'main h1',
  },
];

/** A fetch-based API client with its own cookie jar, signed in when an e-mail is given. */
async function apiClient(base, email) {
  let cookie = '';
  const call = async (method, path, body, headers = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        origin: base,
        ...(cookie ? { cookie } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const set = res.headers.getSetCookie?.() ?? [];
    if (set.length) cookie = set.map((c) => c.split(';')[0]).join('; ');
    const text = await res.text();
    return { status: res.status, ok: res.ok, json: text ? JSON.parse(text) : null, text };
  };
  if (email) {
    const res = await call('POST', '/api/auth/sign-in/email', { email, password: PASSWORD });
    if (!res.ok) throw new Error(`${email} could not sign in: ${res.status} ${res.text}`);
  }
  return call;
}

/** Retries a call past the server's short guard between actions on one order. */
async function until200(label, fn) {
  for (let i = 0; i < 20; i++) {
    const res = await fn();
    if (res.ok) return res;
    if (i === 19) throw new Error(`${label}: ${res.status} ${res.text}`);
    await sleep(1000);
  }
}

/** Live orders at the demo partner's Dalston branch, in every state the order screens show. */
async function makeOrders(base) {
  const visitor = await apiClient(base, null);
  const partner = await apiClient(base, 'partner@halalnosh.test');
  const driver = await apiClient(base, 'driver@halalnosh.test');
  const { restaurant } = (await visitor('GET', `/api/restaurants/${SLUG}`)).json;
  const site = (await partner('GET', `/api/partner/sites/${restaurant.id}`)).json.site;
  live.siteId = site.id;
  const always = Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
      d,
      { open: '00:00', close: '00:00', closed: false },
    ]),
  );
  await until200('open the branch', () =>
    partner('PATCH', `/api/partner/sites/${site.id}`, { openingHours: always, isOpen: true }),
  );
  const items = restaurant.menu.sections.flatMap((s) => s.items);
  const place = async (customerName, orderType, picks) => {
    const res = await visitor(
      'POST',
      '/api/orders',
      {
        siteId: restaurant.id,
        orderType,
        items: picks.map(([i, quantity]) => ({ menuItemId: items[i % items.length].id, quantity })),
        customerName,
        customerPhone: '07700 900123',
        ...(orderType === 'DELIVERY'
          ? {
              deliveryAddress: '10 Dalston Lane',
              deliveryPostcode: 'E8 3AH',
              deliveryInstructions: 'Ring the top bell, please',
            }
          : {}),
      },
      { 'idempotency-key': `screenshots-${customerName}-${Date.now()}` },
    );
    if (res.status !== 201) throw new Error(`order for ${customerName}: ${res.status} ${res.text}`);
    return res.json;
  };
  // The branch stays open round the clock until the pictures are taken, so the restaurant page
  // shows it taking orders whatever the hour; the last step puts its hours back.
  restoreHours = async () => {
    await partner('PATCH', `/api/partner/sites/${site.id}`, { openingHours: site.openingHours, isOpen: site.isOpen });
  };
  const act = (order, body, path = 'actions') =>
    until200(`${order.order.orderNumber} ${body.action ?? path}`, () =>
      partner('POST', `/api/partner/orders/${order.order.id}/${path}`, body),
    );
  try {
    // Out for delivery with the demo driver: the tracking page and the driver's delivery page.
    const tracked = await place('Aisha Khan', 'DELIVERY', [
      [0, 2],
      [1, 1],
    ]);
    await act(tracked, { action: 'accept', prepTimeMinutes: 15 });
    await until200('driver online', () => driver('PATCH', '/api/driver/availability', { isOnline: true }));
    const board = (await driver('GET', '/api/driver/jobs')).json;
    const job = [...board.jobs, ...(board.activeJobs ?? [])].find((j) => j.orderNumber === tracked.order.orderNumber);
    if (!job) throw new Error(`no job for ${tracked.order.orderNumber} on the demo driver's board`);
    await until200('driver accepts', () => driver('POST', `/api/driver/jobs/${job.id}/accept`));
    await act(tracked, { action: 'start_preparing' });
    await act(tracked, { action: 'mark_ready' });
    const { pickupCode } = (await driver('GET', `/api/driver/jobs/${job.id}`)).json.job;
    await act(tracked, { pickupCode }, 'hand-over');
    Object.assign(live, {
      trackingNumber: tracked.order.orderNumber,
      trackingToken: tracked.orderToken,
      jobId: job.id,
    });

    // The kitchen's other orders: ready, being prepared, accepted and new.
    const ready = await place('Dawud Rahman', 'PICKUP', [
      [2, 1],
      [3, 2],
    ]);
    await act(ready, { action: 'accept', prepTimeMinutes: 10 });
    await act(ready, { action: 'start_preparing' });
    await act(ready, { action: 'mark_ready' });
    const preparing = await place('Chloe Smith', 'PICKUP', [[1, 2]]);
    await act(preparing, { action: 'accept', prepTimeMinutes: 20 });
    await act(preparing, { action: 'start_preparing' });
    const accepted = await place('Bilal Ahmed', 'DELIVERY', [[0, 3]]);
    await act(accepted, { action: 'accept', prepTimeMinutes: 20 });
    await place('Fatima Noor', 'DELIVERY', [
      [2, 2],
      [4, 1],
    ]);
  } catch (error) {
    await restoreHours();
    throw error;
  }
}

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

const given = args.find((a) => !a.startsWith('--'));
const app = given ? { url: given.replace(/\/$/, ''), stop: () => {} } : await startServer();
mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', ...CHROMIUM_FLAGS] });
try {
  await makeOrders(app.url);
  for (const shot of SHOTS) {
    const context = await browser.newContext({
      baseURL: app.url,
      viewport: shot.viewport,
      reducedMotion: 'reduce',
      locale: 'en-GB',
      timezoneId: 'Europe/London',
    });
    if (shot.email) {
      const res = await context.request.post('/api/auth/sign-in/email', {
        data: { email: shot.email, password: PASSWORD },
        headers: { origin: app.url },
      });
      if (!res.ok()) throw new Error(`${shot.email} could not sign in: ${res.status()}`);
    }
    // The visitor's browser holds the tracked order's token, as the one that placed it would.
    await context.addInitScript(
      ([number, token]) => localStorage.setItem('halalnosh-order-tokens', JSON.stringify({ [number]: token })),
      [live.trackingNumber, live.trackingToken],
    );
    const page = await context.newPage();
    await page.goto(shot.path());
    await page.locator(shot.ready).first().waitFor({ timeout: 20_000 });
    await page
      .locator('main .animate-spin')
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => {});
    if (shot.kitchen) {
      await page.getByRole('button', { name: 'Kitchen Display' }).click();
      await page.getByRole('region', { name: 'Kitchen Display' }).waitFor();
    }
    await page.waitForLoadState('load');
    await sleep(shot.settle ?? 500); // images, fonts and map tiles settle
    await page.screenshot({ path: `${OUT}/${shot.file}` });
    console.log(`${OUT}/${shot.file}`);
    await context.close();
  }
} finally {
  await restoreHours();
  await browser.close();
  app.stop();
}
