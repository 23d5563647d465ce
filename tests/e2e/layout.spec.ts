import { type Browser, type BrowserContext, type Page, expect, test } from '@playwright/test';
import { waitForHydration } from './hydration';
import { SLUG, openAllDay, placeOrder, progress, signedIn } from './live-orders';

/*
 * Layouts at the sizes docs/product/README.md#accessibility names, with live orders on the page:
 * - partner and admin screens at 1024, 1280 and 1440 px wide: no sideways scrolling, every
 *   control inside the viewport and not covered by another element;
 * - the kitchen display on a tablet, portrait (768 x 1024) and landscape (1024 x 768): no
 *   sideways scrolling, order cards and their buttons fully on screen, touch targets of 44 px;
 * - the driver's jobs board and dashboard on a 375 px phone with a job offered: no sideways
 *   scrolling, every control in view and uncovered;
 * - text zoom to 200% (WCAG 1.4.4) and page zoom to 200%, emulated as a 640 px viewport
 *   (WCAG 1.4.10), on one screen of each audience: no sideways scrolling, key buttons on screen,
 *   no control covered and no button whose text overflows its box.
 * Sign-ins in this file: 4, through the API (partner, admin, driver, customer).
 */

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
type Role = 'visitor' | 'partner' | 'admin' | 'driver';

const states = new Map<Role, StorageState>();
let restoreHours: () => Promise<void> = async () => undefined;
const data = { siteId: '', orderNumber: '', orderToken: '', cart: '', itemName: '' };
const WIDTHS = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
];

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  const partner = await signedIn(baseURL!, 'partner@halalnosh.test');
  for (const [role, email] of [
    ['admin', 'admin@halalnosh.test'],
    ['driver', 'driver@halalnosh.test'],
  ] as const) {
    const ctx = await signedIn(baseURL!, email);
    states.set(role, await ctx.storageState());
    await ctx.dispose();
  }
  states.set('partner', await partner.storageState());

  // Four live orders at the partner's branch, one in each kitchen column; the accepted delivery
  // order is offered to drivers (a delivery order is prepared only once a driver has its job).
  const branch = await openAllDay(partner, baseURL!);
  data.siteId = branch.siteId;
  const placed = [
    await placeOrder(baseURL!, 'Aisha Khan'),
    await placeOrder(baseURL!, 'Bilal Ahmed'),
    await placeOrder(baseURL!, 'Chloe Smith', 'PICKUP'),
    await placeOrder(baseURL!, 'Dawud Rahman', 'PICKUP'),
  ];
  await progress(partner, baseURL!, placed[1].id, 'accepted');
  await progress(partner, baseURL!, placed[2].id, 'preparing');
  await progress(partner, baseURL!, placed[3].id, 'ready');
  data.orderNumber = placed[3].orderNumber;
  data.orderToken = placed[3].orderToken;
  // The branch stays open until the end, so the checkout keeps its cart.
  restoreHours = async () => {
    await branch.restore();
    await partner.dispose();
  };

  const visitor = await signedIn(baseURL!, 'customer@halalnosh.test');
  // A suggested city with a long e-mail, so the admin overview has its widest table in it.
  const suggested = await visitor.post('/api/city-suggestions', {
    data: { city: 'Leicester', email: 'someone.with.a.rather.long.address@example.com' },
    headers: { origin: baseURL! },
  });
  expect(suggested.ok(), await suggested.text()).toBeTruthy();
  const { restaurant } = await (await visitor.get(`/api/restaurants/${SLUG}`)).json();
  const item = restaurant.menu.sections.flatMap(
    (s: { items: { id: string; name: string; priceMinor: number }[] }) => s.items,
  )[0];
  data.itemName = item.name;
  data.cart = JSON.stringify({
    items: [
      {
        id: item.id,
        name: item.name,
        priceMinor: item.priceMinor,
        quantity: Math.max(1, Math.ceil(2500 / item.priceMinor)),
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
  await visitor.dispose();
});

test.afterAll(async () => {
  await restoreHours();
});

async function open(
  browser: Browser,
  role: Role,
  path: string,
  viewport: { width: number; height: number },
  options: { textZoom?: boolean; touch?: boolean } = {},
) {
  const context = await browser.newContext({ storageState: states.get(role), viewport, hasTouch: options.touch });
  await context.addInitScript(
    ([number, token, cart, zoom]) => {
      localStorage.setItem('halalnosh-order-tokens', JSON.stringify({ [number]: token }));
      localStorage.setItem('halalnosh-cart', cart);
      // The browser's text size setting: the root font size doubles; pixel sizes stay as they are.
      if (zoom)
        document.addEventListener('DOMContentLoaded', () =>
          document.documentElement.style.setProperty('font-size', '200%', 'important'),
        );
    },
    [data.orderNumber, data.orderToken, data.cart, options.textZoom ? '1' : ''] as const,
  );
  const page = await context.newPage();
  await page.goto(path);
  await settled(page);
  return { page, context };
}

async function settled(page: Page): Promise<void> {
  await expect(page.locator('main h1, main h2, [role="region"] h1').first()).toBeVisible({ timeout: 20_000 });
  // A server-rendered page shows before the app runs it; the app may still change it on hydrating.
  await waitForHydration(page);
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect(page.locator('main .animate-spin')).toHaveCount(0);
}

/**
 * What is wrong with the layout as it stands: the page scrolls sideways, or one of the controls
 * in `scope` lies outside the viewport once scrolled to, is covered by another element at its
 * centre, or (for buttons) has text that overflows its box.
 */
async function layoutProblems(page: Page, scope = 'main, header, nav, [role="region"]'): Promise<string[]> {
  return page.evaluate((scope) => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth)
      problems.push(`page scrolls sideways: ${root.scrollWidth} px in ${window.innerWidth} px`);
    const name = (el: Element) =>
      (el.getAttribute('aria-label') ?? el.textContent ?? el.outerHTML).trim().replace(/\s+/g, ' ').slice(0, 60) ||
      el.outerHTML.slice(0, 80);
    const selector = [
      'button',
      'a[href]',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      '[role="button"]',
      '[role="switch"]',
    ]
      .flatMap((c) => scope.split(',').map((s) => `${s.trim()} ${c}`))
      .join(', ');
    const controls = new Set(document.querySelectorAll<HTMLElement>(selector));
    for (const el of controls) {
      if (
        !el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) ||
        el.closest('[aria-hidden="true"], dialog:not([open])')
      )
        continue;
      const before = el.getBoundingClientRect();
      if (before.width <= 2 || before.height <= 2) continue; // visually hidden (skip link, file input inside its label)
      el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      const box = el.getBoundingClientRect();
      if (box.left < -0.5 || box.right > window.innerWidth + 0.5) {
        problems.push(
          `"${name(el)}" outside the viewport: ${Math.round(box.left)}..${Math.round(box.right)} of ${window.innerWidth}`,
        );
        continue;
      }
      const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
      const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
      const hit = document.elementFromPoint(x, y);
      if (
        hit &&
        !el.contains(hit) &&
        !hit.contains(el) &&
        !(el.id && hit.closest(`label[for="${CSS.escape(el.id)}"]`))
      ) {
        problems.push(`"${name(el)}" covered by ${hit.tagName.toLowerCase()} "${name(hit)}"`);
      }
      if (
        (el.tagName === 'BUTTON' || el.getAttribute('role') === 'button') &&
        (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
      ) {
        problems.push(
          `"${name(el)}" text overflows its box: ${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`,
        );
      }
    }
    window.scrollTo(0, 0);
    return problems;
  }, scope);
}

const WIDE_ROUTES: [Role, () => string][] = [
  ['visitor', () => '/partner/login'],
  ['partner', () => '/partner/dashboard'],
  ['partner', () => '/partner/create-brand'],
  ['partner', () => '/partner/create-site'],
  ['partner', () => `/partner/orders?site=${data.siteId}`],
  ['partner', () => '/partner/menu'],
  ['partner', () => '/partner/settings'],
  ['partner', () => `/partner/location/${data.siteId}`],
  ['partner', () => '/partner/staff'],
  ['partner', () => '/partner/location-menu'],
  ['visitor', () => '/admin/login'],
  ['admin', () => '/admin/dashboard'],
  ['admin', () => '/admin/drivers'],
  ['admin', () => '/admin/settings'],
  ['admin', () => '/admin/team'],
  ['admin', () => '/admin/tickets'],
  ['admin', () => '/admin/reports'],
  ['admin', () => '/admin/audit'],
  ['admin', () => '/admin/profile'],
  ['admin', () => '/admin/halal'],
];

for (const [role, path] of WIDE_ROUTES) {
  const name = path
    .toString()
    .match(/[`'](.*?)[`'?]/)![1]
    .replace(/\$\{data\.(\w+)\}/g, ':$1');
  test(`1024, 1280 and 1440 px: ${name} fits the width with every control in view and uncovered`, async ({
    browser,
  }) => {
    const { page, context } = await open(browser, role, path(), WIDTHS[0]);
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      expect(await layoutProblems(page), `${name} at ${size.width} x ${size.height}`).toEqual([]);
    }
    await context.close();
  });
}

test('the orders console shows the live orders with their actions at 1024 px', async ({ browser }) => {
  const { page, context } = await open(browser, 'partner', `/partner/orders?site=${data.siteId}`, WIDTHS[0]);
  await expect(page.getByRole('heading', { name: /Active Orders \([1-9]\d*\)/ })).toBeVisible();
  for (const action of [/^Accept HN-/, /^Ready for Pickup HN-/, /^Collected HN-/]) {
    const button = page.getByRole('main').getByRole('button', { name: action }).first();
    await button.scrollIntoViewIfNeeded();
    await expect(button, String(action)).toBeInViewport({ ratio: 1 });
  }
  await context.close();
});

for (const [orientation, viewport] of [
  ['portrait', { width: 768, height: 1024 }],
  ['landscape', { width: 1024, height: 768 }],
] as const) {
  test(`the kitchen display on a tablet in ${orientation} fits, with whole cards and 44 px touch targets`, async ({
    browser,
  }) => {
    const { page, context } = await open(browser, 'partner', `/partner/orders?site=${data.siteId}`, viewport, {
      touch: true,
    });
    await page.getByRole('button', { name: 'Kitchen Display' }).click();
    const display = page.getByRole('region', { name: 'Kitchen Display' });
    await expect(display).toBeVisible();
    for (const column of ['New', 'Preparing', 'Ready']) {
      await expect(display.getByRole('heading', { name: new RegExp(`^${column}`) }).first(), column).toBeVisible();
    }
    const cards = display.getByRole('button', { name: /^Select order / });
    await expect(cards).not.toHaveCount(0);

    expect(await layoutProblems(page, '[role="region"]'), orientation).toEqual([]);
    // Each card and its buttons lie wholly inside the viewport once scrolled to, and every button
    // there is at least 44 x 44 px.
    const issues = await display.evaluate((region) => {
      const found: string[] = [];
      for (const card of region.querySelectorAll<HTMLElement>('li > div')) {
        card.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
        const box = card.getBoundingClientRect();
        const label = card.querySelector('button')?.getAttribute('aria-label') ?? 'card';
        if (box.left < 0 || box.right > window.innerWidth || box.width < 200)
          found.push(`${label}: card ${Math.round(box.left)}..${Math.round(box.right)}`);
        for (const b of card.querySelectorAll<HTMLElement>('button')) {
          const r = b.getBoundingClientRect();
          if (r.width < 44 || r.height < 44)
            found.push(`${label}: "${b.textContent?.trim()}" ${Math.round(r.width)}x${Math.round(r.height)}`);
          if (r.left < box.left - 1 || r.right > box.right + 1)
            found.push(`${label}: "${b.textContent?.trim()}" sticks out of its card`);
        }
      }
      for (const b of region.querySelectorAll<HTMLElement>('header button')) {
        const r = b.getBoundingClientRect();
        if (r.width < 44 || r.height < 44)
          found.push(`header "${b.textContent?.trim()}" ${Math.round(r.width)}x${Math.round(r.height)}`);
      }
      return found;
    });
    expect(issues, orientation).toEqual([]);
    for (const action of [/^Accept HN-/, /^Ready for Pickup HN-/, /^Collected HN-/]) {
      const button = display.getByRole('button', { name: action }).first();
      await button.scrollIntoViewIfNeeded();
      await expect(button, String(action)).toBeInViewport({ ratio: 1 });
    }
    await context.close();
  });
}

// The a11y-mobile spec meets the driver's screens with no job on the board; here a job is offered.
for (const path of ['/driver/jobs', '/driver/dashboard']) {
  test(`375 px: ${path} with a job on the board fits the phone`, async ({ browser }) => {
    const { page, context } = await open(browser, 'driver', path, { width: 375, height: 812 }, { touch: true });
    await expect(page.getByRole('button', { name: /^View job: / }).first()).toBeVisible();
    expect(await layoutProblems(page), path).toEqual([]);
    await context.close();
  });
}

/** One screen of each audience, with the buttons that carry its main task. */
const ZOOM_ROUTES: { role: Role; path: () => string; keys: (page: Page) => ReturnType<Page['getByRole']>[] }[] = [
  { role: 'visitor', path: () => '/', keys: (p) => [p.getByRole('button', { name: 'Find Halal Restaurants' })] },
  {
    role: 'visitor',
    path: () => `/restaurant/${SLUG}`,
    keys: (p) => [p.getByRole('button', { name: `Add ${data.itemName} to cart` })],
  },
  { role: 'visitor', path: () => '/checkout', keys: (p) => [p.getByRole('button', { name: 'Place Order' })] },
  {
    role: 'visitor',
    path: () => `/order/${data.orderNumber}`,
    keys: (p) => [p.getByRole('heading', { level: 1, name: `Order #${data.orderNumber}` })],
  },
  {
    role: 'partner',
    path: () => `/partner/orders?site=${data.siteId}`,
    keys: (p) => [
      p.getByRole('button', { name: 'Kitchen Display' }),
      p
        .getByRole('main')
        .getByRole('button', { name: /^Accept HN-/ })
        .first(),
    ],
  },
  { role: 'driver', path: () => '/driver/jobs', keys: (p) => [p.getByRole('button', { name: /^View job: / }).first()] },
  { role: 'admin', path: () => '/admin/dashboard', keys: (p) => [p.getByRole('main').getByRole('link').first()] },
];

for (const zoom of [
  { name: 'text zoom 200% at 1280 px', viewport: { width: 1280, height: 800 }, textZoom: true },
  { name: 'page zoom 200% (640 px)', viewport: { width: 640, height: 400 }, textZoom: false },
]) {
  for (const route of ZOOM_ROUTES) {
    const name = route.path
      .toString()
      .match(/[`'](.*?)[`'?]/)![1]
      .replace(/\$\{(?:data\.)?(\w+)\}/g, ':$1');
    test(`${zoom.name}: ${name} as ${route.role} keeps everything usable`, async ({ browser }) => {
      const { page, context } = await open(browser, route.role, route.path(), zoom.viewport, {
        textZoom: zoom.textZoom,
      });
      if (zoom.textZoom)
        expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('32px');
      for (const key of route.keys(page)) {
        await key.scrollIntoViewIfNeeded();
        await expect(key).toBeInViewport({ ratio: 1 });
      }
      expect(await layoutProblems(page), `${name}, ${zoom.name}`).toEqual([]);
      await context.close();
    });
  }
}
