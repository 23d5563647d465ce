import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../domain/order-flow';
import { orders, reviews, sites, userProfiles } from '../../db/schema/index';
import { seedDemo } from '../../db/seed/seed-demo';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';

let t: TestApp;
const users: Record<string, { id: string; cookie: string }> = {};
let dalston: string;
let whitechapel: string;
let orderCounter = 0;

async function account(key: string, userType: 'customer' | 'partner', name: string) {
  const email = `${key}@reviews.test`;
  const id = await createUser(t, { email, userType, status: userType === 'customer' ? 'active' : undefined, name });
  users[key] = { id, cookie: await signIn(t, email) };
}

async function order(customerId: string, siteId: string, status: OrderStatus) {
  orderCounter++;
  await t.database.db.insert(orders).values({
    orderNumber: `HN-9${String(orderCounter).padStart(5, '0')}`,
    customerId,
    customerName: 'Test',
    customerPhone: '07700 900000',
    siteId,
    subtotalMinor: 1000,
    deliveryFeeMinor: 0,
    totalMinor: 1000,
    orderType: status === 'COLLECTED' ? 'PICKUP' : 'DELIVERY',
    deliveryVerificationCode: '1234',
    estimatedDeliveryTime: 40,
    status,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  // The bare catalog: these tests count every review they write.
  await seedDemo(t.database.db, { showcase: false });
  const siteId = async (slug: string) =>
    (await t.database.db.select({ id: sites.id }).from(sites).where(eq(sites.slug, slug)))[0].id;
  dalston = await siteId('kervan-ocakbasi-dalston');
  whitechapel = await siteId('dhaka-spice-kitchen-brick-lane');
  await account('amina', 'customer', 'Amina Patel');
  await account('bilal', 'customer', 'Bilal Hussain');
  await account('chen', 'customer', 'Chen Li');
  await account('dana', 'customer', 'Dana Ali');
  await account('partner', 'partner', 'Pat Partner');
  // Chen chose no display name: shown as Anonymous.
  await t.database.db.update(userProfiles).set({ displayName: null }).where(eq(userProfiles.userId, users.chen.id));
  await order(users.amina.id, dalston, 'DELIVERED');
  await order(users.bilal.id, dalston, 'PENDING');
  await order(users.bilal.id, whitechapel, 'DELIVERED');
  await order(users.dana.id, dalston, 'COLLECTED');
});
afterAll(async () => t.close());

const url = (siteId: string, mine = false) => `/api/restaurants/${siteId}/reviews${mine ? '/mine' : ''}`;
const put = (siteId: string, payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'PUT',
    url: url(siteId, true),
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });
const list = (siteId: string, cookie?: string, query = '') =>
  t.app.inject({ method: 'GET', url: `${url(siteId)}${query}`, headers: cookie ? { cookie } : {} });
const siteRow = async (id: string) => (await t.database.db.select().from(sites).where(eq(sites.id, id)))[0];

describe('who may write a review', () => {
  it('asks a visitor to sign in', async () => {
    const res = await put(dalston, { rating: 5 });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: url(dalston, true) })).statusCode).toBe(401);
  });

  it('forbids a partner', async () => {
    const res = await put(dalston, { rating: 5 }, users.partner.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });

  it('answers 404 "Restaurant not found" for an unknown, malformed or inactive branch', async () => {
    const [inactive] = await t.database.db
      .select({ id: sites.id })
      .from(sites)
      .where(eq(sites.slug, 'tigris-grill-ealing'));
    await t.database.db.update(sites).set({ status: 'inactive' }).where(eq(sites.id, inactive.id));
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', inactive.id]) {
      const res = await put(id, { rating: 4 }, users.amina.cookie);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Restaurant not found' } });
    }
    expect(await t.database.db.select().from(reviews)).toEqual([]);
  });
});

describe('validation', () => {
  it('requires a whole rating from 1 to 5 with the product message', async () => {
    for (const body of [{}, { rating: 0 }, { rating: 6 }, { rating: 4.5 }, { rating: '5' }, { rating: null }]) {
      const res = await put(dalston, body, users.amina.cookie);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toContain('You must provide a rating from 1 to 5 stars.');
    }
  });

  it('refuses a comment over 2000 characters', async () => {
    const res = await put(dalston, { rating: 4, comment: 'x'.repeat(2001) }, users.amina.cookie);
    expect(res.statusCode).toBe(400);
  });
});

describe('writing a review', () => {
  it('stores a trimmed comment and marks a delivered customer verified', async () => {
    const res = await put(dalston, { rating: 5, comment: '  Best adana in Dalston.  ' }, users.amina.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.review).toMatchObject({
      rating: 5,
      comment: 'Best adana in Dalston.',
      isVerified: true,
      reviewerName: 'Amina Patel',
      mine: true,
    });
    expect(body).toMatchObject({ average: 5, count: 1 });
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.userId, users.amina.id));
    expect(row).toMatchObject({ siteId: dalston, rating: 5, comment: 'Best adana in Dalston.', isVerified: true });
  });

  it('stores an empty or blank comment as null', async () => {
    const blank = await put(dalston, { rating: 3, comment: '   ' }, users.bilal.cookie);
    expect(blank.json().review.comment).toBeNull();
    const none = await put(whitechapel, { rating: 4 }, users.bilal.cookie);
    expect(none.json().review.comment).toBeNull();
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.userId, users.bilal.id)).limit(1);
    expect(row.comment).toBeNull();
  });

  it('marks verified only a customer with a delivered or collected order from that branch', async () => {
    // Bilal's Dalston order is still pending; his Brick Lane order was delivered.
    expect(
      (await t.app.inject({ method: 'GET', url: url(dalston, true), headers: { cookie: users.bilal.cookie } })).json()
        .review.isVerified,
    ).toBe(false);
    expect(
      (
        await t.app.inject({ method: 'GET', url: url(whitechapel, true), headers: { cookie: users.bilal.cookie } })
      ).json().review.isVerified,
    ).toBe(true);
    // Dana collected hers; Chen never ordered.
    expect((await put(dalston, { rating: 4 }, users.dana.cookie)).json().review.isVerified).toBe(true);
    expect((await put(dalston, { rating: 2 }, users.chen.cookie)).json().review.isVerified).toBe(false);
  });

  it('keeps one review per customer per branch: a second save edits the first', async () => {
    const before = (
      await t.app.inject({ method: 'GET', url: url(dalston, true), headers: { cookie: users.chen.cookie } })
    ).json().review;
    const res = await put(dalston, { rating: 3, comment: 'Better second time' }, users.chen.cookie);
    expect(res.json().review).toMatchObject({
      id: before.id,
      rating: 3,
      comment: 'Better second time',
      createdAt: before.createdAt,
    });
    const chens = await t.database.db.select().from(reviews).where(eq(reviews.userId, users.chen.id));
    expect(chens).toHaveLength(1);
  });

  it("never touches another customer's review", async () => {
    const [amina] = await t.database.db.select().from(reviews).where(eq(reviews.userId, users.amina.id));
    expect(amina).toMatchObject({ rating: 5, comment: 'Best adana in Dalston.' });
    const mine = await t.app.inject({
      method: 'GET',
      url: url(whitechapel, true),
      headers: { cookie: users.dana.cookie },
    });
    expect(mine.json()).toEqual({ review: null });
  });
});

describe('average and count', () => {
  it('keeps the branch average and count in step with its reviews', async () => {
    // Dalston: Amina 5, Bilal 3, Dana 4, Chen 3 -> 15 / 4 = 3.75 -> 3.8.
    const site = await siteRow(dalston);
    expect(site).toMatchObject({ reviewCount: 4, ratingAvg: 3.8 });
    expect(await siteRow(whitechapel)).toMatchObject({ reviewCount: 1, ratingAvg: 4 });
  });

  it('shows the real average and count on the search cards', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/restaurants/search?location=london&limit=100' });
    const cards = res.json().restaurants as { id: string; rating: number | null; reviewCount: number }[];
    expect(cards.find((c) => c.id === dalston)).toMatchObject({ rating: 3.8, reviewCount: 4 });
    expect(cards.find((c) => c.id === whitechapel)).toMatchObject({ rating: 4, reviewCount: 1 });
  });

  it('counts every review when several customers save at the same moment', async () => {
    const [site] = await t.database.db
      .select({ id: sites.id })
      .from(sites)
      .where(eq(sites.slug, 'sultan-s-table-green-lanes'));
    const results = await Promise.all(
      ['amina', 'bilal', 'chen', 'dana'].map((k, i) => put(site.id, { rating: i + 2 }, users[k].cookie)),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    // 2 + 3 + 4 + 5 = 14 over 4 = 3.5
    expect(await siteRow(site.id)).toMatchObject({ reviewCount: 4, ratingAvg: 3.5 });
  });
});

describe('reading reviews', () => {
  it('lists reviews newest first with names, avatars, verified badges and the average', async () => {
    const res = await list(dalston);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ average: 3.8, count: 4 });
    expect(body.reviews.map((r: { reviewerName: string }) => r.reviewerName)).toEqual([
      'Anonymous',
      'Dana Ali',
      'Bilal Hussain',
      'Amina Patel',
    ]);
    const times = body.reviews.map((r: { createdAt: string }) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(body.reviews[3]).toMatchObject({ isVerified: true, rating: 5, avatarUrl: null, mine: false });
    expect(Object.keys(body.reviews[0]).sort()).toEqual([
      'avatarUrl',
      'comment',
      'createdAt',
      'id',
      'isVerified',
      'mine',
      'rating',
      'reviewerName',
      'updatedAt',
    ]);
  });

  it("marks only the caller's own review as mine", async () => {
    const body = (await list(dalston, users.dana.cookie)).json();
    expect(
      body.reviews.filter((r: { mine: boolean }) => r.mine).map((r: { reviewerName: string }) => r.reviewerName),
    ).toEqual(['Dana Ali']);
  });

  it('pages the list while the count covers every review', async () => {
    const body = (await list(dalston, undefined, '?limit=2&offset=2')).json();
    expect(body.count).toBe(4);
    expect(body.reviews.map((r: { reviewerName: string }) => r.reviewerName)).toEqual(['Bilal Hussain', 'Amina Patel']);
  });

  it('answers an empty list for a site id that is not a UUID or names no branch', async () => {
    for (const id of ['kervan-ocakbasi-dalston', '00000000-0000-4000-8000-000000000000']) {
      const res = await list(id);
      expect(res.statusCode, id).toBe(200);
      expect(res.json()).toEqual({ average: null, count: 0, reviews: [] });
    }
  });

  it("answers the caller's own review, or null before they write one", async () => {
    const [fresh] = await t.database.db
      .select({ id: sites.id })
      .from(sites)
      .where(eq(sites.slug, 'zeytin-meze-bar-islington'));
    const get = () =>
      t.app.inject({ method: 'GET', url: url(fresh.id, true), headers: { cookie: users.amina.cookie } });
    expect((await get()).json()).toEqual({ review: null });
    await put(fresh.id, { rating: 4, comment: 'Lovely meze' }, users.amina.cookie);
    expect((await get()).json().review).toMatchObject({
      rating: 4,
      comment: 'Lovely meze',
      mine: true,
      reviewerName: 'Amina Patel',
    });
  });
});
