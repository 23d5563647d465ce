import { desc, like } from 'drizzle-orm';
import { mailOutbox } from '../db/schema/index';
import { unsubscribeToken } from '../modules/notifications';
import type { ActorName, World } from './security-world';

/**
 * What the security tests expect of every API route, keyed "METHOD /url" exactly as
 * app.apiRoutes lists it. A route missing here fails the authorization test, so adding a route
 * means saying here who owns its rows and what a valid call looks like.
 */

/** One request by one actor. */
export type Call = { actor: ActorName; url: string; payload?: unknown; headers?: Record<string, string> };

/** Someone else's row: the attacker must get one of `expect` (404 or 403 by default), and nothing is written. */
export type Probe = Call & { expect?: number[]; why: string };

export type RouteExpectation = {
  /**
   * Who owns the rows this route reaches: `rows` lists attempts on other people's rows;
   * otherwise a sentence says why there are none (own rows only, public data, platform staff).
   */
  rows: ((w: World) => Probe[] | Promise<Probe[]>) | string;
  /** A call the rightful actor may make (the hostile-input and mass-assignment tests start from it). */
  example?: (w: World) => Call;
  /** Registered only in some configurations (demo mode). */
  optional?: boolean;
};

const OWN = "acts only on the caller's own rows (scoped by the session in the query)";
const PUBLIC = 'public catalogue data, the same for everyone';
const PLATFORM =
  "back-office staff act on every tenant's rows by design; the route policy (admin area) is the boundary";
const TOKEN = 'the secret token in the body is the key; a wrong token is 404';
const GROUP_LINK =
  "the link's secret in the address is the key (only its hash stored); an unknown or reset link is 404";
const GROUP_MEMBERS =
  "a group's members only, by account or member token: 404 without either, for a non-member or for another group's token, 403 for a member doing the host's part (group-orders.test.ts)";

/** The latest link token mailed with this path (invitations keep only a hash). */
export async function mailedToken(w: World, path: string): Promise<string> {
  const [m] = await w.t.database.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(like(mailOutbox.text, `%${path}?token=%`))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const match = m ? new RegExp(`${path.replace(/[/?]/g, '\\$&')}\\?token=([A-Za-z0-9_-]+)`).exec(m.text) : null;
  if (!match) throw new Error(`no mailed token for ${path}`);
  return match[1];
}

/** A request by `actor`, with a body when there is one. */
const as = (actor: ActorName, url: string, payload?: unknown): Call =>
  payload === undefined ? { actor, url } : { actor, url, payload };

/** Someone else's row: `actor` calls `url` and must be refused (404 or 403), writing nothing. */
const probe = (actor: ActorName, url: string, why: string, payload?: unknown): Probe => ({
  ...as(actor, url, payload),
  why,
});

const NOT_RUN = 'a site the manager does not run';
const OWNER_OR_ADMIN = 'owner or admin only';
const BASE_MENU = "the base menu is the owner's";
/** An offer that starts long after these tests, so it prices none of their orders. */
const FUTURE_OFFER = { kind: 'percent_off', percent: 10, capMinor: 500, startsOn: '2099-01-01' };

/** X's brand-level rows: the other brand's partner, and X's site manager (brand-level actions are the owner's or an admin's). */
const ownerOnly = (url: string, whyY: string, whyManager: string, payload?: unknown): Probe[] => [
  probe('partnerY', url, whyY, payload),
  probe('managerX', url, whyManager, payload),
];

/** X's site-level rows: the other brand's partner at site X1, and X's manager at site X2, which they do not run. */
const siteStaffOnly = (w: World, url: (siteId: string) => string, whyY: string, payload?: unknown): Probe[] => [
  probe('partnerY', url(w.rows.siteX1), whyY, payload),
  probe('managerX', url(w.rows.siteX2), NOT_RUN, payload),
];

/** The driver's job, asked for by another driver; the driver's own call is the example. */
const jobUrl = (w: World, step: string) => `/api/driver/jobs/${w.rows.jobA.id}/${step}`;
const otherDriversJob = (w: World, step: string, payload?: unknown, why = "the driver's job"): Probe[] => [
  probe('otherDriver', jobUrl(w, step), why, payload),
];

const certificate = (w: World) => ({
  certifyingBody: 'hmc',
  certificateNumber: 'HMC-12345',
  issuedOn: '2026-01-01',
  expiresOn: '2027-01-01',
  uploadId: w.rows.documentUpload,
  scope: 'whole_menu',
});
const facts = () => ({
  alcoholServed: false,
  porkOnPremises: false,
  slaughterMethod: 'hand_slaughtered',
  halalScope: 'whole_menu',
});

const orderUrl = (w: World) => `/api/orders/${w.rows.orderA.number}`;

/** Everyone but A (and admins) asking for A's order: the customer B, the other brand, the other driver, a visitor with another order's token. */
function strangersOfOrderA(w: World, url: string, payload?: unknown): Probe[] {
  const who: ActorName[] = ['customerB', 'partnerY', 'otherDriver', 'pendingDriver', 'visitor'];
  return [
    ...who.map((actor) => ({ actor, url, payload, why: `${actor} is not on order A` })),
    {
      actor: 'visitor',
      url,
      payload,
      headers: { 'x-order-token': w.rows.visitorOrder.token },
      why: "another order's visitor token",
    },
    {
      actor: 'managerX',
      url: url.replace(w.rows.orderA.number, w.rows.orderAtX2.number),
      payload,
      why: 'the manager does not run X2',
    },
  ];
}

export const ROUTE_EXPECTATIONS: Record<string, RouteExpectation> = {
  // Platform and identity
  'GET /api/auth/*': { rows: 'better-auth: the session cookie names its own user only' },
  'POST /api/auth/*': {
    rows: 'better-auth: sign-in, sign-up and reset act on the e-mail given; enumeration and rate limits are tested in auth.test.ts',
    example: () =>
      as('visitor', '/api/auth/sign-up/email', {
        name: 'New Person',
        email: 'new.person@example.com',
        password: 'a-long-password',
      }),
  },
  'GET /api/health': { rows: PUBLIC },
  'GET /api/docs': { rows: PUBLIC, optional: true },
  'GET /api/me': { rows: OWN },
  'GET /api/dev/mail': { rows: 'demo mode only (never in production); not registered in tests', optional: true },
  'GET /api/events': {
    rows: (w) => [
      probe('customerB', `/api/events?topics=order:${w.rows.orderA.id}`, "another customer's order"),
      {
        actor: 'visitor',
        url: `/api/events?topics=order:${w.rows.orderA.id}`,
        expect: [401],
        why: 'a visitor without the token',
      },
      {
        actor: 'visitor',
        url: `/api/events?topics=order:${w.rows.orderA.id}&orderToken=${w.rows.visitorOrder.token}`,
        expect: [401],
        why: "another order's token",
      },
      probe('partnerY', `/api/events?topics=site:${w.rows.siteX1}`, "another brand's site"),
      probe('managerX', `/api/events?topics=site:${w.rows.siteX2}`, NOT_RUN),
      probe('otherDriver', `/api/events?topics=user:${w.actors.driver.id}`, "another user's topic"),
      probe('driver', '/api/events?topics=jobs:W', 'jobs of another area'),
      probe('pendingDriver', '/api/events?topics=jobs:E', 'jobs before approval'),
      probe('customerA', '/api/events?topics=admin', 'back-office topic'),
    ],
  },
  'POST /api/uploads': { rows: "creates the caller's own upload; who may upload what is tested in uploads.test.ts" },
  'GET /api/uploads/:id': {
    rows: (w) => [
      ...(
        [
          'customerA',
          'ownerX',
          'partnerY',
          'driver',
          'otherDriver',
          'cs_agent',
          'finance',
          'read_only',
          'visitor',
        ] as const
      ).map((actor) => ({
        actor,
        url: `/api/uploads/${w.rows.documentUpload}`,
        why: "a driver document is its driver's and the drivers area's",
      })),
      ...(['customerA', 'otherDriver', 'ownerX', 'visitor'] as const).map((actor) => ({
        actor,
        url: `/api/uploads/${w.rows.proofUpload}`,
        why: "a proof of delivery is its driver's and admins'",
      })),
    ],
  },

  // The customer's account
  'GET /api/account/profile': { rows: OWN },
  'GET /api/terms': { rows: OWN },
  'POST /api/terms/accept': {
    rows: OWN,
    example: () => as('ownerX', '/api/terms/accept', { version: '1.0' }),
  },
  'GET /api/account/orders': {
    rows: OWN,
    example: () => as('customerA', '/api/account/orders?limit=5&offset=0'),
  },
  'GET /api/account/addresses': { rows: OWN },
  'POST /api/account/addresses': {
    rows: OWN,
    example: () =>
      as('customerA', '/api/account/addresses', {
        label: 'Work',
        addressLine1: '1 Brick Lane',
        city: 'London',
        postcode: 'E1 6QL',
        deliveryInstructions: 'Reception',
      }),
  },
  'PATCH /api/account/addresses/:id': {
    rows: (w) => [
      probe('customerB', `/api/account/addresses/${w.rows.addressA}`, "A's address", { label: 'Mine now' }),
    ],
    example: (w) => as('customerA', `/api/account/addresses/${w.rows.addressA}`, { label: 'Home sweet home' }),
  },
  'DELETE /api/account/addresses/:id': {
    rows: (w) => [probe('customerB', `/api/account/addresses/${w.rows.addressA}`, "A's address")],
    example: (w) => as('customerA', `/api/account/addresses/${w.rows.addressA}`),
  },
  'PATCH /api/account/profile': {
    rows: OWN,
    example: () => as('customerA', '/api/account/profile', { firstName: 'Amina', phone: '07700 900123' }),
  },
  'DELETE /api/account': {
    rows: OWN,
    // A wrong password: the example must never delete the world's customer A (answers 400).
    example: () => as('customerA', '/api/account', { password: 'not-the-password' }),
  },
  'GET /api/account/favourites': { rows: OWN },
  'PUT /api/account/favourites/:siteId': {
    rows: () => [
      probe('customerB', '/api/account/favourites/dddddddd-dddd-4ddd-8ddd-dddddddddddd', 'a branch that is not listed'),
    ],
    example: (w) => as('customerA', `/api/account/favourites/${w.rows.siteX2}`),
  },
  'DELETE /api/account/favourites/:siteId': {
    rows: (w) => [probe('customerB', `/api/account/favourites/${w.rows.favouriteA}`, "A's favourite")],
    example: (w) => as('customerA', `/api/account/favourites/${w.rows.favouriteA}`),
  },
  'GET /api/account/notifications': { rows: OWN },
  'PUT /api/account/notifications': {
    rows: OWN,
    example: () => {
      const channel = {
        orderPlaced: true,
        orderAccepted: true,
        orderRejected: true,
        driverAssigned: true,
        driverArrived: false,
        outForDelivery: true,
        delivered: true,
        orderLate: true,
        orderCancelled: true,
      };
      return {
        actor: 'customerA',
        url: '/api/account/notifications',
        payload: { settings: { SMS: channel, EMAIL: channel, PUSH: channel } },
      };
    },
  },
  'POST /api/notifications/unsubscribe': {
    rows: 'the signed token names the person, channel and kind; a token not signed by the server is 400 (notifications.test.ts)',
    example: (w) => ({
      actor: 'visitor',
      url: '/api/notifications/unsubscribe',
      payload: {
        token: unsubscribeToken(w.t.app.deps.config.authSecret, {
          userId: w.actors.customerA.id!,
          channel: 'sms',
          kind: 'orderLate',
        }),
      },
    }),
  },
  'GET /api/driver/notifications': { rows: OWN },
  'PUT /api/driver/notifications': {
    rows: OWN,
    example: () => {
      const channel = { newJob: true, jobTaken: false, orderReady: true };
      return {
        actor: 'driver',
        url: '/api/driver/notifications',
        payload: { settings: { SMS: channel, EMAIL: channel, PUSH: channel } },
      };
    },
  },
  'GET /api/partner/notifications': { rows: OWN },
  'PUT /api/partner/notifications': {
    rows: OWN,
    example: () => {
      const channel = { newOrder: true, branchOrderCancelled: false };
      return {
        actor: 'ownerX',
        url: '/api/partner/notifications',
        payload: { settings: { SMS: channel, EMAIL: channel, PUSH: channel } },
      };
    },
  },
  'GET /api/admin/notifications': {
    rows: PLATFORM,
    example: () => ({ actor: 'ops_manager', url: '/api/admin/notifications?status=failed' }),
  },
  'POST /api/admin/notifications/:id/retry': { rows: PLATFORM },

  // Web Push opt-in (docs/decisions/0143-web-push.md): every signed-in person, own subscriptions only
  'GET /api/push/key': { rows: "the server's VAPID public key, the same for everyone signed in" },
  'GET /api/push/subscriptions': { rows: OWN },
  'POST /api/push/subscriptions': {
    rows: "saves the caller's own subscription; an endpoint is one browser's, so the person signed in on it last owns it",
    example: () => ({
      actor: 'customerA',
      url: '/api/push/subscriptions',
      payload: {
        endpoint: 'http://localhost:8090/notify/example',
        expirationTime: null,
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      },
    }),
  },
  'DELETE /api/push/subscriptions/:id': {
    rows: (w) =>
      (['customerB', 'driver', 'ownerX', 'super_admin'] as const).map((actor) => ({
        actor,
        url: `/api/push/subscriptions/${w.rows.pushSubscriptionA}`,
        expect: [404],
        why: "A's push subscription",
      })),
    example: (w) => ({ actor: 'customerA', url: `/api/push/subscriptions/${w.rows.pushSubscriptionA}` }),
  },

  // Partner console: brands, sites, staff
  'GET /api/partner/brands': { rows: OWN },
  'POST /api/partner/brands': {
    rows: 'creates a brand the caller owns',
    example: () =>
      as('ownerX', '/api/partner/brands', { name: 'Kervan Express', description: 'Grill', phone: '020 7946 0102' }),
  },
  'GET /api/partner/brands/:brandId': {
    rows: (w) => [probe('partnerY', `/api/partner/brands/${w.rows.brandX}`, "X's brand")],
  },
  'PATCH /api/partner/brands/:brandId': {
    rows: (w) =>
      ownerOnly(`/api/partner/brands/${w.rows.brandX}`, "X's brand", 'brand-level action by a site manager', {
        name: 'Taken over',
      }),
    example: (w) => as('ownerX', `/api/partner/brands/${w.rows.brandX}`, { description: 'Charcoal grill since 1999' }),
  },
  'GET /api/partner/dashboard': {
    rows: (w) => siteStaffOnly(w, (site) => `/api/partner/dashboard?siteId=${site}`, "X's site"),
    example: (w) => as('ownerX', `/api/partner/dashboard?siteId=${w.rows.siteX1}`),
  },
  'POST /api/partner/brands/:brandId/sites': {
    rows: (w) =>
      ownerOnly(`/api/partner/brands/${w.rows.brandX}/sites`, "X's brand", OWNER_OR_ADMIN, {
        name: 'Pop-up',
        address: '3 Mile End Road',
        city: 'London',
        postcode: 'E1 4UJ',
      }),
    example: (w) =>
      as('ownerX', `/api/partner/brands/${w.rows.brandX}/sites`, {
        name: 'Mile End',
        address: '3 Mile End Road',
        city: 'London',
        postcode: 'E1 4UJ',
      }),
  },
  'GET /api/partner/sites/:siteId': {
    rows: (w) => siteStaffOnly(w, (site) => `/api/partner/sites/${site}`, "X's site"),
  },
  'PATCH /api/partner/sites/:siteId': {
    rows: (w) => siteStaffOnly(w, (site) => `/api/partner/sites/${site}`, "X's site", { isOpen: false }),
    example: (w) =>
      as('managerX', `/api/partner/sites/${w.rows.siteX1}`, { description: 'Open late', busyExtraMinutes: 0 }),
  },
  'DELETE /api/partner/sites/:siteId': {
    rows: (w) => [
      ...siteStaffOnly(w, (site) => `/api/partner/sites/${site}`, "X's site"),
      probe('managerX', `/api/partner/sites/${w.rows.siteX1}`, 'only an owner or admin deletes'),
    ],
  },
  'GET /api/partner/onboarding': { rows: OWN },
  'POST /api/partner/sites/:siteId/submit-review': {
    rows: (w) => [
      ...siteStaffOnly(w, (site) => `/api/partner/sites/${site}/submit-review`, "X's site"),
      probe('managerX', `/api/partner/sites/${w.rows.siteX1}/submit-review`, OWNER_OR_ADMIN),
    ],
  },
  'GET /api/partner/sites/:siteId/orders': {
    rows: (w) => siteStaffOnly(w, (site) => `/api/partner/sites/${site}/orders`, "X's orders"),
  },
  // A location's statement (docs/product/partner.md#statements): never another brand's, nor a site the manager does not run.
  'GET /api/partner/sites/:siteId/statement': {
    rows: (w) => siteStaffOnly(w, (site) => `/api/partner/sites/${site}/statement`, "X's statement"),
    example: (w) => as('ownerX', `/api/partner/sites/${w.rows.siteX1}/statement?from=2026-01-01&to=2026-01-07`),
  },
  'GET /api/partner/sites/:siteId/statement/export': {
    rows: (w) => siteStaffOnly(w, (site) => `/api/partner/sites/${site}/statement/export`, "X's statement"),
  },
  'POST /api/partner/orders/:orderId/hand-over': {
    rows: (w) => [
      probe('partnerY', `/api/partner/orders/${w.rows.orderA.id}/hand-over`, "X's order", {
        pickupCode: w.rows.jobA.pickupCode,
      }),
      probe('managerX', `/api/partner/orders/${w.rows.orderAtX2.id}/hand-over`, 'an order at X2', {
        pickupCode: '0000',
      }),
    ],
    example: (w) =>
      as('ownerX', `/api/partner/orders/${w.rows.orderA.id}/hand-over`, { pickupCode: w.rows.jobA.pickupCode }),
  },
  'POST /api/partner/orders/:orderId/cancel': {
    rows: (w) => [
      {
        actor: 'partnerY',
        url: `/api/partner/orders/${w.rows.orderA.id}/cancel`,
        payload: { reason: 'Item ran out' },
        why: "X's order",
      },
      {
        actor: 'managerX',
        url: `/api/partner/orders/${w.rows.orderAtX2.id}/cancel`,
        payload: { reason: 'Kitchen too busy' },
        why: 'an order at X2',
      },
    ],
    example: (w) => ({
      actor: 'ownerX',
      url: `/api/partner/orders/${w.rows.orderA.id}/cancel`,
      payload: { reason: 'Other', details: 'The oven broke' },
    }),
  },
  'GET /api/partner/brands/:brandId/invitations': {
    rows: (w) => ownerOnly(`/api/partner/brands/${w.rows.brandX}/invitations`, "X's invitations", OWNER_OR_ADMIN),
  },
  'POST /api/partner/brands/:brandId/invitations': {
    rows: (w) => [
      probe('partnerY', `/api/partner/brands/${w.rows.brandX}/invitations`, "X's brand", {
        email: 'spy@example.com',
        role: 'admin',
      }),
      probe('managerX', `/api/partner/brands/${w.rows.brandX}/invitations`, OWNER_OR_ADMIN, {
        email: 'friend@example.com',
        role: 'admin',
      }),
    ],
    example: (w) =>
      as('ownerX', `/api/partner/brands/${w.rows.brandX}/invitations`, {
        email: 'chef@example.com',
        role: 'site_manager',
        siteIds: [w.rows.siteX1],
      }),
  },
  'DELETE /api/partner/invitations/:invitationId': {
    rows: (w) => ownerOnly(`/api/partner/invitations/${w.rows.invitationX}`, "X's invitation", OWNER_OR_ADMIN),
  },
  'GET /api/partner/brands/:brandId/staff': {
    rows: (w) => ownerOnly(`/api/partner/brands/${w.rows.brandX}/staff`, "X's staff", OWNER_OR_ADMIN),
  },
  // Offers (docs/product/offers.md): the brand's owner or admin makes them; a site manager reads them.
  'GET /api/partner/brands/:brandId/offers': {
    rows: (w) => [probe('partnerY', `/api/partner/brands/${w.rows.brandX}/offers`, "X's offers")],
  },
  'POST /api/partner/brands/:brandId/offers': {
    rows: (w) => ownerOnly(`/api/partner/brands/${w.rows.brandX}/offers`, "X's brand", OWNER_OR_ADMIN, FUTURE_OFFER),
    example: (w) => as('ownerX', `/api/partner/brands/${w.rows.brandX}/offers`, FUTURE_OFFER),
  },
  'PUT /api/partner/offers/:offerId': {
    rows: (w) => ownerOnly(`/api/partner/offers/${w.rows.offerX}`, "X's offer", OWNER_OR_ADMIN, FUTURE_OFFER),
    example: (w) => as('ownerX', `/api/partner/offers/${w.rows.offerX}`, FUTURE_OFFER),
  },
  'POST /api/partner/offers/:offerId/end': {
    rows: (w) => ownerOnly(`/api/partner/offers/${w.rows.offerX}/end`, "X's offer", OWNER_OR_ADMIN),
    example: (w) => as('ownerX', `/api/partner/offers/${w.rows.offerX}/end`),
  },
  'PATCH /api/partner/brands/:brandId/staff/:userId': {
    rows: (w) => [
      {
        actor: 'partnerY',
        url: `/api/partner/brands/${w.rows.brandX}/staff/${w.actors.managerX.id}`,
        payload: { role: 'admin' },
        why: "X's staff",
      },
      {
        actor: 'managerX',
        url: `/api/partner/brands/${w.rows.brandX}/staff/${w.actors.managerX.id}`,
        payload: { role: 'admin' },
        why: 'owner or admin only',
      },
    ],
    example: (w) => ({
      actor: 'ownerX',
      url: `/api/partner/brands/${w.rows.brandX}/staff/${w.actors.managerX.id}`,
      payload: { role: 'site_manager', siteIds: [w.rows.siteX1] },
    }),
  },
  'DELETE /api/partner/brands/:brandId/staff/:userId': {
    rows: (w) => [
      {
        actor: 'partnerY',
        url: `/api/partner/brands/${w.rows.brandX}/staff/${w.actors.managerX.id}`,
        why: "X's staff",
      },
      {
        actor: 'managerX',
        url: `/api/partner/brands/${w.rows.brandX}/staff/${w.actors.ownerX.id}`,
        why: 'owner or admin only',
      },
    ],
  },
  'POST /api/invitations/lookup': {
    rows: TOKEN,
    example: () => as('visitor', '/api/invitations/lookup', { token: 'x'.repeat(43) }),
  },
  'POST /api/invitations/accept': {
    rows: async (w) => {
      const token = await mailedToken(w, '/partner/invite');
      return (['customerA', 'partnerY'] as const).map((actor) =>
        probe(actor, '/api/invitations/accept', 'the invitation names another e-mail', { token }),
      );
    },
    example: () =>
      as('visitor', '/api/invitations/accept', {
        token: 'x'.repeat(43),
        name: 'New Manager',
        password: 'a-long-password',
      }),
  },

  // Menu manager
  'GET /api/partner/sites/:siteId/menu': {
    rows: (w) => siteStaffOnly(w, (site) => `/api/partner/sites/${site}/menu`, "X's menu"),
  },
  'POST /api/partner/sites/:siteId/menu': {
    rows: (w) => siteStaffOnly(w, (site) => `/api/partner/sites/${site}/menu`, "X's site"),
  },
  'POST /api/partner/menus/:menuId/sections': {
    rows: (w) => ownerOnly(`/api/partner/menus/${w.rows.menuX}/sections`, "X's menu", BASE_MENU, { title: 'Spam' }),
    example: (w) => as('ownerX', `/api/partner/menus/${w.rows.menuX}/sections`, { title: 'Grills' }),
  },
  'POST /api/partner/menus/:menuId/quick-sections': {
    rows: (w) => ownerOnly(`/api/partner/menus/${w.rows.menuX}/quick-sections`, "X's menu", BASE_MENU),
  },
  'PUT /api/partner/menus/:menuId/section-order': {
    rows: (w) =>
      ownerOnly(`/api/partner/menus/${w.rows.menuX}/section-order`, "X's menu", BASE_MENU, {
        sectionIds: [w.rows.sectionX],
      }),
    example: (w) => as('ownerX', `/api/partner/menus/${w.rows.menuX}/section-order`, { sectionIds: [w.rows.sectionX] }),
  },
  'PATCH /api/partner/sections/:sectionId': {
    rows: (w) => ownerOnly(`/api/partner/sections/${w.rows.sectionX}`, "X's section", BASE_MENU, { title: 'Hacked' }),
    example: (w) => as('ownerX', `/api/partner/sections/${w.rows.sectionX}`, { title: 'Mains' }),
  },
  'DELETE /api/partner/sections/:sectionId': {
    rows: (w) => ownerOnly(`/api/partner/sections/${w.rows.sectionX}`, "X's section", BASE_MENU),
  },
  'PUT /api/partner/sections/:sectionId/item-order': {
    rows: (w) =>
      ownerOnly(`/api/partner/sections/${w.rows.sectionX}/item-order`, "X's section", BASE_MENU, {
        itemIds: [w.rows.itemX],
      }),
    example: (w) => as('ownerX', `/api/partner/sections/${w.rows.sectionX}/item-order`, { itemIds: [w.rows.itemX] }),
  },
  'POST /api/partner/sections/:sectionId/items': {
    rows: (w) =>
      ownerOnly(`/api/partner/sections/${w.rows.sectionX}/items`, "X's section", BASE_MENU, {
        name: 'Spam',
        priceMinor: 1,
      }),
    example: (w) =>
      as('ownerX', `/api/partner/sections/${w.rows.sectionX}/items`, {
        name: 'Adana Kebab',
        priceMinor: 1150,
        description: 'Spiced lamb',
        allergens: [],
      }),
  },
  'PATCH /api/partner/items/:itemId': {
    rows: (w) => ownerOnly(`/api/partner/items/${w.rows.itemX}`, "X's item", BASE_MENU, { priceMinor: 1 }),
    example: (w) => as('ownerX', `/api/partner/items/${w.rows.itemX}`, { description: 'Chicken, garlic sauce' }),
  },
  'PUT /api/partner/items/:itemId/options': {
    rows: (w) =>
      ownerOnly(`/api/partner/items/${w.rows.itemX}/options`, "X's item", BASE_MENU, {
        groups: [{ name: 'Size', minSelect: 1, maxSelect: 1, options: [{ name: 'Regular', priceMinor: 0 }] }],
      }),
    example: (w) =>
      as('ownerX', `/api/partner/items/${w.rows.itemX}/options`, {
        groups: [
          {
            name: 'Size',
            minSelect: 1,
            maxSelect: 1,
            options: [
              { name: 'Regular', priceMinor: 0 },
              { name: 'Large', priceMinor: 250 },
            ],
          },
        ],
      }),
  },
  'DELETE /api/partner/items/:itemId': {
    rows: (w) => ownerOnly(`/api/partner/items/${w.rows.itemX}`, "X's item", BASE_MENU),
  },
  'PUT /api/partner/sites/:siteId/items/:itemId/override': {
    rows: (w) => {
      const url = (site: string) => `/api/partner/sites/${site}/items/${w.rows.itemX}/override`;
      return [
        probe('partnerY', url(w.rows.siteX1), "X's site", { priceMinor: 1 }),
        probe('partnerY', url(w.rows.siteY), "X's item on Y's site", { priceMinor: 1 }),
        probe('managerX', url(w.rows.siteX2), NOT_RUN, { priceMinor: 1 }),
      ];
    },
    example: (w) =>
      as('managerX', `/api/partner/sites/${w.rows.siteX1}/items/${w.rows.itemX}/override`, {
        isAvailable: null,
        description: 'Today only',
      }),
  },
  // Drivers
  'GET /api/driver/profile': { rows: OWN },
  'POST /api/driver/application': {
    rows: "the caller's own application; documents must be the caller's own uploads (driver.test.ts)",
    example: (w) =>
      as('pendingDriver', '/api/driver/application', {
        firstName: 'Omar',
        lastName: 'Farooq',
        phone: '07700 900789',
        vehicleType: 'bike',
        drivingLicenceNumber: 'FAROO912035OM8KL',
        photoIdUploadId: w.rows.documentUpload,
        rightToWorkUploadId: w.rows.documentUpload,
        acceptTerms: true,
        acceptSafety: true,
      }),
  },
  'PATCH /api/driver/availability': {
    rows: OWN,
    example: () => as('driver', '/api/driver/availability', { isOnline: true }),
  },
  'PATCH /api/driver/postcode': {
    rows: OWN,
    example: () => as('driver', '/api/driver/postcode', { postcode: 'E1 6AN' }),
  },
  'GET /api/driver/earnings': { rows: OWN },
  // The driver's cash balance: the session names the driver; no id in the url to point at another's.
  'GET /api/driver/cash': { rows: OWN },
  'GET /api/driver/payout-details': {
    rows: "the caller's own details only: the route takes no id, so another driver's are unreachable",
  },
  'PUT /api/driver/payout-details': {
    rows: OWN,
    example: () =>
      as('driver', '/api/driver/payout-details', {
        accountName: 'Dan Driver',
        sortCode: '08-99-99',
        accountNumber: '66374958',
      }),
  },
  'PATCH /api/driver/job-radius': { rows: OWN, example: () => as('driver', '/api/driver/job-radius', { miles: 4 }) },
  'PUT /api/driver/board-position': {
    rows: OWN,
    example: () => as('driver', '/api/driver/board-position', { lat: 51.515, lng: -0.0587 }),
  },
  'DELETE /api/driver/board-position': { rows: OWN },
  'POST /api/driver/earnings/cash-out': {
    rows: () => [
      {
        actor: 'otherDriver',
        url: '/api/driver/earnings/cash-out',
        expect: [409],
        why: "pays only the caller's own earnings (the driver's stay unpaid)",
      },
    ],
  },
  'GET /api/driver/jobs': { rows: OWN, example: () => as('driver', '/api/driver/jobs?limit=5') },
  'GET /api/driver/jobs/:jobId': {
    rows: (w) => [probe('otherDriver', `/api/driver/jobs/${w.rows.jobA.id}`, "the driver's job")],
  },
  'POST /api/driver/jobs/:jobId/accept': {
    rows: (w) => [
      {
        actor: 'otherDriver',
        url: jobUrl(w, 'accept'),
        expect: [404, 409],
        why: 'taken by the driver (409 is "Job is no longer available", docs/product/driver.md#jobs-board)',
      },
    ],
  },
  'POST /api/driver/jobs/:jobId/return': {
    rows: (w) => [
      {
        actor: 'otherDriver',
        url: `/api/driver/jobs/${w.rows.jobA.id}/return`,
        payload: { reason: 'too_far' },
        why: "the driver's job",
      },
    ],
    // The other driver's call: it has the shape of a real one but is refused (404), so the
    // hostile-input and mass-assignment runs never take job A off its driver.
    example: (w) => ({
      actor: 'otherDriver',
      url: `/api/driver/jobs/${w.rows.jobA.id}/return`,
      payload: { reason: 'other', note: 'Flat tyre' },
    }),
  },
  'POST /api/driver/jobs/:jobId/arrival': {
    rows: (w) => otherDriversJob(w, 'arrival', { at: 'pickup' }),
    example: (w) => as('driver', jobUrl(w, 'arrival'), { at: 'pickup' }),
  },
  'POST /api/driver/jobs/:jobId/position': {
    rows: (w) => otherDriversJob(w, 'position', { lat: 51.5, lng: -0.07 }, "the driver's job (their live position)"),
    example: (w) => as('driver', jobUrl(w, 'position'), { lat: 51.5, lng: -0.07, accuracyMetres: 20 }),
  },
  'POST /api/driver/jobs/:jobId/verify-code': {
    rows: (w) => otherDriversJob(w, 'verify-code', { code: '1234' }),
    example: (w) => as('driver', jobUrl(w, 'verify-code'), { code: '1234' }),
  },
  'POST /api/driver/jobs/:jobId/complete': {
    rows: (w) => otherDriversJob(w, 'complete', { code: '1234', proofUploadId: w.rows.proofUpload }),
    example: (w) => as('driver', jobUrl(w, 'complete'), { code: '1234', proofUploadId: w.rows.proofUpload }),
  },
  // The dispatcher's offers (docs/decisions/0273-dispatcher-offers-in-the-product.md): another driver's offer is not found.
  'GET /api/driver/offers/current': { rows: OWN },
  'POST /api/driver/offers/:offerId/accept': {
    rows: (w) => [probe('otherDriver', `/api/driver/offers/${w.rows.offerA}/accept`, "the driver's offer")],
    example: (w) => as('driver', `/api/driver/offers/${w.rows.offerA}/accept`),
  },
  'POST /api/driver/offers/:offerId/decline': {
    rows: (w) => [
      probe('otherDriver', `/api/driver/offers/${w.rows.offerA}/decline`, "the driver's offer", { reason: 'too_far' }),
    ],
    example: (w) => as('driver', `/api/driver/offers/${w.rows.offerA}/decline`, { reason: 'too_far' }),
  },
  'GET /api/admin/cities/dispatch-modes': { rows: PLATFORM },
  'PUT /api/admin/cities/:citySlug/dispatch-mode': {
    rows: PLATFORM,
    example: () => as('ops_manager', '/api/admin/cities/london/dispatch-mode', { mode: 'board' }),
  },
  // Back office (every admin sees every tenant: the area policy is the boundary)
  'GET /api/admin/overview': { rows: PLATFORM },
  'GET /api/admin/city-suggestions': { rows: PLATFORM },
  'POST /api/admin/city-suggestions/opened': {
    rows: PLATFORM,
    example: () => as('ops_manager', '/api/admin/city-suggestions/opened', { city: 'Nowhere Town' }),
  },
  'GET /api/admin/profile': { rows: OWN },
  'POST /api/admin/session/touch': { rows: OWN },
  'GET /api/admin/drivers/pending-count': { rows: PLATFORM },
  'GET /api/admin/drivers': {
    rows: PLATFORM,
    example: () => as('ops_manager', '/api/admin/drivers?q=omar'),
  },
  'GET /api/admin/drivers/:driverId/documents': { rows: PLATFORM },
  'GET /api/admin/drivers/:driverId/documents/:kind/preview': { rows: PLATFORM },
  'POST /api/admin/drivers/:driverId/status': {
    rows: PLATFORM,
    example: (w) => as('ops_manager', `/api/admin/drivers/${w.actors.otherDriver.id}/status`, { action: 'suspend' }),
  },
  'GET /api/admin/jobs': { rows: PLATFORM },
  // The dispatch map (docs/decisions/0170-ops-dispatch-map.md): operations only, every job and online driver.
  'GET /api/admin/dispatch': { rows: PLATFORM, example: () => as('ops_manager', '/api/admin/dispatch') },
  'GET /api/admin/payouts': { rows: PLATFORM, example: () => as('finance', '/api/admin/payouts?status=requested') },
  'POST /api/admin/payouts/:payoutId/paid': {
    rows: PLATFORM,
    example: () =>
      as('finance', '/api/admin/payouts/00000000-0000-4000-8000-000000000000/paid', { paymentReference: 'FP-1' }),
  },
  // Platform vouchers (docs/decisions/0253-platform-vouchers.md): finance, operations, super admin.
  'GET /api/admin/vouchers': { rows: PLATFORM, example: () => as('finance', '/api/admin/vouchers') },
  'POST /api/admin/vouchers': {
    rows: PLATFORM,
    example: () =>
      as('finance', '/api/admin/vouchers', { name: 'Matrix', kind: 'amount', amountMinor: 100, budgetMinor: 100 }),
  },
  'POST /api/admin/vouchers/:voucherId/end': {
    rows: PLATFORM,
    example: () => as('finance', '/api/admin/vouchers/00000000-0000-4000-8000-000000000000/end', {}),
  },
  'GET /api/admin/vouchers/:voucherId/usage': {
    rows: PLATFORM,
    example: () => as('finance', '/api/admin/vouchers/00000000-0000-4000-8000-000000000000/usage'),
  },
  'GET /api/admin/settings': { rows: PLATFORM },
  'PUT /api/admin/settings/:key': {
    rows: PLATFORM,
    example: () => as('ops_manager', '/api/admin/settings/support_phone', { value: '020 7946 0000' }),
  },
  'PUT /api/admin/settings': {
    rows: PLATFORM,
    example: () => as('ops_manager', '/api/admin/settings', { settings: { support_phone: '020 7946 0001' } }),
  },
  'GET /api/admin/team': { rows: PLATFORM },
  'GET /api/admin/restaurants': { rows: PLATFORM },
  'GET /api/admin/restaurants/:siteId': { rows: PLATFORM },
  // Reinstating what is not suspended is refused (409) whatever the message: the examples write nothing.
  'POST /api/admin/restaurants/:siteId/review': {
    rows: PLATFORM,
    example: (w) => as('ops_manager', `/api/admin/restaurants/${w.rows.siteY}/review`, { action: 'reinstate' }),
  },
  'POST /api/admin/brands/:brandId/review': {
    rows: PLATFORM,
    example: (w) => as('ops_manager', `/api/admin/brands/${w.rows.brandY}/review`, { action: 'reinstate' }),
  },
  'POST /api/admin/team/invites': {
    rows: PLATFORM,
    example: () =>
      as('ops_manager', '/api/admin/team/invites', {
        fullName: 'Sara Support',
        email: 'sara@example.com',
        role: 'cs_agent',
      }),
  },
  'POST /api/admin/team/invites/:id/revoke': { rows: PLATFORM },
  'POST /api/admin/team/members/:id/status': {
    rows: PLATFORM,
    example: (w) => as('super_admin', `/api/admin/team/members/${w.rows.teamMember}/status`, { isActive: true }),
  },
  'GET /api/platform': { rows: PUBLIC },
  'POST /api/admin/team/members/:id/role': {
    rows: PLATFORM,
    example: (w) => ({
      actor: 'super_admin',
      url: `/api/admin/team/members/${w.rows.teamMember}/role`,
      payload: { role: 'cs_agent' },
    }),
  },
  'POST /api/admin/invitations/lookup': {
    rows: TOKEN,
    example: () => as('visitor', '/api/admin/invitations/lookup', { token: 'x'.repeat(43) }),
  },
  'POST /api/admin/invitations/sign-up': {
    rows: TOKEN,
    example: () =>
      as('visitor', '/api/admin/invitations/sign-up', {
        token: 'x'.repeat(43),
        fullName: 'New Agent',
        password: 'a-long-password',
      }),
  },
  'POST /api/admin/invitations/accept': {
    rows: async (w) => {
      const token = await mailedToken(w, '/admin/invite');
      return [
        probe('customerA', '/api/admin/invitations/accept', 'the invite names another e-mail', { token }),
        probe('driver', '/api/admin/invitations/accept', 'the invite names another e-mail', { token }),
      ];
    },
    example: () => as('customerA', '/api/admin/invitations/accept', { token: 'x'.repeat(43) }),
  },
  'GET /api/admin/tickets': { rows: PLATFORM, example: () => as('cs_agent', '/api/admin/tickets?q=tea') },
  'GET /api/admin/tickets/assignees': { rows: PLATFORM },
  'POST /api/admin/tickets': {
    rows: PLATFORM,
    example: () =>
      as('cs_agent', '/api/admin/tickets', {
        subject: 'Missing naan',
        description: 'Customer called',
        customerEmail: 'customer@halalnosh.test',
      }),
  },
  'GET /api/admin/tickets/:id': { rows: PLATFORM },
  'PATCH /api/admin/tickets/:id': {
    rows: PLATFORM,
    example: (w) => as('cs_agent', `/api/admin/tickets/${w.rows.ticket}`, { priority: 'high' }),
  },
  'POST /api/admin/tickets/:id/messages': {
    rows: PLATFORM,
    example: (w) =>
      as('cs_agent', `/api/admin/tickets/${w.rows.ticket}/messages`, { message: 'We are on it', isInternal: false }),
  },
  // Help: the caller's own requests (customer A raised w.rows.ticket about order A).
  'GET /api/help/tickets': { rows: OWN },
  'GET /api/help/orders': { rows: OWN },
  'POST /api/help/tickets': {
    // Order A is customer A's, delivered by `driver`, at owner X's branch: nobody else may link it.
    rows: (w) =>
      (['customerB', 'partnerY', 'otherDriver'] as const).map((actor) => ({
        actor,
        url: '/api/help/tickets',
        payload: { subject: 'About an order', message: 'Please look at it.', orderNumber: w.rows.orderA.number },
        why: "order A is customer A's, driver's job and owner X's branch's",
      })),
    example: () => ({
      actor: 'customerA',
      url: '/api/help/tickets',
      payload: { subject: 'Card declined?', message: 'I pay cash, but I was asked for a card.' },
    }),
  },
  'GET /api/help/tickets/:id': {
    rows: (w) =>
      (['customerB', 'ownerX', 'otherDriver'] as const).map((actor) => ({
        actor,
        url: `/api/help/tickets/${w.rows.ticket}`,
        why: "customer A's request",
      })),
  },
  'POST /api/help/tickets/:id/messages': {
    rows: (w) =>
      (['customerB', 'ownerX', 'otherDriver'] as const).map((actor) => ({
        actor,
        url: `/api/help/tickets/${w.rows.ticket}/messages`,
        payload: { message: 'Not mine' },
        why: "customer A's request",
      })),
    example: (w) => ({
      actor: 'customerA',
      url: `/api/help/tickets/${w.rows.ticket}/messages`,
      payload: { message: 'Any news?' },
    }),
  },
  'GET /api/admin/reports': {
    rows: PLATFORM,
    example: () => as('finance', '/api/admin/reports?from=2026-01-01&to=2026-01-07'),
  },
  'GET /api/admin/reports/export': {
    rows: PLATFORM,
    example: () => as('finance', '/api/admin/reports/export?from=2026-01-01&to=2026-01-07'),
  },
  'GET /api/admin/finance/reconciliation': {
    rows: PLATFORM,
    example: () => as('finance', '/api/admin/finance/reconciliation?from=2026-01-01&to=2026-01-07'),
  },
  'GET /api/admin/finance/driver-cash': { rows: PLATFORM },
  'POST /api/admin/drivers/:driverId/cash-handins': {
    rows: PLATFORM,
    example: (w) =>
      as('finance', `/api/admin/drivers/${w.actors.otherDriver.id}/cash-handins`, {
        amountMinor: 100,
        requestId: '5f0c1f5e-8d1c-4a3e-9d7b-1c2d3e4f5a6b',
      }),
  },
  // The order console (docs/decisions/0136-admin-order-console.md): every order is the back office's; the
  // areas `orders` (Customer Service included) and `order_actions` are the boundary.
  'GET /api/admin/orders': {
    rows: PLATFORM,
    example: () => ({ actor: 'cs_agent', url: '/api/admin/orders?q=HN&status=PENDING&from=2026-01-01&page=1' }),
  },
  'GET /api/admin/orders/:orderNumber': {
    rows: PLATFORM,
    example: (w) => ({ actor: 'cs_agent', url: `/api/admin/orders/${w.rows.orderA.number}` }),
  },
  'GET /api/admin/orders/:orderNumber/drivers': {
    rows: PLATFORM,
    example: (w) => ({ actor: 'ops_manager', url: `/api/admin/orders/${w.rows.orderA.number}/drivers` }),
  },
  'POST /api/admin/orders/:orderNumber/cancel': {
    rows: PLATFORM,
    // The visitor's order: nothing else in the cast moves it.
    example: (w) => ({
      actor: 'ops_manager',
      url: `/api/admin/orders/${w.rows.visitorOrder.number}/cancel`,
      payload: { reason: 'Restaurant closed early' },
    }),
  },
  'POST /api/admin/orders/:orderNumber/deliver': {
    rows: PLATFORM,
    example: (w) => ({
      actor: 'ops_manager',
      url: `/api/admin/orders/${w.rows.orderA.number}/deliver`,
      payload: { note: "Driver's phone died" },
    }),
  },
  'POST /api/admin/orders/:orderNumber/driver': {
    rows: PLATFORM,
    example: (w) => ({
      actor: 'ops_manager',
      url: `/api/admin/orders/${w.rows.orderAtX2.number}/driver`,
      payload: { driverId: w.actors.otherDriver.id },
    }),
  },
  'POST /api/admin/orders/:orderNumber/driver/unassign': {
    rows: PLATFORM,
    example: (w) => ({
      actor: 'ops_manager',
      url: `/api/admin/orders/${w.rows.orderAtX2.number}/driver/unassign`,
      payload: { reason: 'Driver not answering' },
    }),
  },
  'POST /api/admin/orders/:orderNumber/notes': {
    rows: PLATFORM,
    example: (w) => ({
      actor: 'cs_agent',
      url: `/api/admin/orders/${w.rows.orderA.number}/notes`,
      payload: { body: 'Customer rang about the tea', requestId: '6f1c2b7e-3d4a-4b8c-9e0f-1a2b3c4d5e6f' },
    }),
  },
  'POST /api/admin/orders/:orderNumber/tickets': {
    rows: PLATFORM,
    example: (w) => ({
      actor: 'cs_agent',
      url: `/api/admin/orders/${w.rows.orderA.number}/tickets`,
      payload: {
        subject: 'Missing tea',
        description: 'Customer called',
        priority: 'normal',
        requestId: '7a2d3c8f-4e5b-4c9d-8f10-2b3c4d5e6f70',
      },
    }),
  },
  'POST /api/admin/orders/:orderNumber/tickets/link': {
    rows: PLATFORM,
    example: (w) => ({
      actor: 'cs_agent',
      url: `/api/admin/orders/${w.rows.orderA.number}/tickets/link`,
      payload: { ticketNumber: 'T-1001' },
    }),
  },
  'GET /api/admin/audit': {
    rows: PLATFORM,
    example: () => as('super_admin', '/api/admin/audit?q=x&page=1'),
  },

  // Orders
  'POST /api/orders': {
    rows: "creates the caller's own order (a visitor gets a secret token for it)",
    example: (w) => ({
      actor: 'customerA',
      url: '/api/orders',
      headers: { 'idempotency-key': `example-${Date.now()}-${Math.random()}` },
      payload: {
        siteId: w.rows.siteX1,
        orderType: 'DELIVERY',
        items: [{ menuItemId: w.rows.itemX, quantity: 2 }],
        customerName: 'Aisha Khan',
        customerPhone: '07700 900123',
        deliveryAddress: '12 Commercial Street',
        deliveryPostcode: 'E1 6AN',
        deliveryInstructions: 'Ring twice',
      },
    }),
  },
  'POST /api/orders/quote': {
    rows: "prices a cart from the public menu; reads no one's rows and writes nothing",
    example: (w) => ({
      actor: 'visitor',
      url: '/api/orders/quote',
      payload: { siteId: w.rows.siteX1, orderType: 'PICKUP', items: [{ menuItemId: w.rows.itemX, quantity: 2 }] },
    }),
  },
  // Group orders (docs/product/group-orders.md): membership is checked per group (account or member
  // token), so the probes by strangers, non-members and other groups' members are in
  // src/server/modules/group-orders/group-orders.test.ts; the examples name a group nobody is in.
  'POST /api/group-orders': {
    rows: "creates the caller's own group order at a listed branch",
    example: (w) => as('customerA', '/api/group-orders', { siteId: w.rows.siteX1 }),
  },
  'GET /api/group-orders/join/:linkToken': { rows: GROUP_LINK },
  'POST /api/group-orders/join/:linkToken': {
    rows: GROUP_LINK,
    example: () =>
      as('visitor', '/api/group-orders/join/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', { name: 'Bilal' }),
  },
  'GET /api/group-orders/:groupId': { rows: GROUP_MEMBERS },
  'POST /api/group-orders/:groupId/lines': {
    rows: GROUP_MEMBERS,
    example: (w) =>
      as('customerA', '/api/group-orders/00000000-0000-7000-8000-000000000001/lines', {
        menuItemId: w.rows.itemX,
        quantity: 1,
      }),
  },
  'PATCH /api/group-orders/:groupId/lines/:lineId': {
    rows: GROUP_MEMBERS,
    example: () =>
      as(
        'customerA',
        '/api/group-orders/00000000-0000-7000-8000-000000000001/lines/00000000-0000-7000-8000-000000000002',
        { quantity: 2 },
      ),
  },
  'DELETE /api/group-orders/:groupId/lines/:lineId': { rows: GROUP_MEMBERS },
  'POST /api/group-orders/:groupId/lock': {
    rows: GROUP_MEMBERS,
    example: () => as('customerA', '/api/group-orders/00000000-0000-7000-8000-000000000001/lock', { locked: true }),
  },
  'POST /api/group-orders/:groupId/cancel': { rows: GROUP_MEMBERS },
  'POST /api/group-orders/:groupId/reset-link': { rows: GROUP_MEMBERS },
  'POST /api/group-orders/:groupId/checkout': {
    rows: GROUP_MEMBERS,
    example: () =>
      as('customerA', '/api/group-orders/00000000-0000-7000-8000-000000000001/checkout', {
        customerName: 'Aisha Khan',
        customerPhone: '07700 900123',
        deliveryAddress: '12 Commercial Street',
        deliveryPostcode: 'E1 6AN',
      }),
  },
  'GET /api/sites/:siteId/slots': {
    rows: PUBLIC,
    example: (w) => as('visitor', `/api/sites/${w.rows.siteX1}/slots`),
  },
  'GET /api/sites/:siteId/delivers-to': {
    rows: PUBLIC,
    example: (w) => as('visitor', `/api/sites/${w.rows.siteX1}/delivers-to?postcode=E1%206AN`),
  },
  'GET /api/orders/:orderNumber': { rows: (w) => strangersOfOrderA(w, orderUrl(w)) },
  'POST /api/orders/:orderNumber/reorder': { rows: (w) => strangersOfOrderA(w, `${orderUrl(w)}/reorder`) },
  'POST /api/orders/:orderNumber/report': {
    rows: (w) => strangersOfOrderA(w, `${orderUrl(w)}/report`, { description: 'Not my order' }),
    example: (w) => as('customerA', `${orderUrl(w)}/report`, { description: 'Driver was lovely' }),
  },
  'POST /api/orders/:orderNumber/cancel': {
    rows: (w) => strangersOfOrderA(w, `${orderUrl(w)}/cancel`, { reason: 'Not my order' }),
    // Order A is accepted: the example is refused by the state machine (409) and changes nothing.
    example: (w) => as('customerA', `${orderUrl(w)}/cancel`, { reason: 'Ordered by mistake' }),
  },
  'POST /api/orders/:orderNumber/cancel-request': {
    rows: (w) => strangersOfOrderA(w, `${orderUrl(w)}/cancel-request`, { reason: 'Not my order' }),
    example: (w) => as('customerA', `${orderUrl(w)}/cancel-request`, { reason: 'Ordered by mistake' }),
  },
  'POST /api/orders/:orderNumber/switch-to-pickup': {
    rows: (w) => strangersOfOrderA(w, `${orderUrl(w)}/switch-to-pickup`, {}),
    // Order A has its driver: not in the no-driver state, so the example is refused (409) and changes nothing.
    example: (w) => ({ actor: 'customerA', url: `${orderUrl(w)}/switch-to-pickup`, payload: {} }),
  },
  'POST /api/orders/:orderNumber/rating': {
    rows: (w) => strangersOfOrderA(w, `${orderUrl(w)}/rating`, { rating: 1, tipMinor: 0 }),
    example: (w) => as('customerA', `${orderUrl(w)}/rating`, { rating: 5, comment: 'Great' }),
  },
  'POST /api/partner/orders/:orderId/actions': {
    rows: (w) => [
      probe('partnerY', `/api/partner/orders/${w.rows.orderA.id}/actions`, "X's order", { action: 'start_preparing' }),
      probe('managerX', `/api/partner/orders/${w.rows.orderAtX2.id}/actions`, 'an order at X2', {
        action: 'accept',
        prepTimeMinutes: 20,
      }),
    ],
    example: (w) =>
      as('ownerX', `/api/partner/orders/${w.rows.orderAtX2.id}/actions`, { action: 'accept', prepTimeMinutes: 20 }),
  },

  // Halal trust (docs/decisions/0070-halal-trust.md)
  'GET /api/partner/sites/:siteId/halal': {
    rows: (w) => siteStaffOnly(w, (site) => `/api/partner/sites/${site}/halal`, "X's site"),
  },
  'POST /api/partner/sites/:siteId/halal/certificates': {
    rows: (w) =>
      siteStaffOnly(w, (site) => `/api/partner/sites/${site}/halal/certificates`, "X's site", certificate(w)),
    example: (w) => as('ownerX', `/api/partner/sites/${w.rows.siteX1}/halal/certificates`, certificate(w)),
  },
  'PUT /api/partner/sites/:siteId/halal/facts': {
    rows: (w) => siteStaffOnly(w, (site) => `/api/partner/sites/${site}/halal/facts`, "X's site", facts()),
    example: (w) => as('ownerX', `/api/partner/sites/${w.rows.siteX1}/halal/facts`, facts()),
  },
  'GET /api/admin/halal/certificates': {
    rows: PLATFORM,
    example: () => as('ops_manager', '/api/admin/halal/certificates?status=all'),
  },
  'GET /api/admin/halal/certificates/:certificateId': { rows: PLATFORM },
  'GET /api/admin/halal/certificates/:certificateId/preview': { rows: PLATFORM },
  'POST /api/admin/halal/certificates/:certificateId/approve': { rows: PLATFORM },
  'POST /api/admin/halal/certificates/:certificateId/reject': {
    rows: PLATFORM,
    example: () =>
      as('ops_manager', '/api/admin/halal/certificates/00000000-0000-4000-8000-000000000000/reject', {
        reason: 'Expired document',
      }),
  },
  'GET /api/admin/halal/sites/:siteId': { rows: PLATFORM },
  'GET /api/admin/halal/tickets/:ticketId/site': { rows: PLATFORM },
  'POST /api/admin/halal/sites/:siteId/suspend': {
    rows: PLATFORM,
    example: (w) =>
      as('ops_manager', `/api/admin/halal/sites/${w.rows.siteX2}/suspend`, { reason: 'Concern under review' }),
  },
  'POST /api/admin/halal/sites/:siteId/reinstate': {
    rows: PLATFORM,
    example: (w) =>
      as('ops_manager', `/api/admin/halal/sites/${w.rows.siteX2}/reinstate`, { reason: 'Concern resolved' }),
  },
  'GET /api/restaurants/:slug/halal': {
    rows: PUBLIC,
    example: (w) => as('visitor', `/api/restaurants/${w.shop.site.slug}/halal`),
  },
  'POST /api/restaurants/:slug/halal-concerns': {
    rows: 'anyone may raise a concern about a restaurant',
    example: (w) =>
      as('visitor', `/api/restaurants/${w.shop.site.slug}/halal-concerns`, {
        message: 'The menu says pork sausage?',
        email: 'worried@example.com',
      }),
  },
  'POST /api/orders/:orderNumber/halal-concerns': {
    rows: (w) => strangersOfOrderA(w, `${orderUrl(w)}/halal-concerns`, { message: 'This is not my order at all' }),
    example: (w) => as('customerA', `${orderUrl(w)}/halal-concerns`, { message: 'The chicken did not seem halal' }),
  },

  // Catalogue and reviews
  'GET /api/cities': { rows: PUBLIC },
  'GET /api/cities/:slug': { rows: PUBLIC, example: () => as('visitor', '/api/cities/london') },
  'POST /api/city-suggestions': {
    rows: 'anyone may suggest a city',
    example: () => as('visitor', '/api/city-suggestions', { city: 'Bradford', email: 'fan@example.com' }),
  },
  'GET /api/restaurants/search': {
    rows: PUBLIC,
    example: () =>
      as('visitor', '/api/restaurants/search?location=E1%206AN&cuisine=all&filters=open&limit=10&offset=0'),
  },
  'GET /api/restaurants/:slug': {
    rows: PUBLIC,
    example: (w) => as('visitor', `/api/restaurants/${w.shop.site.slug}`),
  },
  'GET /api/restaurants/:siteId/reviews': {
    rows: PUBLIC,
    example: (w) => as('visitor', `/api/restaurants/${w.rows.siteX1}/reviews?limit=5&offset=0`),
  },
  'GET /api/restaurants/:siteId/reviews/mine': {
    rows: "the id names the restaurant; the review read is always the caller's own",
  },
  'PUT /api/restaurants/:siteId/reviews/mine': {
    rows: "the id names the restaurant; the review written is always the caller's own (another customer's review is checked unchanged in the matrix test)",
    example: (w) =>
      as('customerB', `/api/restaurants/${w.rows.siteX1}/reviews/mine`, { rating: 4, comment: 'Good tea' }),
  },
};

/** The key of a route in the table. */
export const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
