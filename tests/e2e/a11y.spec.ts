import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
  expect,
  request,
  test,
} from '@playwright/test';
import { waitForHydration } from './hydration';

/*
 * Every route of the route table (src/web/app/router.tsx), each as the audience that may open it
 * and with real demo data on the page, scanned by axe-core against WCAG 2.2 A and AA: no serious
 * or critical violation anywhere (docs/product/README.md#accessibility).
 * Sign-ins in this file: 5, all through the API (customer, partner, driver, pending driver, admin).
 */

const DEMO_PASSWORD = 'halalnosh-demo';
const SLUG = 'kervan-ocakbasi-dalston';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type Role = 'visitor' | 'customer' | 'partner' | 'driver' | 'pendingDriver' | 'admin';
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
type MenuItem = { id: string; name: string; priceMinor: number };

const EMAILS: Record<Exclude<Role, 'visitor'>, string> = {
  customer: 'customer@halalnosh.test',
  partner: 'partner@halalnosh.test',
  driver: 'driver@halalnosh.test',
  pendingDriver: 'pending.driver@halalnosh.test',
  admin: 'admin@halalnosh.test',
};

const states = new Map<Role, StorageState>();
const data = { siteId: '', orderNumber: '', orderToken: '', jobId: '', cart: '' };

async function signedIn(baseURL: string, email: string): Promise<APIRequestContext> {
  const ctx = await request.newContext({ baseURL });
  const res = await ctx.post('/api/auth/sign-in/email', {
    data: { email, password: DEMO_PASSWORD },
    headers: { origin: baseURL },
  });
  expect(res.ok(), `${email}: ${await res.text()}`).toBeTruthy();
  return ctx;
}

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(60_000);
  const contexts: Partial<Record<Role, APIRequestContext>> = {};
  for (const [role, email] of Object.entries(EMAILS) as [Exclude<Role, 'visitor'>, string][]) {
    contexts[role] = await signedIn(baseURL!, email);
    states.set(role, await contexts[role]!.storageState());
  }
  const partner = contexts.partner!;
  const visitor = await request.newContext({ baseURL });

  // The partner's sample branch opens round the clock for the order (restored after).
  const { restaurant } = await (await visitor.get(`/api/restaurants/${SLUG}`)).json();
  const { brands } = (await (await partner.get('/api/partner/brands')).json()) as {
    brands: { sites: { id: string }[] }[];
  };
  data.siteId = brands.flatMap((b) => b.sites)[0].id;
  const site = (await (await partner.get(`/api/partner/sites/${restaurant.id}`)).json()).site;
  const always = Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
      d,
      { open: '00:00', close: '00:00', closed: false },
    ]),
  );
  await partner.patch(`/api/partner/sites/${site.id}`, {
    data: { openingHours: always, isOpen: true },
    headers: { origin: baseURL! },
  });

  const item: MenuItem = restaurant.menu.sections.flatMap((s: { items: MenuItem[] }) => s.items)[0];
  const quantity = Math.max(1, Math.ceil(2500 / item.priceMinor));
  const placed = await visitor.post('/api/orders', {
    headers: { 'idempotency-key': `a11y-${Date.now()}` },
    data: {
      siteId: restaurant.id,
      orderType: 'DELIVERY',
      items: [{ menuItemId: item.id, quantity }],
      customerName: 'Aisha Khan',
      customerPhone: '07700 900123',
      deliveryAddress: '10 Dalston Lane',
      deliveryPostcode: 'E8 3AH',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, orderToken } = await placed.json();
  data.orderNumber = order.orderNumber;
  data.orderToken = orderToken;
  // The restaurant accepts (past the server's short guard after placing), which offers a job to drivers in E.
  await expect
    .poll(
      async () =>
        (
          await partner.post(`/api/partner/orders/${order.id}/actions`, {
            data: { action: 'accept', prepTimeMinutes: 10 },
            headers: { origin: baseURL! },
          })
        ).status(),
      {
        intervals: [1000],
        timeout: 15_000,
      },
    )
    .toBe(200);
  const board = await (await contexts.driver!.get('/api/driver/jobs')).json();
  const job =
    [...board.jobs, ...board.activeJobs].find((j: { orderNumber?: string }) => j.orderNumber === order.orderNumber) ??
    board.jobs[0];
  data.jobId = job?.id ?? '';
  await partner.patch(`/api/partner/sites/${site.id}`, {
    data: { openingHours: site.openingHours, isOpen: site.isOpen },
    headers: { origin: baseURL! },
  });

  data.cart = JSON.stringify({
    items: [
      {
        id: item.id,
        name: item.name,
        priceMinor: item.priceMinor,
        quantity,
        restaurantId: restaurant.id,
        restaurantName: `${restaurant.brandName} (${restaurant.branchName})`,
      },
    ],
    restaurant: {
      id: restaurant.id,
      slug: SLUG,
      name: `${restaurant.brandName} (${restaurant.branchName})`,
      deliveryFeeMinor: null,
      minOrderMinor: 0,
    },
  });
  for (const ctx of [...Object.values(contexts), visitor]) await ctx.dispose();
});

/** Opens a route as a role, with the visitor's order token and a filled cart in storage. */
async function open(browser: Browser, role: Role, path: string): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ storageState: states.get(role), viewport: { width: 1280, height: 900 } });
  await context.addInitScript(
    ([number, token, cart]) => {
      localStorage.setItem('halalnosh-order-tokens', JSON.stringify({ [number]: token }));
      localStorage.setItem('halalnosh-cart', cart);
    },
    [data.orderNumber, data.orderToken, data.cart],
  );
  const page = await context.newPage();
  await page.goto(path);
  return { page, context };
}

/** Waits for the page's own content: a main landmark with its heading, and no loading indicator. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('main').first()).toBeVisible({ timeout: 20_000 });
  // A server-rendered page shows before the app runs it; the app may still change it on hydrating.
  await waitForHydration(page);
  await expect(page.locator('main h1, main h2').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect(page.locator('main .animate-spin')).toHaveCount(0);
}

const ROUTES: { path: () => string; role: Role; note?: string }[] = [
  { path: () => '/', role: 'visitor' },
  { path: () => '/?location=London', role: 'visitor', note: 'search results' },
  { path: () => '/restaurants/london', role: 'visitor' },
  { path: () => '/restaurants/manchester', role: 'visitor' },
  { path: () => `/restaurant/${SLUG}`, role: 'visitor' },
  { path: () => '/cart', role: 'visitor' },
  { path: () => '/checkout', role: 'visitor' },
  { path: () => `/order/${data.orderNumber}`, role: 'visitor' },
  { path: () => '/auth', role: 'visitor' },
  { path: () => '/auth/callback', role: 'customer' },
  { path: () => '/reset-password?token=not-a-real-token', role: 'visitor' },
  { path: () => '/partners', role: 'visitor' },
  { path: () => '/account', role: 'customer' },
  { path: () => '/my-account', role: 'customer' },
  { path: () => '/partner/login', role: 'visitor' },
  { path: () => '/partner/invite?token=not-a-real-token', role: 'visitor' },
  { path: () => '/partner', role: 'partner' },
  { path: () => '/partner/dashboard', role: 'partner' },
  { path: () => '/partner/create-brand', role: 'partner' },
  { path: () => '/partner/create-site', role: 'partner' },
  { path: () => '/partner/onboarding', role: 'partner' },
  { path: () => '/partner/orders', role: 'partner' },
  { path: () => '/partner/menu', role: 'partner' },
  { path: () => '/partner/settings', role: 'partner' },
  { path: () => `/partner/location/${data.siteId}`, role: 'partner' },
  { path: () => '/partner/staff', role: 'partner' },
  { path: () => '/partner/location-menu', role: 'partner' },
  { path: () => '/partner/offers', role: 'partner' },
  { path: () => '/driver/login', role: 'visitor' },
  { path: () => '/driver/onboarding', role: 'pendingDriver' },
  { path: () => '/driver/dashboard', role: 'driver' },
  { path: () => '/driver/jobs', role: 'driver' },
  { path: () => `/driver/delivery/${data.jobId}`, role: 'driver' },
  { path: () => '/driver/earnings', role: 'driver' },
  { path: () => '/admin/login', role: 'visitor' },
  { path: () => '/admin/invite?token=not-a-real-token', role: 'visitor' },
  { path: () => '/admin/dashboard', role: 'admin' },
  { path: () => '/admin/orders', role: 'admin' },
  { path: () => `/admin/orders/${data.orderNumber}`, role: 'admin' },
  { path: () => '/admin/dispatch', role: 'admin' },
  { path: () => '/admin/drivers', role: 'admin' },
  { path: () => '/admin/settings', role: 'admin' },
  { path: () => '/admin/team', role: 'admin' },
  { path: () => '/admin/tickets', role: 'admin' },
  { path: () => '/admin/reports', role: 'admin' },
  { path: () => '/admin/audit', role: 'admin' },
  { path: () => '/admin/profile', role: 'admin' },
  { path: () => '/admin/halal', role: 'admin' },
  { path: () => '/dev/mail', role: 'visitor' },
  { path: () => '/no-such-page', role: 'visitor', note: 'not found' },
];

for (const route of ROUTES) {
  // The route as written in the table: /restaurant/:SLUG, /order/:orderNumber...
  const name = (route.path.toString().match(/[`'](.*)[`']/)?.[1] ?? route.note ?? 'route').replace(
    /\$\{(?:data\.)?(\w+)\}/g,
    ':$1',
  );
  test(`axe: ${name} as ${route.role} has no serious or critical WCAG 2.2 AA violations`, async ({ browser }) => {
    const { page, context } = await open(browser, route.role, route.path());
    await settled(page);
    // Every route names itself in the tab title (WCAG 2.4.2), not the bare index.html title.
    await expect(page).toHaveTitle(/HalalNosh/);
    expect(await page.title(), 'the page sets its own title').not.toBe('HalalNosh | Halal food delivery in the UK');
    const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    const blocking = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(0, 3).join(' ')}`).join('\n')}`,
      );
    expect(blocking, `${page.url()}\n${blocking.join('\n')}`).toEqual([]);
    await context.close();
  });
}

test('the header cart is named by its visible text first on customer pages (WCAG 2.5.3)', async ({ browser }) => {
  const pages: [Role, string][] = [
    ['visitor', '/'],
    ['visitor', `/restaurant/${SLUG}`],
    ['visitor', '/cart'],
    ['customer', '/account'],
  ];
  const cartCount = (JSON.parse(data.cart) as { items: { quantity: number }[] }).items.reduce(
    (sum, i) => sum + i.quantity,
    0,
  );
  for (const [role, path] of pages) {
    const { page, context } = await open(browser, role, path);
    await settled(page);
    const cart = page.getByRole('banner').getByRole('link', {
      name: `Cart ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`,
      exact: true,
    });
    await expect(cart, path).toBeVisible();
    // What a sighted user reads on the link: its text without the screen-reader-only words.
    const visible = await cart.evaluate((el) => {
      const copy = el.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('.sr-only').forEach((n) => n.remove());
      return copy.textContent!.replace(/\s+/g, ' ').trim();
    });
    expect(visible, path).toBe(`Cart ${cartCount}`);
    // axe's own rule for it, which its WCAG tag sets leave out while it is experimental.
    const results = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
    expect(results.violations.map((v) => v.nodes.map((n) => n.target.join(' '))).flat(), path).toEqual([]);
    await context.close();
  }
});

test('My Account tells a signed-in admin it is for customers, with the right article', async ({ browser }) => {
  const { page, context } = await open(browser, 'admin', '/account');
  await settled(page);
  await expect(page.getByText('This is an admin account; My Account is for customers.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to your admin pages' })).toBeVisible();
  await context.close();
});

test('prefers-reduced-motion turns animations and transitions off', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Find Halal Restaurants' });
  await expect(button).toBeVisible();
  const seconds = await button.evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration));
  expect(seconds).toBeLessThan(0.001);
});
