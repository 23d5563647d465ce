import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/test-app';
import { ALWAYS_OPEN, type Shop, deliveryBody, place, seedShop } from '../orders/test-fixtures';
import { call } from './test-fixtures';

let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedShop(t);
});
afterAll(async () => t.close());

const save = (body: Record<string, unknown>, cookie = shop.partner.cookie) =>
  call(t, 'PATCH', `/api/partner/sites/${shop.site.id}`, cookie, body);
const card = async () => (await call(t, 'GET', `/api/restaurants/${shop.site.slug}`)).json().restaurant;

describe('branch settings', () => {
  it('stores the settings fields on the server and customers see them', async () => {
    const res = await save({
      name: 'Whitechapel Road',
      phone: '020 7946 0999',
      deliveryFeeMinor: 199,
      deliveryRadiusKm: 4.5,
      minOrderMinor: 1200,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().site).toMatchObject({
      name: 'Whitechapel Road',
      // Kept in E.164, shown in UK style by the pages (docs/decisions/0208-phones-in-e164.md).
      phone: '+442079460999',
      deliveryFeeMinor: 199,
      deliveryRadiusKm: 4.5,
      minOrderMinor: 1200,
    });
    expect(await card()).toMatchObject({
      branchName: 'Whitechapel Road',
      deliveryFeeMinor: 199,
      minOrderMinor: 1200,
      deliveryRadiusKm: 4.5,
    });
  });

  it('sets one opening and closing time on every day that is not closed', async () => {
    const site = (await call(t, 'GET', `/api/partner/sites/${shop.site.id}`, shop.partner.cookie)).json().site;
    await save({ openingHours: { ...site.openingHours, monday: { ...site.openingHours.monday, closed: true } } });
    const res = await save({ openingTime: '11:00', closingTime: '23:30' });
    const hours = res.json().site.openingHours;
    expect(hours.tuesday).toEqual({ open: '11:00', close: '23:30', closed: false });
    expect(hours.monday.closed).toBe(true);
    expect((await save({ openingTime: '11:00' })).statusCode).toBe(400);
    expect((await save({ openingTime: '11:00', closingTime: '24:00' })).statusCode).toBe(400);
    // Back to round-the-clock so the ordering tests below do not depend on the hour.
    expect((await save({ openingHours: ALWAYS_OPEN })).statusCode).toBe(200);
  });

  it('closes the branch with the switch: customers see it closed and cannot order', async () => {
    await save({ isOpen: false });
    expect((await card()).isOpen).toBe(false);
    expect((await place(t, deliveryBody(shop))).statusCode).toBe(409);
    await save({ isOpen: true });
    expect((await card()).isOpen).toBe(true);
  });

  it('busy mode adds its minutes to the ETA customers see', async () => {
    const before = await card();
    await save({ busyExtraMinutes: 15 });
    const after = await card();
    expect(after.etaMinMinutes - before.etaMinMinutes).toBe(15);
    expect(after.etaMaxMinutes - before.etaMaxMinutes).toBe(15);
    expect((await save({ busyExtraMinutes: 61 })).statusCode).toBe(400);
    await save({ busyExtraMinutes: 0 });
  });

  it('a pause stops new orders until the chosen time, and resuming takes them again', async () => {
    const until = new Date(Date.now() + 30 * 60_000).toISOString();
    const res = await save({ pausedUntil: until });
    expect(res.json().site.pausedUntil).toBe(until);
    expect((await card()).isOpen).toBe(false);
    expect((await place(t, deliveryBody(shop))).statusCode).toBe(409);
    await save({ pausedUntil: null });
    expect((await place(t, deliveryBody(shop))).statusCode).toBe(201);
  });

  it('refuses a pause in the past or longer than 24 hours', async () => {
    expect((await save({ pausedUntil: new Date(Date.now() - 60_000).toISOString() })).statusCode).toBe(400);
    expect((await save({ pausedUntil: new Date(Date.now() + 25 * 3_600_000).toISOString() })).statusCode).toBe(400);
    expect((await save({ pausedUntil: 'tonight' })).statusCode).toBe(400);
  });

  it('answers 404 to another partner', async () => {
    expect((await save({ isOpen: false }, shop.otherPartner.cookie)).statusCode).toBe(404);
  });
});
