import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../../domain/policies';
import { ADMIN_ROLES, type AdminRole } from '../../domain/roles';
import {
  offers,
  customerFavourites,
  brandMemberships,
  deliveryJobs,
  jobOffers,
  driverEarnings,
  invitations,
  menus,
  pushSubscriptions,
  siteStaff,
  sites,
  teamMembers,
  tickets,
} from '../db/schema/index';
import { DEMO_PASSWORD } from '../db/seed/demo-accounts';
import { seedDemo } from '../db/seed/seed-demo';
import { jpeg, newDriver, upload } from '../modules/dispatch/test-fixtures';
import { ALWAYS_OPEN, act, deliveryBody, place, seedShop, settle } from '../modules/orders/test-fixtures';
import { type TestApp, createUser, signIn } from './test-app';

/**
 * The cast of the security tests: every kind of caller HalalNosh has, and one row of every kind
 * that belongs to someone, so a test can try each caller on each other caller's rows.
 */
export const ACTOR_NAMES = [
  'visitor',
  'customerA',
  'customerB',
  'ownerX',
  'managerX',
  'partnerY',
  'pendingDriver',
  'driver',
  'otherDriver',
  ...ADMIN_ROLES,
] as const;
export type ActorName = (typeof ACTOR_NAMES)[number];

export type WorldActor = {
  name: ActorName;
  cookie: string | null;
  actor: Actor | null;
  id: string | null;
  email: string | null;
};

export type World = Awaited<ReturnType<typeof buildWorld>>;

const DEMO_ADMIN_EMAIL: Partial<Record<AdminRole, string>> = {
  super_admin: 'admin@halalnosh.test',
  ops_manager: 'ops@halalnosh.test',
  cs_agent: 'support@halalnosh.test',
  finance: 'finance@halalnosh.test',
};

/** Headers of one actor (none for the visitor). */
export function as(
  w: { actors: Record<ActorName, WorldActor> },
  name: ActorName,
  extra: Record<string, string> = {},
): Record<string, string> {
  const cookie = w.actors[name].cookie;
  return { ...(cookie ? { cookie } : {}), ...extra };
}

async function whoAmI(t: TestApp, name: ActorName, cookie: string, email: string): Promise<WorldActor> {
  const me = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user;
  return {
    name,
    cookie,
    email,
    id: me.id,
    actor: { userId: me.id, email, name: me.name, userType: me.userType, status: me.status, adminRole: me.adminRole },
  };
}

/**
 * Demo data (seedDemo) plus: brand X (seedShop: always open, in E1) with a second site X2, its
 * owner and a site manager of X1 only; partner Y (the demo partner, owner of the sample brands);
 * customers A and B; an approved driver holding A's job, another approved driver in the same
 * area, a pending driver with a private document; every admin role. Rows: A's order (driver
 * assigned), A's pending order at X2, a visitor's order, A's address and review, X's menu, an
 * invitation, an earning, a ticket, a team invite.
 */
export async function buildWorld(t: TestApp) {
  const db = t.database.db;
  await seedDemo(db);

  const shop = await seedShop(t, 'x');
  const actors = {} as Record<ActorName, WorldActor>;
  actors.visitor = { name: 'visitor', cookie: null, actor: null, id: null, email: null };

  const signInDemo = async (name: ActorName, email: string) => {
    actors[name] = await whoAmI(t, name, await signIn(t, email, DEMO_PASSWORD), email);
  };
  const fresh = async (name: ActorName, account: Parameters<typeof createUser>[1]) => {
    await createUser(t, account);
    actors[name] = await whoAmI(t, name, await signIn(t, account.email), account.email);
  };

  await signInDemo('customerA', 'customer@halalnosh.test');
  await fresh('customerB', {
    email: 'customer.b@example.com',
    userType: 'customer',
    status: 'active',
    name: 'Bashir B',
  });
  actors.ownerX = await whoAmI(t, 'ownerX', shop.partner.cookie, shop.partner.email);
  await fresh('managerX', { email: 'manager.x@example.com', userType: 'partner', name: 'Mona Manager' });
  await signInDemo('partnerY', 'partner@halalnosh.test');
  await signInDemo('pendingDriver', 'pending.driver@halalnosh.test');
  await signInDemo('driver', 'driver@halalnosh.test');
  const other = await newDriver(t, { postcode: 'E1', online: true });
  actors.otherDriver = await whoAmI(t, 'otherDriver', other.cookie, other.email);
  for (const role of ADMIN_ROLES) {
    const email = DEMO_ADMIN_EMAIL[role];
    if (email) await signInDemo(role, email);
    else
      await fresh(role, {
        email: `${role.replace(/_/g, '.')}@example.com`,
        userType: 'admin',
        adminRole: role,
        name: `Admin ${role}`,
      });
  }

  // Brand X: a second site the manager does not run; the manager runs X1 only.
  const [siteX2] = await db
    .insert(sites)
    .values({
      brandId: shop.brand.id,
      name: 'Bethnal Green',
      slug: 'kervan-x-bethnal-green',
      address: '2 Bethnal Green Road',
      city: 'London',
      postcode: 'E2 6AB',
      lat: shop.site.lat,
      lng: shop.site.lng,
      openingHours: ALWAYS_OPEN,
      minOrderMinor: 0,
    })
    .returning();
  await db
    .insert(brandMemberships)
    .values({ brandId: shop.brand.id, userId: actors.managerX.id!, role: 'site_manager' });
  await db.insert(siteStaff).values({ siteId: shop.site.id, userId: actors.managerX.id! });
  const [menu] = await db.select().from(menus).where(eq(menus.brandId, shop.brand.id));
  const [siteY] = await db
    .execute<{ id: string; brand_id: string }>(
      sql`select s.id, s.brand_id from sites s join brand_memberships m on m.brand_id = s.brand_id where m.user_id = ${actors.partnerY.id} limit 1`,
    )
    .then((r) => r.rows);

  // A's delivery order at X1: accepted, its job taken by the driver.
  const placed = await place(t, deliveryBody(shop), { cookie: actors.customerA.cookie! });
  if (placed.statusCode !== 201) throw new Error(`order: ${placed.body}`);
  const orderA = placed.json().order;
  await settle(t, orderA.id);
  const accepted = await act(t, shop.partner.cookie, orderA.id, { action: 'accept' });
  if (accepted.statusCode !== 200) throw new Error(`accept: ${accepted.body}`);
  const [jobA] = await db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, orderA.id));
  const taken = await t.app.inject({
    method: 'POST',
    url: `/api/driver/jobs/${jobA.id}/accept`,
    headers: as({ actors }, 'driver'),
  });
  if (taken.statusCode !== 200) throw new Error(`take job: ${taken.body}`);
  // The dispatcher's offer of job A to the driver, answered (docs/decisions/0273-dispatcher-offers-in-the-product.md).
  const [offerA] = await db
    .insert(jobOffers)
    .values({
      jobId: jobA.id,
      driverId: actors.driver.id!,
      status: 'accepted',
      offeredAt: new Date(),
      expiresAt: new Date(Date.now() + 30_000),
      answeredAt: new Date(),
    })
    .returning();

  // A's pending pickup order at X2 (outside the manager's site) and a visitor's order at X1.
  const atX2 = await place(
    t,
    {
      ...deliveryBody(shop),
      siteId: siteX2.id,
      orderType: 'PICKUP',
      deliveryAddress: null,
      deliveryPostcode: null,
      deliveryInstructions: null,
    },
    { cookie: actors.customerA.cookie! },
  );
  if (atX2.statusCode !== 201) throw new Error(`order X2: ${atX2.body}`);
  const visitorPlaced = (await place(t, deliveryBody(shop))).json();

  // A's address and review; the driver's earning; the pending driver's private document.
  const address = await t.app.inject({
    method: 'POST',
    url: '/api/account/addresses',
    headers: as({ actors }, 'customerA'),
    payload: { label: 'Home', addressLine1: '12 Commercial Street', city: 'London', postcode: 'E1 6AN' },
  });
  if (address.statusCode !== 201) throw new Error(`address: ${address.body}`);
  const review = await t.app.inject({
    method: 'PUT',
    url: `/api/restaurants/${shop.site.id}/reviews/mine`,
    headers: as({ actors }, 'customerA'),
    payload: { rating: 5, comment: 'Lovely wraps' },
  });
  if (review.statusCode !== 200) throw new Error(`review: ${review.body}`);
  const [earning] = await db
    .insert(driverEarnings)
    .values({ driverId: actors.driver.id!, deliveryJobId: jobA.id, totalMinor: 640, pickupPayMinor: 640 })
    .returning();
  const pendingDriver = {
    id: actors.pendingDriver.id!,
    email: actors.pendingDriver.email!,
    cookie: actors.pendingDriver.cookie!,
  };
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
  const doc = await upload(t, pendingDriver, 'driver_document', pdf, 'licence.pdf', 'application/pdf');
  if (doc.statusCode !== 201) throw new Error(`document: ${doc.body}`);
  const proof = await upload(
    t,
    { id: actors.driver.id!, email: actors.driver.email!, cookie: actors.driver.cookie! },
    'proof_of_delivery',
    await jpeg(),
  );

  // X's invitation of a site manager; a customer's report (a ticket); a team invite.
  const invite = await t.app.inject({
    method: 'POST',
    url: `/api/partner/brands/${shop.brand.id}/invitations`,
    headers: as({ actors }, 'ownerX'),
    payload: { email: 'new.manager@example.com', role: 'site_manager', siteIds: [shop.site.id] },
  });
  if (invite.statusCode !== 201) throw new Error(`invite: ${invite.body}`);
  const report = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderA.orderNumber}/report`,
    headers: as({ actors }, 'customerA'),
    payload: { description: 'The tea was cold' },
  });
  if (report.statusCode !== 201) throw new Error(`report: ${report.body}`);
  const [ticket] = await db.select().from(tickets).where(eq(tickets.orderId, orderA.id));
  const teamInvite = await t.app.inject({
    method: 'POST',
    url: '/api/admin/team/invites',
    headers: as({ actors }, 'super_admin'),
    payload: { fullName: 'New Agent', email: 'new.agent@example.com', role: 'cs_agent' },
  });
  if (teamInvite.statusCode !== 201) throw new Error(`team invite: ${teamInvite.body}`);
  const [member] = await db.select().from(teamMembers).where(eq(teamMembers.userId, actors.cs_agent.id!));
  const [partnerInvite] = await db.select().from(invitations).where(eq(invitations.id, invite.json().invitation.id));

  return {
    t,
    actors,
    shop,
    rows: {
      brandX: shop.brand.id,
      siteX1: shop.site.id,
      siteX2: siteX2.id,
      siteY: siteY.id,
      brandY: siteY.brand_id,
      menuX: menu.id,
      sectionX: (await db.execute<{ id: string }>(sql`select id from menu_sections where menu_id = ${menu.id} limit 1`))
        .rows[0].id,
      itemX: shop.items.wrap.id,
      orderA: { id: orderA.id as string, number: orderA.orderNumber as string },
      orderAtX2: { id: atX2.json().order.id as string, number: atX2.json().order.orderNumber as string },
      visitorOrder: {
        id: visitorPlaced.order.id as string,
        number: visitorPlaced.order.orderNumber as string,
        token: visitorPlaced.orderToken as string,
      },
      jobA: { id: jobA.id, pickupCode: jobA.pickupCode },
      offerA: offerA.id,
      addressA: address.json().address.id as string,
      earning: earning.id,
      documentUpload: doc.json().id as string,
      proofUpload: proof.json().id as string,
      invitationX: partnerInvite.id,
      ticket: ticket.id,
      teamInvite: teamInvite.json().invite.id as string,
      teamMember: member.id,
      favouriteA: (
        await db
          .insert(customerFavourites)
          .values({ customerId: actors.customerA.id!, siteId: shop.site.id })
          .returning({ siteId: customerFavourites.siteId })
      )[0].siteId,
      // An offer of X's brand that has not started, so it prices no order of these tests.
      offerX: (
        await db
          .insert(offers)
          .values({ brandId: shop.brand.id, kind: 'percent_off', percent: 10, startsOn: '2099-01-01' })
          .returning({ id: offers.id })
      )[0].id,
      pushSubscriptionA: (
        await db
          .insert(pushSubscriptions)
          .values({
            userId: actors.customerA.id!,
            endpoint: 'http://localhost:8090/notify/customer-a',
            p256dh: `B${'A'.repeat(86)}`,
            auth: 'A'.repeat(22),
          })
          .returning({ id: pushSubscriptions.id })
      )[0].id,
    },
  };
}

/**
 * A fingerprint of every table a request could change on someone's behalf (sessions, rate
 * limits, verification tokens and the mail outbox aside), to prove a refused request wrote nothing.
 */
export async function fingerprint(t: TestApp): Promise<Record<string, string>> {
  const db = t.database.db;
  const tables = (
    await db.execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  ).rows
    .map((r) => r.name)
    .filter((n) => !['session', 'rate_limit', 'verification', 'mail_outbox'].includes(n));
  const parts = tables.map(
    (n) => `select '${n}' as name, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as hash from "${n}" x`,
  );
  const rows = (await db.execute<{ name: string; hash: string }>(sql.raw(parts.join(' union all ')))).rows;
  return Object.fromEntries(rows.map((r) => [r.name, r.hash]));
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(after).filter((k) => before[k] !== after[k]);
}

/** Row counts of every table (sessions, rate limits and verification tokens aside), in one query. */
export async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const db = t.database.db;
  const tables = (
    await db.execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  ).rows
    .map((r) => r.name)
    .filter((n) => !['session', 'rate_limit', 'verification'].includes(n));
  const rows = (
    await db.execute<{ name: string; n: number }>(
      sql.raw(tables.map((n) => `select '${n}' as name, count(*)::int as n from "${n}"`).join(' union all ')),
    )
  ).rows;
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}
