import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { OpeningHours } from '../../../domain/opening-hours';
import {
  brandMemberships,
  brands,
  menuItems,
  menuSections,
  menus,
  orderStatusHistory,
  siteItemOverrides,
  sites,
  tenantSettings,
} from '../../db/schema/index';
import { seedSettings } from '../../db/seed/seed-settings';
import { type TestApp, createUser, signIn } from '../../test/test-app';

/** Open round the clock (a close equal to the open runs past midnight), so tests never depend on the hour. */
export const ALWAYS_OPEN: OpeningHours = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
    d,
    { open: '00:00', close: '00:00', closed: false },
  ]),
) as OpeningHours;

export type Shop = Awaited<ReturnType<typeof seedShop>>;

/**
 * One brand with a branch in E1 (W6 is about 12 km away, EC1V about 3 km) (fee £2.49, minimum £10.00, radius 5 km), its owner, and a menu:
 * a wrap (£6.50), tea (£1.99), lamb (£12.00, £13.50 at this branch), a sold-out dessert, and an
 * item the branch hides. Plus a second brand with its own partner and item.
 */
export async function seedShop(t: TestApp, tag = randomUUID().slice(0, 8)) {
  const db = t.database.db;
  await seedSettings(db);
  // The branch sits on E1's district centre as the app's own geocoder knows it, so distances are predictable.
  const e1 = (await t.app.deps.geocoder.geocode('E1'))!;
  const partnerEmail = `owner.${tag}@example.com`;
  const partnerId = await createUser(t, { email: partnerEmail, userType: 'partner', name: 'Yusuf Rahman' });
  const [brand] = await db
    .insert(brands)
    .values({ name: `Kervan ${tag}` })
    .returning();
  await db.insert(brandMemberships).values({ brandId: brand.id, userId: partnerId, role: 'owner' });
  const [site] = await db
    .insert(sites)
    .values({
      brandId: brand.id,
      name: 'Whitechapel',
      slug: `kervan-${tag}-whitechapel`,
      address: '1 Whitechapel Road, London',
      city: 'London',
      postcode: 'E1 1BJ',
      phone: '020 7946 0101',
      lat: e1.lat,
      lng: e1.lng,
      deliveryFeeMinor: 249,
      deliveryRadiusKm: 5,
      minOrderMinor: 1000,
      openingHours: ALWAYS_OPEN,
    })
    .returning();
  const [menu] = await db.insert(menus).values({ brandId: brand.id }).returning();
  const [section] = await db.insert(menuSections).values({ menuId: menu.id, title: 'Mains' }).returning();
  const item = async (name: string, priceMinor: number, isAvailable = true) =>
    (
      await db
        .insert(menuItems)
        .values({ menuId: menu.id, sectionId: section.id, name, priceMinor, isAvailable })
        .returning()
    )[0];
  const wrap = await item('Chicken Wrap', 650);
  const tea = await item('Turkish Tea', 199);
  const lamb = await item('Lamb Shish', 1200);
  const soldOut = await item('Baklava', 450, false);
  const hidden = await item('Kunefe', 700);
  await db.insert(siteItemOverrides).values([
    { siteId: site.id, itemId: lamb.id, priceMinor: 1350 },
    { siteId: site.id, itemId: hidden.id, isAvailable: false },
  ]);

  const otherEmail = `other.${tag}@example.com`;
  const otherPartnerId = await createUser(t, { email: otherEmail, userType: 'partner', name: 'Other Owner' });
  const [otherBrand] = await db
    .insert(brands)
    .values({ name: `Marrakech ${tag}` })
    .returning();
  await db.insert(brandMemberships).values({ brandId: otherBrand.id, userId: otherPartnerId, role: 'owner' });
  const [otherMenu] = await db.insert(menus).values({ brandId: otherBrand.id }).returning();
  const [otherSection] = await db.insert(menuSections).values({ menuId: otherMenu.id, title: null }).returning();
  const [foreign] = await db
    .insert(menuItems)
    .values({ menuId: otherMenu.id, sectionId: otherSection.id, name: 'Lamb Tagine', priceMinor: 1295 })
    .returning();

  return {
    tag,
    brand,
    site,
    siteName: `Kervan ${tag} (Whitechapel)`,
    items: { wrap, tea, lamb, soldOut, hidden, foreign },
    partner: { id: partnerId, email: partnerEmail, cookie: await signIn(t, partnerEmail) },
    otherPartner: { id: otherPartnerId, email: otherEmail, cookie: await signIn(t, otherEmail) },
  };
}

export function deliveryBody(shop: Shop, over: Record<string, unknown> = {}) {
  return {
    siteId: shop.site.id,
    orderType: 'DELIVERY',
    items: [
      { menuItemId: shop.items.wrap.id, quantity: 2 },
      { menuItemId: shop.items.tea.id, quantity: 1 },
    ],
    customerName: 'Aisha Khan',
    customerPhone: '07700 900123',
    deliveryAddress: '12 Commercial Street',
    deliveryPostcode: 'e1 6an',
    deliveryInstructions: 'Ring twice',
    ...over,
  };
}

export function pickupBody(shop: Shop, over: Record<string, unknown> = {}) {
  return {
    ...deliveryBody(shop),
    orderType: 'PICKUP',
    deliveryAddress: null,
    deliveryPostcode: null,
    deliveryInstructions: null,
    ...over,
  };
}

let keyCounter = 0;
export function newKey(): string {
  return `test-key-${Date.now()}-${++keyCounter}-${randomUUID().slice(0, 8)}`;
}

/** Places an order through the API; returns the parsed answer and status. */
export async function place(t: TestApp, body: Record<string, unknown>, opts: { cookie?: string; key?: string } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': opts.key ?? newKey(), ...(opts.cookie ? { cookie: opts.cookie } : {}) },
    payload: body,
  });
  return res;
}

/** Moves an order's last status change 3 s into the past, past the partner's 2-second guard. */
export async function settle(t: TestApp, orderId: string): Promise<void> {
  await t.database.db
    .update(orderStatusHistory)
    .set({ createdAt: sql`${orderStatusHistory.createdAt} - interval '3 seconds'` })
    .where(eq(orderStatusHistory.orderId, orderId));
}

export async function setSetting(t: TestApp, key: string, value: unknown): Promise<void> {
  await t.database.db
    .update(tenantSettings)
    .set({ settingValue: JSON.stringify(value) })
    .where(eq(tenantSettings.settingKey, key));
}

/** A partner action through the API. */
export async function act(t: TestApp, cookie: string, orderId: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/partner/orders/${orderId}/actions`,
    headers: { cookie },
    payload: body,
  });
}
