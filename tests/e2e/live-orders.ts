import { type APIRequestContext, type Locator, expect, request, test } from '@playwright/test';
import { defaultOpeningHours } from '../../src/domain/opening-hours';
import { SAMPLE_RESTAURANTS } from '../../src/domain/sample-data/sample-restaurants';

/*
 * Orders made through the API for the layout and keyboard specs: a visitor orders for delivery
 * from the partner's sample branch in Dalston (E8, where the approved demo driver works), and
 * the partner moves the order on. Not a spec file: Playwright only runs *.spec.ts.
 */

export const DEMO_PASSWORD = 'halalnosh-demo';
export const SLUG = 'kervan-ocakbasi-dalston';

type MenuItem = { id: string; name: string; priceMinor: number };
type Site = { id: string; openingHours: unknown; isOpen: boolean };
export type PlacedOrder = { id: string; orderNumber: string; orderToken: string };

/** A request context signed in as a demo account. */
export async function signedIn(baseURL: string, email: string): Promise<APIRequestContext> {
  const ctx = await request.newContext({ baseURL });
  const res = await ctx.post('/api/auth/sign-in/email', {
    data: { email, password: DEMO_PASSWORD },
    headers: { origin: baseURL },
  });
  expect(res.ok(), `${email}: ${await res.text()}`).toBeTruthy();
  return ctx;
}

/**
 * Opens the sample branch round the clock so the journeys do not depend on the hour; returns a
 * function that restores its hours.
 */
export async function openAllDay(
  partner: APIRequestContext,
  baseURL: string,
): Promise<{ siteId: string; restore: () => Promise<void> }> {
  const visitor = await request.newContext({ baseURL });
  const { restaurant } = await (await visitor.get(`/api/restaurants/${SLUG}`)).json();
  await visitor.dispose();
  const site: Site = (await (await partner.get(`/api/partner/sites/${restaurant.id}`)).json()).site;
  const always = Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
      d,
      { open: '00:00', close: '00:00', closed: false },
    ]),
  );
  const opened = await partner.patch(`/api/partner/sites/${site.id}`, {
    data: { openingHours: always, isOpen: true },
    headers: { origin: baseURL },
  });
  expect(opened.ok(), await opened.text()).toBeTruthy();
  return {
    siteId: site.id,
    restore: async () => {
      await partner.patch(`/api/partner/sites/${site.id}`, {
        data: { openingHours: site.openingHours, isOpen: site.isOpen },
        headers: { origin: baseURL },
      });
    },
  };
}

/** Places an order as a visitor, for delivery to Dalston unless said otherwise (the branch must be open). */
export async function placeOrder(
  baseURL: string,
  customerName = 'Aisha Khan',
  orderType: 'DELIVERY' | 'PICKUP' = 'DELIVERY',
): Promise<PlacedOrder> {
  const visitor = await request.newContext({ baseURL });
  const { restaurant } = await (await visitor.get(`/api/restaurants/${SLUG}`)).json();
  const items: MenuItem[] = restaurant.menu.sections.flatMap((s: { items: MenuItem[] }) => s.items);
  const item = items[0];
  const placed = await visitor.post('/api/orders', {
    headers: { 'idempotency-key': `e2e-${customerName}-${Date.now()}-${Math.random()}` },
    data: {
      siteId: restaurant.id,
      orderType,
      items: [
        { menuItemId: item.id, quantity: Math.max(1, Math.ceil(2500 / item.priceMinor)) },
        ...(items[1] ? [{ menuItemId: items[1].id, quantity: 1 }] : []),
      ],
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
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, orderToken } = (await placed.json()) as {
    order: { id: string; orderNumber: string };
    orderToken: string;
  };
  await visitor.dispose();
  return { id: order.id, orderNumber: order.orderNumber, orderToken };
}

/** A partner action (or hand-over), retried past the server's short guard between actions on one order. */
export async function partnerAct(
  partner: APIRequestContext,
  baseURL: string,
  orderId: string,
  data: Record<string, unknown>,
  path = 'actions',
): Promise<void> {
  await expect
    .poll(
      async () =>
        (await partner.post(`/api/partner/orders/${orderId}/${path}`, { data, headers: { origin: baseURL } })).status(),
      {
        intervals: [1000],
        timeout: 15_000,
      },
    )
    .toBe(200);
}

/** What shows once the console has taken an action: something appears, or something goes. */
export type ActionTaken = { shows: Locator } | { goes: Locator };

/**
 * An order action on the partner's console, done the way a person does it under the rule that a
 * second action on one order within 2 seconds of the last is refused (docs/product/orders.md#order-flow):
 * act, and while the console answers "Action blocked: Please wait…" instead, act again, until the
 * console shows it has taken the action (an action that can be undone shows its undo toast at
 * once; one that goes at once shows its result). The 2 seconds count from moments a journey cannot
 * see (when the last action reached the server), so a fixed pause before acting is either too long
 * or, on a loaded machine, too short. `act` should bound its own waits (a click's `timeout`), since
 * the control it uses may be gone once the action is taken.
 */
export async function actPastTheGuard(act: () => Promise<void>, taken: ActionTaken): Promise<void> {
  const isTaken = async () => ('shows' in taken ? await taken.shows.isVisible() : (await taken.goes.count()) === 0);
  await expect(async () => {
    if (await isTaken()) return;
    await act();
    if ('shows' in taken) await expect(taken.shows).toBeVisible({ timeout: 5_000 });
    else await expect(taken.goes).toHaveCount(0, { timeout: 5_000 });
  }).toPass({ intervals: [500, 1_000], timeout: 45_000 });
}

/**
 * Moves an order through the kitchen as far as `stage`. The kitchen may cook a delivery order
 * before a driver takes its job (docs/decisions/0125), so any order can go to "ready".
 */
export async function progress(
  partner: APIRequestContext,
  baseURL: string,
  orderId: string,
  stage: 'accepted' | 'preparing' | 'ready',
): Promise<void> {
  await partnerAct(partner, baseURL, orderId, { action: 'accept', prepTimeMinutes: 15 });
  if (stage === 'accepted') return;
  await partnerAct(partner, baseURL, orderId, { action: 'start_preparing' });
  if (stage === 'preparing') return;
  await partnerAct(partner, baseURL, orderId, { action: 'mark_ready' });
}

/**
 * For a whole spec file: the demo partner, signed in through the API, opens the first sample branch
 * round the clock before the file's tests and gives it its usual hours back after them. `ready`
 * receives the partner's request context and the app's origin.
 */
export function keepSampleOpen(ready?: (partner: APIRequestContext, origin: string) => void): void {
  const site = SAMPLE_RESTAURANTS[0];
  let partner: APIRequestContext;
  let origin: string;
  test.beforeAll(async ({ playwright }, testInfo) => {
    origin = testInfo.project.use.baseURL!;
    partner = await playwright.request.newContext({ baseURL: origin });
    const signIn = await partner.post('/api/auth/sign-in/email', {
      data: { email: 'partner@halalnosh.test', password: DEMO_PASSWORD },
      headers: { origin },
    });
    expect(signIn.ok(), await signIn.text()).toBeTruthy();
    const opened = await partner.patch(`/api/partner/sites/${site.id}`, {
      data: { openingTime: '00:00', closingTime: '00:00' },
      headers: { origin },
    });
    expect(opened.ok(), await opened.text()).toBeTruthy();
    ready?.(partner, origin);
  });
  test.afterAll(async () => {
    await partner.patch(`/api/partner/sites/${site.id}`, {
      data: { openingHours: defaultOpeningHours() },
      headers: { origin },
    });
    await partner.dispose();
  });
}

/**
 * Customers see a new location once operations approve it (docs/product/admin.md#restaurants): its
 * partner (`partner`, a signed-in request context) submits it for review and the demo operations
 * manager approves it.
 */
export async function approveNewLocation(partner: APIRequestContext, siteId: string, baseURL: string): Promise<void> {
  const submitted = await partner.post(`/api/partner/sites/${siteId}/submit-review`, {
    headers: { origin: baseURL },
  });
  expect(submitted.ok(), await submitted.text()).toBeTruthy();
  const ops = await signedIn(baseURL, 'ops@halalnosh.test');
  const approved = await ops.post(`/api/admin/restaurants/${siteId}/review`, {
    data: { action: 'approve' },
    headers: { origin: baseURL },
  });
  expect(approved.ok(), await approved.text()).toBeTruthy();
  await ops.dispose();
}
