import { type Browser, type BrowserContext, type Page, expect, request, test } from '@playwright/test';
import { waitForHydration } from './hydration';

/*
 * Customer and driver screens on a 360 x 740 phone (docs/product/README.md#accessibility): no horizontal scrolling, and every
 * button in the page's main content at least 44 x 44 CSS pixels (WCAG 2.5.5's size; 2.5.8 asks
 * 24). Sign-ins in this file: 2 (customer and driver, through the API).
 */

const DEMO_PASSWORD = 'halalnosh-demo';
const SLUG = 'kervan-ocakbasi-dalston';
const PHONE = { width: 360, height: 740 };

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
const states: Record<string, StorageState | undefined> = {};
let cart = '';

test.beforeAll(async ({ baseURL }) => {
  for (const [role, email] of [
    ['customer', 'customer@halalnosh.test'],
    ['driver', 'driver@halalnosh.test'],
  ]) {
    const ctx = await request.newContext({ baseURL });
    const res = await ctx.post('/api/auth/sign-in/email', {
      data: { email, password: DEMO_PASSWORD },
      headers: { origin: baseURL! },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    states[role] = await ctx.storageState();
    await ctx.dispose();
  }
  const visitor = await request.newContext({ baseURL });
  const { restaurant } = await (await visitor.get(`/api/restaurants/${SLUG}`)).json();
  const item = restaurant.menu.sections.flatMap(
    (s: { items: { id: string; name: string; priceMinor: number }[] }) => s.items,
  )[0];
  cart = JSON.stringify({
    items: [
      {
        id: item.id,
        name: item.name,
        priceMinor: item.priceMinor,
        quantity: 2,
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

async function open(browser: Browser, role: string, path: string): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({
    storageState: states[role],
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
  });
  await context.addInitScript((c) => localStorage.setItem('halalnosh-cart', c), cart);
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.locator('main').first()).toBeVisible({ timeout: 20_000 });
  // A server-rendered page shows before the app runs it; the app may still change it on hydrating.
  await waitForHydration(page);
  await expect(page.locator('main h1, main h2').first()).toBeVisible();
  await expect(page.locator('main .animate-spin')).toHaveCount(0);
  return { page, context };
}

const ROUTES: [role: string, path: string][] = [
  ['visitor', '/'],
  ['visitor', '/?location=London'],
  ['visitor', '/restaurants/london'],
  ['visitor', '/restaurants/manchester'],
  ['visitor', `/restaurant/${SLUG}`],
  ['visitor', '/cart'],
  ['visitor', '/checkout'],
  ['visitor', '/auth'],
  ['visitor', '/reset-password?token=not-a-real-token'],
  ['visitor', '/partners'],
  ['customer', '/account'],
  ['visitor', '/driver/login'],
  ['driver', '/driver/dashboard'],
  ['driver', '/driver/jobs'],
  ['driver', '/driver/earnings'],
  // /order/:id and /driver/delivery/:jobId at phone size are covered by customer.spec.ts and driver.spec.ts.
];

for (const [role, path] of ROUTES) {
  test(`360 px: ${path} as ${role} fits the width and has 44 px buttons`, async ({ browser }) => {
    const { page, context } = await open(browser, role, path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path} scrolls sideways`).toBeLessThanOrEqual(PHONE.width);
    const small = await page.evaluate(() =>
      [
        ...document.querySelectorAll<HTMLElement>(
          'main button, main [role="button"], main input[type="submit"], header button',
        ),
      ]
        .filter((el) => el.offsetParent !== null && !el.closest('[aria-hidden="true"]'))
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.width < 44 || box.height < 44))
        .map(
          ({ el, box }) =>
            `${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40)}: ${Math.round(box.width)}x${Math.round(box.height)}`,
        ),
    );
    expect(small, `${path}: buttons under 44 x 44 px`).toEqual([]);
    await context.close();
  });
}
