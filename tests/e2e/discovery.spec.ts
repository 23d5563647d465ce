import { type APIRequestContext, expect, test } from '@playwright/test';
import { type OpeningHours, WEEKDAYS, defaultOpeningHours } from '../../src/domain/opening-hours';
import { SAMPLE_RESTAURANTS } from '../../src/domain/sample-data/sample-restaurants';
import { waitForHydration } from './hydration';

/*
 * Discovery journeys (docs/product/customer.md#search-by-name, #sort, #dietary-filters,
 * #restaurant-cards, #delivers-here) against the real server and demo data.
 * Sign-ins in this file: 1 (the demo partner through the API, to close a branch for an hour).
 */

const DEMO_PASSWORD = 'halalnosh-demo';
const CLOSED_SAMPLE = SAMPLE_RESTAURANTS[0];

let partner: APIRequestContext;
let origin: string;

/** Hours that open two hours from now (London) every day, for one hour: closed now, opening today or tomorrow. */
function hoursOpeningLater(): { hours: OpeningHours; opensAt: string } {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', hourCycle: 'h23' }).format(
      new Date(),
    ),
  );
  const open = `${String((hour + 2) % 24).padStart(2, '0')}:00`;
  const close = `${String((hour + 3) % 24).padStart(2, '0')}:00`;
  const hours = Object.fromEntries(WEEKDAYS.map((d) => [d, { open, close, closed: false }])) as OpeningHours;
  return { hours, opensAt: open };
}

test.beforeAll(async ({ playwright }, testInfo) => {
  origin = testInfo.project.use.baseURL!;
  partner = await playwright.request.newContext({ baseURL: origin });
  const signIn = await partner.post('/api/auth/sign-in/email', {
    data: { email: 'partner@halalnosh.test', password: DEMO_PASSWORD },
    headers: { origin },
  });
  expect(signIn.ok(), await signIn.text()).toBeTruthy();
});

test.afterAll(async () => {
  await partner.patch(`/api/partner/sites/${CLOSED_SAMPLE.id}`, {
    data: { openingHours: defaultOpeningHours() },
    headers: { origin },
  });
  await partner.dispose();
});

test('search a dish, keep vegetarian dishes without peanuts, and see the menu narrowed', async ({ page, request }) => {
  await page.goto('/');
  await waitForHydration(page);
  await page.getByLabel('Restaurant or dish').fill('biryani');
  await page.getByRole('button', { name: 'Find Halal Restaurants' }).click();
  await expect(page).toHaveURL(/q=biryani/);
  const results = page.getByRole('list', { name: /Halal restaurants in London/ });
  await expect(results.getByRole('listitem').first()).toBeVisible();

  await page.getByRole('button', { name: 'Vegetarian', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Vegetarian', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/diet=vegetarian/);
  await page.getByText('Without allergens').click();
  // The box shows the address's filter: click it, then wait for the address before reading its state
  // (check() reads the state at once and can see the old address's).
  await page.getByLabel('Without Peanuts').click();
  await expect(page).toHaveURL(/without=peanuts/);
  await expect(page.getByLabel('Without Peanuts')).toBeChecked();
  const api = await request.get('/api/restaurants/search?location=London&q=biryani&diet=vegetarian&without=peanuts');
  const expected = (await api.json()) as { total: number };
  await expect(
    page.getByText(`${expected.total} ${expected.total === 1 ? 'restaurant' : 'restaurants'} found`),
  ).toBeVisible();

  // A branch selling the peanut-and-sesame Hyderabadi biryani, in whichever city the demo catalog put one: its menu
  // hides that dish under "without peanuts".
  const directory = (await (await request.get('/api/cities')).json()) as {
    cities: { slug: string; restaurantCount: number }[];
  };
  let branch: { slug: string } | undefined;
  for (const city of directory.cities.filter((c) => c.restaurantCount > 0)) {
    const found = await request.get(
      `/api/restaurants/search?location=${city.slug}&q=${encodeURIComponent('Hyderabadi Lamb Biryani')}`,
    );
    [branch] = ((await found.json()) as { restaurants: { slug: string }[] }).restaurants;
    if (branch) break;
  }
  expect(branch, 'a demo branch sells the Hyderabadi biryani').toBeDefined();
  await page.goto(`/restaurant/${branch!.slug}?without=peanuts`);
  await waitForHydration(page);
  await expect(page.getByText('Showing dishes: without Peanuts.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hyderabadi Lamb Biryani' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show full menu' }).click();
  await expect(page.getByRole('heading', { name: 'Hyderabadi Lamb Biryani' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Opening hours' })).toBeVisible();
});

test('sort by delivery fee puts the cheapest delivery first', async ({ page, request }) => {
  await page.goto('/?location=London');
  await waitForHydration(page);
  await page.getByLabel('Sort by').selectOption('fee');
  await expect(page).toHaveURL(/sort=fee/);
  const api = await request.get('/api/restaurants/search?location=London&sort=fee');
  const { restaurants } = (await api.json()) as { restaurants: { brandName: string }[] };
  const cards = page.getByRole('list', { name: /Halal restaurants in London/ }).getByRole('heading', { level: 3 });
  await expect(cards.first()).toHaveText(restaurants[0].brandName);
  await expect(cards.nth(1)).toHaveText(restaurants[1].brandName);
});

test('a closed card says when it opens', async ({ page }) => {
  const { hours, opensAt } = hoursOpeningLater();
  const closed = await partner.patch(`/api/partner/sites/${CLOSED_SAMPLE.id}`, {
    data: { openingHours: hours },
    headers: { origin },
  });
  expect(closed.ok(), await closed.text()).toBeTruthy();
  await page.goto(`/?location=London&q=${encodeURIComponent(CLOSED_SAMPLE.brandName)}`);
  const card = page.getByRole('link', { name: new RegExp(CLOSED_SAMPLE.brandName) }).first();
  await expect(card.getByText('Closed', { exact: true })).toBeVisible();
  await expect(card.getByText(new RegExp(`^Opens (tomorrow )?at ${opensAt}$`))).toBeVisible();
});

test('after a postcode search, search and city page cards say whether each branch delivers there', async ({ page }) => {
  await page.goto('/?location=E1%206AN');
  await expect(page.getByText('Delivers to E1 6AN').first()).toBeVisible();
  // The searched postcode is remembered by the page's script, once it has hydrated.
  await waitForHydration(page);
  await page.goto('/?location=London');
  await expect(page.getByText('Does not deliver to E1 6AN').first()).toBeVisible();
  await expect(page.getByText('Delivers to E1 6AN').first()).toBeVisible();
  // The city pages' cards say it too.
  await page.goto('/restaurants/london');
  const london = page.getByRole('list', { name: 'Halal restaurants in London' });
  await expect(london.getByText('Delivers to E1 6AN').first()).toBeVisible();
  await expect(london.getByText('Does not deliver to E1 6AN').first()).toBeVisible();
  await page.goto('/restaurants/birmingham');
  const birmingham = page.getByRole('list', { name: 'Halal restaurants in Birmingham' });
  await expect(birmingham.getByText('Does not deliver to E1 6AN').first()).toBeVisible();
  await expect(birmingham.getByText('Delivers to E1 6AN')).toHaveCount(0);
  await page.goto('/?location=London');
  await waitForHydration(page);
  // The restaurant page warns before a basket is built.
  const far = page.getByRole('link').filter({ hasText: 'Does not deliver to E1 6AN' }).first();
  await far.click();
  await expect(page.getByText(/does not deliver to E1 6AN\. You can still order for pickup\./)).toBeVisible();
});

test('a branch closed now still takes an order for later: the menu and cart say so, checkout chooses later', async ({
  page,
}) => {
  const { hours } = hoursOpeningLater();
  const closed = await partner.patch(`/api/partner/sites/${CLOSED_SAMPLE.id}`, {
    data: { openingHours: hours },
    headers: { origin },
  });
  expect(closed.ok(), await closed.text()).toBeTruthy();
  await page.goto(`/restaurant/${CLOSED_SAMPLE.slug}`);
  await waitForHydration(page);
  await expect(
    page.getByText(
      `${CLOSED_SAMPLE.brandName} is closed right now. You can browse the menu and schedule your order for later.`,
    ),
  ).toBeVisible();
  const add = page.getByRole('button', { name: /^Add .+ to cart$/ }).first();
  const item = ((await add.getAttribute('aria-label')) ?? '').replace(/^Add /, '').replace(/ to cart$/, '');
  await page.getByRole('button', { name: `Increase quantity of ${item}` }).click();
  await add.click();
  await page.getByRole('region', { name: 'Your cart' }).getByRole('link', { name: 'View Cart' }).click();
  await expect(page.getByText(/is closed right now\. You can schedule your order for later\./)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Schedule for later' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByLabel('Schedule for later')).toBeChecked();
  await expect(page.getByLabel('Time', { exact: true })).toBeVisible();
});
