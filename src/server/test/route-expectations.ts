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
    example: () => ({
      actor: 'visitor',
      url: '/api/auth/sign-up/email',
      payload: { name: 'New Person', email: 'new.person@example.com', password: 'a-long-password' },
    }),
  },
  'GET /api/health': { rows: PUBLIC },
  'GET /api/docs': { rows: PUBLIC, optional: true },
  'GET /api/me': { rows: OWN },
  'GET /api/dev/mail': { rows: 'demo mode only (never in production); not registered in tests', optional: true },
  'GET /api/events': {
    rows: (w) => [
      { actor: 'customerB', url: `/api/events?topics=order:${w.rows.orderA.id}`, why: "another customer's order" },
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
      { actor: 'partnerY', url: `/api/events?topics=site:${w.rows.siteX1}`, why: "another brand's site" },
      { actor: 'managerX', url: `/api/events?topics=site:${w.rows.siteX2}`, why: 'a site the manager does not run' },
      { actor: 'otherDriver', url: `/api/events?topics=user:${w.actors.driver.id}`, why: "another user's topic" },
      { actor: 'driver', url: '/api/events?topics=jobs:W', why: 'jobs of another area' },
      { actor: 'pendingDriver', url: '/api/events?topics=jobs:E', why: 'jobs before approval' },
      { actor: 'customerA', url: '/api/events?topics=admin', why: 'back-office topic' },
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
  'GET /api/account/orders': {
    rows: OWN,
    example: () => ({ actor: 'customerA', url: '/api/account/orders?limit=5&offset=0' }),
  },
  'GET /api/account/addresses': { rows: OWN },
  'POST /api/account/addresses': {
    rows: OWN,
    example: () => ({
      actor: 'customerA',
      url: '/api/account/addresses',
      payload: {
        label: 'Work',
        addressLine1: '1 Brick Lane',
        city: 'London',
        postcode: 'E1 6QL',
        deliveryInstructions: 'Reception',
      },
    }),
  },
  'PATCH /api/account/addresses/:id': {
    rows: (w) => [
      {
        actor: 'customerB',
        url: `/api/account/addresses/${w.rows.addressA}`,
        payload: { label: 'Mine now' },
        why: "A's address",
      },
    ],
    example: (w) => ({
      actor: 'customerA',
      url: `/api/account/addresses/${w.rows.addressA}`,
      payload: { label: 'Home sweet home' },
    }),
  },
  'DELETE /api/account/addresses/:id': {
    rows: (w) => [{ actor: 'customerB', url: `/api/account/addresses/${w.rows.addressA}`, why: "A's address" }],
    example: (w) => ({ actor: 'customerA', url: `/api/account/addresses/${w.rows.addressA}` }),
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
    example: () => ({
      actor: 'ownerX',
      url: '/api/partner/brands',
      payload: { name: 'Kervan Express', description: 'Grill', phone: '020 7946 0102' },
    }),
  },
  'GET /api/partner/brands/:brandId': {
    rows: (w) => [{ actor: 'partnerY', url: `/api/partner/brands/${w.rows.brandX}`, why: "X's brand" }],
  },
  'PATCH /api/partner/brands/:brandId': {
    rows: (w) => [
      {
        actor: 'partnerY',
        url: `/api/partner/brands/${w.rows.brandX}`,
        payload: { name: 'Taken over' },
        why: "X's brand",
      },
      {
        actor: 'managerX',
        url: `/api/partner/brands/${w.rows.brandX}`,
        payload: { name: 'Taken over' },
        why: 'brand-level action by a site manager',
      },
    ],
    example: (w) => ({
      actor: 'ownerX',
      url: `/api/partner/brands/${w.rows.brandX}`,
      payload: { description: 'Charcoal grill since 1999' },
    }),
  },
  'GET /api/partner/dashboard': {
    rows: (w) => [
      { actor: 'partnerY', url: `/api/partner/dashboard?siteId=${w.rows.siteX1}`, why: "X's site" },
      {
        actor: 'managerX',
        url: `/api/partner/dashboard?siteId=${w.rows.siteX2}`,
        why: 'a site the manager does not run',
      },
    ],
    example: (w) => ({ actor: 'ownerX', url: `/api/partner/dashboard?siteId=${w.rows.siteX1}` }),
  },
  'POST /api/partner/brands/:brandId/sites': {
    rows: (w) => [
      {
        actor: 'partnerY',
        url: `/api/partner/brands/${w.rows.brandX}/sites`,
        payload: { name: 'Pop-up', address: '3 Mile End Road', city: 'London', postcode: 'E1 4UJ' },
        why: "X's brand",
      },
      {
        actor: 'managerX',
        url: `/api/partner/brands/${w.rows.brandX}/sites`,
        payload: { name: 'Pop-up', address: '3 Mile End Road', city: 'London', postcode: 'E1 4UJ' },
        why: 'owner or admin only',
      },
    ],
    example: (w) => ({
      actor: 'ownerX',
      url: `/api/partner/brands/${w.rows.brandX}/sites`,
      payload: { name: 'Mile End', address: '3 Mile End Road', city: 'London', postcode: 'E1 4UJ' },
    }),
  },
  'GET /api/partner/sites/:siteId': {
    rows: (w) => [
      { actor: 'partnerY', url: `/api/partner/sites/${w.rows.siteX1}`, why: "X's site" },
      { actor: 'managerX', url: `/api/partner/sites/${w.rows.siteX2}`, why: 'a site the manager does not run' },
    ],
  },
  'PATCH /api/partner/sites/:siteId': {
    rows: (w) => [
      { actor: 'partnerY', url: `/api/partner/sites/${w.rows.siteX1}`, payload: { isOpen: false }, why: "X's site" },
      {
        actor: 'managerX',
        url: `/api/partner/sites/${w.rows.siteX2}`,
        payload: { isOpen: false },
        why: 'a site the manager does not run',
      },
    ],
    example: (w) => ({
      actor: 'managerX',
      url: `/api/partner/sites/${w.rows.siteX1}`,
      payload: { description: 'Open late', busyExtraMinutes: 0 },
    }),
  },
  'DELETE /api/partner/sites/:siteId': {
    rows: (w) => [
      { actor: 'partnerY', url: `/api/partner/sites/${w.rows.siteX1}`, why: "X's site" },
      { actor: 'managerX', url: `/api/partner/sites/${w.rows.siteX2}`, why: 'a site the manager does not run' },
      { actor: 'managerX', url: `/api/partner/sites/${w.rows.siteX1}`, why: 'only an owner or admin deletes' },
    ],
  },
  'GET /api/partner/sites/:siteId/orders': {
    rows: (w) => [
      { actor: 'partnerY', url: `/api/partner/sites/${w.rows.siteX1}/orders`, why: "X's orders" },
      { actor: 'managerX', url: `/api/partner/sites/${w.rows.siteX2}/orders`, why: 'a site the manager does not run' },
    ],
  },
  'POST /api/partner/orders/:orderId/hand-over': {
    rows: (w) => [
      {
        actor: 'partnerY',
        url: `/api/partner/orders/${w.rows.orderA.id}/hand-over`,
        payload: { pickupCode: w.rows.jobA.pickupCode },
        why: "X's order",
      },
      {
        actor: 'managerX',
        url: `/api/partner/orders/${w.rows.orderAtX2.id}/hand-over`,
        payload: { pickupCode: '0000' },
        why: 'an order at X2',
      },
    ],
    example: (w) => ({
      actor: 'ownerX',
      url: `/api/partner/orders/${w.rows.orderA.id}/hand-over`,
      payload: { pickupCode: w.rows.jobA.pickupCode },
    }),
  },
  'GET /api/partner/brands/:brandId/invitations': {
    rows: (w) => [
      { actor: 'partnerY', url: `/api/partner/brands/${w.rows.brandX}/invitations`, why: "X's invitations" },
      { actor: 'managerX', url: `/api/partner/brands/${w.rows.brandX}/invitations`, why: 'owner or admin only' },
    ],
  },
  'POST /api/partner/brands/:brandId/invitations': {
    rows: (w) => [
      {
        actor: 'partnerY',
        url: `/api/partner/brands/${w.rows.brandX}/invitations`,
        payload: { email: 'spy@example.com', role: 'admin' },
        why: "X's brand",
      },
      {
        actor: 'managerX',
        url: `/api/partner/brands/${w.rows.brandX}/invitations`,
        payload: { email: 'friend@example.com', role: 'admin' },
        why: 'owner or admin only',
      },
    ],
    example: (w) => ({
      actor: 'ownerX',
      url: `/api/partner/brands/${w.rows.brandX}/invitations`,
      payload: { email: 'chef@example.com', role: 'site_manager', siteIds: [w.rows.siteX1] },
    }),
  },
  'DELETE /api/partner/invitations/:invitationId': {
    rows: (w) => [
      { actor: 'partnerY', url: `/api/partner/invitations/${w.rows.invitationX}`, why: "X's invitation" },
      { actor: 'managerX', url: `/api/partner/invitations/${w.rows.invitationX}`, why: 'owner or admin only' },
    ],
  },
  'GET /api/partner/brands/:brandId/staff': {
    rows: (w) => [
      { actor: 'partnerY', url: `/api/partner/brands/${w.rows.brandX}/staff`, why: "X's staff" },
      { actor: 'managerX', url: `/api/partner/brands/${w.rows.brandX}/staff`, why: 'owner or admin only' },
    ],
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
    example: () => ({ actor: 'visitor', url: '/api/invitations/lookup', payload: { token: 'x'.repeat(43) } }),
  },
  'POST /api/invitations/accept': {
    rows: async (w) => {
      const token = await mailedToken(w, '/partner/invite');
      return [
        {
          actor: 'customerA',
          url: '/api/invitations/accept',
          payload: { token },
          why: 'the invitation names another e-mail',
        },
        {
          actor: 'partnerY',
          url: '/api/invitations/accept',
          payload: { token },
          why: 'the invitation names another e-mail',
        },
      ];
    },
    example: () => ({
      actor: 'visitor',
      url: '/api/invitations/accept',
      payload: { token: 'x'.repeat(43), name: 'New Manager', password: 'a-long-password' },
    }),
  },

  // Menu manager
  'GET /api/partner/sites/:siteId/menu': {
    rows: (w) => [
      { actor: 'partnerY', url: `/api/partner/sites/${w.rows.siteX1}/menu`, why: "X's menu" },
      { actor: 'managerX', url: `/api/partner/sites/${w.rows.siteX2}/menu`, why: 'a site the manager does not run' },
    ],
  },
  'POST /api/partner/sites/:siteId/menu': {
    rows: (w) => [
      { actor: 'partnerY', url: `/api/partner/sites/${w.rows.siteX1}/menu`, why: "X's site" },
      { actor: 'managerX', url: `/api/partner/sites/${w.rows.siteX2}/menu`, why: 'a site the manager does not run' },
    ],
  },
  'POST /api/partner/menus/:menuId/sections': {
    rows: (w) => [
      {
        actor: 'partnerY',
        url: `/api/partner/menus/${w.rows.menuX}/sections`,
        payload: { title: 'Spam' },
        why: "X's menu",
      },
      {
        actor: 'managerX',
        url: `/api/partner/menus/${w.rows.menuX}/sections`,
        payload: { title: 'Spam' },
        why: "the base menu is the owner's",
      },
    ],
    example: (w) => ({
      actor: 'ownerX',
      url: `/api/partner/menus/${w.rows.menuX}/sections`,
      payload: { title: 'Grills' },
    }),
  },
  'POST /api/partner/menus/:menuId/quick-sections': {
    rows: (w) => [
      { actor: 'partnerY', url: `/api/partner/menus/${w.rows.menuX}/quick-sections`, why: "X's menu" },
      {
        actor: 'managerX',
        url: `/api/partner/menus/${w.rows.menuX}/quick-sections`,
        why: "the base menu is the owner's",
      },
    ],
  },
  'PUT /api/partner/menus/:menuId/section-order': {
    rows: (w) => [
      {
        actor: 'partnerY',
        url: `/api/partner/menus/${w.rows.menuX}/section-order`,
        payload: { sectionIds: [w.rows.sectionX] },
        why: "X's menu",
      },
      {
        actor: 'managerX',
        url: `/api/partner/menus/${w.rows.menuX}/section-order`,
        payload: { sectionIds: [w.rows.sectionX] },
        why: "the base menu is the owner's",
      },
    ],
    example: (w) => ({
      actor: 'ownerX',
      url: `/api/partner/menus/${w.rows.menuX}/section-order`,
      payload: { sectionIds: [w.rows.sectionX] },
    }),
  },
  'PATCH /api/partner/sections/:sectionId': {
    rows: (w) => [
      {
        actor: 'partnerY',
        url: `/api/partner/sections/${w.rows.sectionX}`,
        payload: { title: 'Hacked' },
        why: "X's section",
      },
      {
        actor: 'managerX',
        url: `/api/partner/sections/${w.rows.sectionX}`,
        payload: { title: 'Hacked' },
        why: "the base menu is the owner's",
      },
    ],
    example: (w) => ({ actor: 'ownerX', url: `/api/partner/sections/${w.rows.sectionX}`, payload: { title: 'Mains' } }),
  },
  'DELETE /api/partner/sections/:sectionId': {
    rows: (w) => [
      { actor: 'partnerY', url: `/api/partner/sections/${w.rows.sectionX}`, why: "X's section" },
      { actor: 'managerX', url: `/api/partner/sections/${w.rows.sectionX}`, why: "the base menu is the owner's" },
    ],
  },
  'PUT /api/partner/sections/:sectionId/item-order': {
    rows: (w) => [
      {
        actor: 'partnerY',
        url: `/api/partner/sections/${w.rows.sectionX}/item-order`,
        payload: { itemIds: [w.rows.itemX] },
        why: "X's section",
      },
      {
        actor: 'managerX',
        url: `/api/partner/sections/${w.rows.sectionX}/item-order`,
        payload: { itemIds: [w.rows.itemX] },
        why: "the base menu is the owner's",
      },
    ],
    example: (w) => ({
      actor: 'ownerX',
      url: `/api/partner/sections/${w.rows.sectionX}/item-order`,
      payload: { itemIds: [w.rows.itemX] },
    }),
  },
  'POST /api/partner/sections/:sectionId/items': {
    rows: (w) => [
      {
        actor: 'partnerY',
        url: `/api/partner/sections/${w.rows.sectionX}/items`,
        payload: { name: 'Spam', priceMinor: 1 },
        why: "X's section",
      },
      {
        actor: 'managerX',
        url: `/api/partner/sections/${w.rows.sectionX}/items`,
        payload: { name: 'Spam', priceMinor: 1 },
        why: "the base menu is the owner's",
      },
    ],
    example: (w) => ({
      actor: 'ownerX',
      url: `/api/partner/sections/${w.rows.sectionX}/items`,
      payload: { name: 'Adana Kebab', priceMinor: 1150, description: 'Spiced lamb', allergens: [] },
    }),
  },
  'PATCH /api/partner/items/:itemId': {
    rows: (w) => [
      { actor: 'partnerY', url: `/api/partner/items/${w.rows.itemX}`, payload: { priceMinor: 1 }, why: "X's item" },
      {
        actor: 'managerX',
        url: `/api/partner/items/${w.rows.itemX}`,
        payload: { priceMinor: 1 },
        why: "the base menu is the owner's",
      },
    ],
    example: (w) => ({
      actor: 'ownerX',
      url: `/api/partner/items/${w.rows.itemX}`,
      payload: { description: 'Chicken, garlic sauce' },
    }),
  },
  'DELETE /api/partner/items/:itemId': {
    rows: (w) => [
      { actor: 'partnerY', url: `/api/partner/items/${w.rows.itemX}`, why: "X's item" },
      { actor: 'managerX', url: `/api/partner/items/${w.rows.itemX}`, why: "the base menu is the owner's" },
    ],
  },
  'PUT /api/partner/sites/:siteId/items/:itemId/override': {
    rows: (w) => [
      {
        actor: 'partnerY',
        url: `/api/partner/sites/${w.rows.siteX1}/items/${w.rows.itemX}/override`,
        payload: { priceMinor: 1 },
        why: "X's site",
      },
      {
        actor: 'partnerY',
        url: `/api/partner/sites/${w.rows.siteY}/items/${w.rows.itemX}/override`,
        payload: { priceMinor: 1 },
        why: "X's item on Y's site",
      },
      {
        actor: 'managerX',
        url: `/api/partner/sites/${w.rows.siteX2}/items/${w.rows.itemX}/override`,
        payload: { priceMinor: 1 },
        why: 'a site the manager does not run',
      },
    ],
    example: (w) => ({
      actor: 'managerX',
      url: `/api/partner/sites/${w.rows.siteX1}/items/${w.rows.itemX}/override`,
      payload: { isAvailable: null, description: 'Today only' },
    }),
  },

  // Drivers
  'GET /api/driver/profile': { rows: OWN },
  'POST /api/driver/application': {
    rows: "the caller's own application; documents must be the caller's own uploads (driver.test.ts)",
    example: (w) => ({
      actor: 'pendingDriver',
      url: '/api/driver/application',
      payload: {
        firstName: 'Omar',
        lastName: 'Farooq',
        phone: '07700 900789',
        vehicleType: 'bike',
        drivingLicenceNumber: 'FAROO912035OM8KL',
        photoIdUploadId: w.rows.documentUpload,
        rightToWorkUploadId: w.rows.documentUpload,
        acceptTerms: true,
        acceptSafety: true,
      },
    }),
  },
  'PATCH /api/driver/availability': {
    rows: OWN,
    example: () => ({ actor: 'driver', url: '/api/driver/availability', payload: { isOnline: true } }),
  },
  'PATCH /api/driver/postcode': {
    rows: OWN,
    example: () => ({ actor: 'driver', url: '/api/driver/postcode', payload: { postcode: 'E1 6AN' } }),
  },
  'GET /api/driver/earnings': { rows: OWN },
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
  'GET /api/driver/jobs': { rows: OWN, example: () => ({ actor: 'driver', url: '/api/driver/jobs?limit=5' }) },
  'GET /api/driver/jobs/:jobId': {
    rows: (w) => [{ actor: 'otherDriver', url: `/api/driver/jobs/${w.rows.jobA.id}`, why: "the driver's job" }],
  },
  'POST /api/driver/jobs/:jobId/accept': {
    rows: (w) => [
      {
        actor: 'otherDriver',
        url: `/api/driver/jobs/${w.rows.jobA.id}/accept`,
        expect: [404, 409],
        why: 'taken by the driver (409 is the spec\'s "no longer available")',
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
    rows: (w) => [
      {
        actor: 'otherDriver',
        url: `/api/driver/jobs/${w.rows.jobA.id}/arrival`,
        payload: { at: 'pickup' },
        why: "the driver's job",
      },
    ],
    example: (w) => ({ actor: 'driver', url: `/api/driver/jobs/${w.rows.jobA.id}/arrival`, payload: { at: 'pickup' } }),
  },
  'POST /api/driver/jobs/:jobId/position': {
    rows: (w) => [
      {
        actor: 'otherDriver',
        url: `/api/driver/jobs/${w.rows.jobA.id}/position`,
        payload: { lat: 51.5, lng: -0.07 },
        why: "the driver's job (their live position)",
      },
    ],
    example: (w) => ({
      actor: 'driver',
      url: `/api/driver/jobs/${w.rows.jobA.id}/position`,
      payload: { lat: 51.5, lng: -0.07, accuracyMetres: 20 },
    }),
  },
  'POST /api/driver/jobs/:jobId/verify-code': {
    rows: (w) => [
      {
        actor: 'otherDriver',
        url: `/api/driver/jobs/${w.rows.jobA.id}/verify-code`,
        payload: { code: '1234' },
        why: "the driver's job",
      },
    ],
    example: (w) => ({
      actor: 'driver',
      url: `/api/driver/jobs/${w.rows.jobA.id}/verify-code`,
      payload: { code: '1234' },
    }),
  },
  'POST /api/driver/jobs/:jobId/complete': {
    rows: (w) => [
      {
        actor: 'otherDriver',
        url: `/api/driver/jobs/${w.rows.jobA.id}/complete`,
        payload: { code: '1234', proofUploadId: w.rows.proofUpload },
        why: "the driver's job",
      },
    ],
    example: (w) => ({
      actor: 'driver',
      url: `/api/driver/jobs/${w.rows.jobA.id}/complete`,
      payload: { code: '1234', proofUploadId: w.rows.proofUpload },
    }),
  },

  // Back office (every admin sees every tenant: the area policy is the boundary)
  'GET /api/admin/overview': { rows: PLATFORM },
  'GET /api/admin/city-suggestions': { rows: PLATFORM },
  'GET /api/admin/profile': { rows: OWN },
  'POST /api/admin/session/touch': { rows: OWN },
  'GET /api/admin/drivers/pending-count': { rows: PLATFORM },
  'GET /api/admin/drivers': {
    rows: PLATFORM,
    example: () => ({ actor: 'ops_manager', url: '/api/admin/drivers?q=omar' }),
  },
  'GET /api/admin/drivers/:driverId/documents': { rows: PLATFORM },
  'GET /api/admin/drivers/:driverId/documents/:kind/preview': { rows: PLATFORM },
  'POST /api/admin/drivers/:driverId/status': {
    rows: PLATFORM,
    example: (w) => ({
      actor: 'ops_manager',
      url: `/api/admin/drivers/${w.actors.otherDriver.id}/status`,
      payload: { action: 'suspend' },
    }),
  },
  'GET /api/admin/jobs': { rows: PLATFORM },
  'GET /api/admin/settings': { rows: PLATFORM },
  'PUT /api/admin/settings/:key': {
    rows: PLATFORM,
    example: () => ({
      actor: 'ops_manager',
      url: '/api/admin/settings/support_phone',
      payload: { value: '020 7946 0000' },
    }),
  },
  'PUT /api/admin/settings': {
    rows: PLATFORM,
    example: () => ({
      actor: 'ops_manager',
      url: '/api/admin/settings',
      payload: { settings: { support_phone: '020 7946 0001' } },
    }),
  },
  'GET /api/admin/team': { rows: PLATFORM },
  'POST /api/admin/team/invites': {
    rows: PLATFORM,
    example: () => ({
      actor: 'ops_manager',
      url: '/api/admin/team/invites',
      payload: { fullName: 'Sara Support', email: 'sara@example.com', role: 'cs_agent' },
    }),
  },
  'POST /api/admin/team/invites/:id/revoke': { rows: PLATFORM },
  'POST /api/admin/team/members/:id/status': {
    rows: PLATFORM,
    example: (w) => ({
      actor: 'super_admin',
      url: `/api/admin/team/members/${w.rows.teamMember}/status`,
      payload: { isActive: true },
    }),
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
    example: () => ({ actor: 'visitor', url: '/api/admin/invitations/lookup', payload: { token: 'x'.repeat(43) } }),
  },
  'POST /api/admin/invitations/sign-up': {
    rows: TOKEN,
    example: () => ({
      actor: 'visitor',
      url: '/api/admin/invitations/sign-up',
      payload: { token: 'x'.repeat(43), fullName: 'New Agent', password: 'a-long-password' },
    }),
  },
  'POST /api/admin/invitations/accept': {
    rows: async (w) => {
      const token = await mailedToken(w, '/admin/invite');
      return [
        {
          actor: 'customerA',
          url: '/api/admin/invitations/accept',
          payload: { token },
          why: 'the invite names another e-mail',
        },
        {
          actor: 'driver',
          url: '/api/admin/invitations/accept',
          payload: { token },
          why: 'the invite names another e-mail',
        },
      ];
    },
    example: () => ({ actor: 'customerA', url: '/api/admin/invitations/accept', payload: { token: 'x'.repeat(43) } }),
  },
  'GET /api/admin/tickets': { rows: PLATFORM, example: () => ({ actor: 'cs_agent', url: '/api/admin/tickets?q=tea' }) },
  'GET /api/admin/tickets/assignees': { rows: PLATFORM },
  'POST /api/admin/tickets': {
    rows: PLATFORM,
    example: () => ({
      actor: 'cs_agent',
      url: '/api/admin/tickets',
      payload: { subject: 'Missing naan', description: 'Customer called', customerEmail: 'customer@halalnosh.test' },
    }),
  },
  'GET /api/admin/tickets/:id': { rows: PLATFORM },
  'PATCH /api/admin/tickets/:id': {
    rows: PLATFORM,
    example: (w) => ({ actor: 'cs_agent', url: `/api/admin/tickets/${w.rows.ticket}`, payload: { priority: 'high' } }),
  },
  'POST /api/admin/tickets/:id/messages': {
    rows: PLATFORM,
    example: (w) => ({
      actor: 'cs_agent',
      url: `/api/admin/tickets/${w.rows.ticket}/messages`,
      payload: { message: 'We are on it', isInternal: false },
    }),
  },
  // Help: the caller's own requests (customer A raised w.rows.ticket about order A).
  'GET /api/help/tickets': { rows: OWN },
  'POST /api/help/tickets': {
    rows: 'creates a request the caller owns; a linked order must be their own',
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
    example: () => ({ actor: 'finance', url: '/api/admin/reports?from=2026-01-01&to=2026-01-07' }),
  },
  'GET /api/admin/reports/export': {
    rows: PLATFORM,
    example: () => ({ actor: 'finance', url: '/api/admin/reports/export?from=2026-01-01&to=2026-01-07' }),
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
    example: () => ({ actor: 'super_admin', url: '/api/admin/audit?q=x&page=1' }),
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
  'GET /api/orders/:orderNumber': { rows: (w) => strangersOfOrderA(w, orderUrl(w)) },
  'POST /api/orders/:orderNumber/reorder': { rows: (w) => strangersOfOrderA(w, `${orderUrl(w)}/reorder`) },
  'POST /api/orders/:orderNumber/report': {
    rows: (w) => strangersOfOrderA(w, `${orderUrl(w)}/report`, { description: 'Not my order' }),
    example: (w) => ({
      actor: 'customerA',
      url: `${orderUrl(w)}/report`,
      payload: { description: 'Driver was lovely' },
    }),
  },
  'POST /api/orders/:orderNumber/cancel': {
    rows: (w) => strangersOfOrderA(w, `${orderUrl(w)}/cancel`, { reason: 'Not my order' }),
    // Order A is accepted: the example is refused by the state machine (409) and changes nothing.
    example: (w) => ({ actor: 'customerA', url: `${orderUrl(w)}/cancel`, payload: { reason: 'Ordered by mistake' } }),
  },
  'POST /api/orders/:orderNumber/cancel-request': {
    rows: (w) => strangersOfOrderA(w, `${orderUrl(w)}/cancel-request`, { reason: 'Not my order' }),
    example: (w) => ({
      actor: 'customerA',
      url: `${orderUrl(w)}/cancel-request`,
      payload: { reason: 'Ordered by mistake' },
    }),
  },
  'POST /api/orders/:orderNumber/switch-to-pickup': {
    rows: (w) => strangersOfOrderA(w, `${orderUrl(w)}/switch-to-pickup`, {}),
    // Order A has its driver: not in the no-driver state, so the example is refused (409) and changes nothing.
    example: (w) => ({ actor: 'customerA', url: `${orderUrl(w)}/switch-to-pickup`, payload: {} }),
  },
  'POST /api/orders/:orderNumber/rating': {
    rows: (w) => strangersOfOrderA(w, `${orderUrl(w)}/rating`, { rating: 1, tipMinor: 0 }),
    example: (w) => ({
      actor: 'customerA',
      url: `${orderUrl(w)}/rating`,
      payload: { rating: 5, tipMinor: 100, comment: 'Great' },
    }),
  },
  'POST /api/partner/orders/:orderId/actions': {
    rows: (w) => [
      {
        actor: 'partnerY',
        url: `/api/partner/orders/${w.rows.orderA.id}/actions`,
        payload: { action: 'start_preparing' },
        why: "X's order",
      },
      {
        actor: 'managerX',
        url: `/api/partner/orders/${w.rows.orderAtX2.id}/actions`,
        payload: { action: 'accept', prepTimeMinutes: 20 },
        why: 'an order at X2',
      },
    ],
    example: (w) => ({
      actor: 'ownerX',
      url: `/api/partner/orders/${w.rows.orderAtX2.id}/actions`,
      payload: { action: 'accept', prepTimeMinutes: 20 },
    }),
  },

  // Halal trust (docs/decisions/0070-halal-trust.md)
  'GET /api/partner/sites/:siteId/halal': {
    rows: (w) => [
      { actor: 'partnerY', url: `/api/partner/sites/${w.rows.siteX1}/halal`, why: "X's site" },
      { actor: 'managerX', url: `/api/partner/sites/${w.rows.siteX2}/halal`, why: 'a site the manager does not run' },
    ],
  },
  'POST /api/partner/sites/:siteId/halal/certificates': {
    rows: (w) => [
      {
        actor: 'partnerY',
        url: `/api/partner/sites/${w.rows.siteX1}/halal/certificates`,
        payload: certificate(w),
        why: "X's site",
      },
      {
        actor: 'managerX',
        url: `/api/partner/sites/${w.rows.siteX2}/halal/certificates`,
        payload: certificate(w),
        why: 'a site the manager does not run',
      },
    ],
    example: (w) => ({
      actor: 'ownerX',
      url: `/api/partner/sites/${w.rows.siteX1}/halal/certificates`,
      payload: certificate(w),
    }),
  },
  'PUT /api/partner/sites/:siteId/halal/facts': {
    rows: (w) => [
      { actor: 'partnerY', url: `/api/partner/sites/${w.rows.siteX1}/halal/facts`, payload: facts(), why: "X's site" },
      {
        actor: 'managerX',
        url: `/api/partner/sites/${w.rows.siteX2}/halal/facts`,
        payload: facts(),
        why: 'a site the manager does not run',
      },
    ],
    example: (w) => ({ actor: 'ownerX', url: `/api/partner/sites/${w.rows.siteX1}/halal/facts`, payload: facts() }),
  },
  'GET /api/admin/halal/certificates': {
    rows: PLATFORM,
    example: () => ({ actor: 'ops_manager', url: '/api/admin/halal/certificates?status=all' }),
  },
  'GET /api/admin/halal/certificates/:certificateId': { rows: PLATFORM },
  'GET /api/admin/halal/certificates/:certificateId/preview': { rows: PLATFORM },
  'POST /api/admin/halal/certificates/:certificateId/approve': { rows: PLATFORM },
  'POST /api/admin/halal/certificates/:certificateId/reject': {
    rows: PLATFORM,
    example: () => ({
      actor: 'ops_manager',
      url: '/api/admin/halal/certificates/00000000-0000-4000-8000-000000000000/reject',
      payload: { reason: 'Expired document' },
    }),
  },
  'GET /api/admin/halal/sites/:siteId': { rows: PLATFORM },
  'GET /api/admin/halal/tickets/:ticketId/site': { rows: PLATFORM },
  'POST /api/admin/halal/sites/:siteId/suspend': {
    rows: PLATFORM,
    example: (w) => ({
      actor: 'ops_manager',
      url: `/api/admin/halal/sites/${w.rows.siteX2}/suspend`,
      payload: { reason: 'Concern under review' },
    }),
  },
  'POST /api/admin/halal/sites/:siteId/reinstate': {
    rows: PLATFORM,
    example: (w) => ({
      actor: 'ops_manager',
      url: `/api/admin/halal/sites/${w.rows.siteX2}/reinstate`,
      payload: { reason: 'Concern resolved' },
    }),
  },
  'GET /api/restaurants/:slug/halal': {
    rows: PUBLIC,
    example: (w) => ({ actor: 'visitor', url: `/api/restaurants/${w.shop.site.slug}/halal` }),
  },
  'POST /api/restaurants/:slug/halal-concerns': {
    rows: 'anyone may raise a concern about a restaurant',
    example: (w) => ({
      actor: 'visitor',
      url: `/api/restaurants/${w.shop.site.slug}/halal-concerns`,
      payload: { message: 'The menu says pork sausage?', email: 'worried@example.com' },
    }),
  },
  'POST /api/orders/:orderNumber/halal-concerns': {
    rows: (w) => strangersOfOrderA(w, `${orderUrl(w)}/halal-concerns`, { message: 'This is not my order at all' }),
    example: (w) => ({
      actor: 'customerA',
      url: `${orderUrl(w)}/halal-concerns`,
      payload: { message: 'The chicken did not seem halal' },
    }),
  },

  // Catalogue and reviews
  'GET /api/cities': { rows: PUBLIC },
  'GET /api/cities/:slug': { rows: PUBLIC, example: () => ({ actor: 'visitor', url: '/api/cities/london' }) },
  'POST /api/city-suggestions': {
    rows: 'anyone may suggest a city',
    example: () => ({
      actor: 'visitor',
      url: '/api/city-suggestions',
      payload: { city: 'Bradford', email: 'fan@example.com' },
    }),
  },
  'GET /api/restaurants/search': {
    rows: PUBLIC,
    example: () => ({
      actor: 'visitor',
      url: '/api/restaurants/search?location=E1%206AN&cuisine=all&filters=open&limit=10&offset=0',
    }),
  },
  'GET /api/restaurants/:slug': {
    rows: PUBLIC,
    example: (w) => ({ actor: 'visitor', url: `/api/restaurants/${w.shop.site.slug}` }),
  },
  'GET /api/restaurants/:siteId/reviews': {
    rows: PUBLIC,
    example: (w) => ({ actor: 'visitor', url: `/api/restaurants/${w.rows.siteX1}/reviews?limit=5&offset=0` }),
  },
  'GET /api/restaurants/:siteId/reviews/mine': {
    rows: "the id names the restaurant; the review read is always the caller's own",
  },
  'PUT /api/restaurants/:siteId/reviews/mine': {
    rows: "the id names the restaurant; the review written is always the caller's own (another customer's review is checked unchanged in the matrix test)",
    example: (w) => ({
      actor: 'customerB',
      url: `/api/restaurants/${w.rows.siteX1}/reviews/mine`,
      payload: { rating: 4, comment: 'Good tea' },
    }),
  },
};

/** The key of a route in the table. */
export const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
