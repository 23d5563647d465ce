import type net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverDocuments, userProfiles } from '../../db/schema/index';
import { type Stream, openStream } from '../../test/sse-client';
import { type TestApp, createTestApp, createUser, signIn } from '../../test/test-app';
import { type Driver, driverCall, jpeg, newDriver, upload } from '../dispatch/test-fixtures';

let t: TestApp;
let base: string;
let admin: string;
const streams: Stream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t, { email: 'ops@example.com', userType: 'admin', adminRole: 'ops_manager' });
  admin = await signIn(t, 'ops@example.com');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

/** A driver who has signed up and not applied yet. */
async function applicant(): Promise<Driver> {
  const email = `applicant.${Math.random().toString(36).slice(2)}@example.com`;
  const id = await createUser(t, { email, userType: 'driver' });
  return { id, email, cookie: await signIn(t, email) };
}

async function documents(d: Driver) {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
  const ids = [];
  for (const data of [await jpeg(), pdf, await jpeg()]) {
    const res = await upload(
      t,
      d,
      'driver_document',
      data,
      data === pdf ? 'rtw.pdf' : 'id.jpg',
      data === pdf ? 'application/pdf' : 'image/jpeg',
    );
    if (res.statusCode !== 201) throw new Error(res.body);
    ids.push(res.json().id as string);
  }
  return { photoIdUploadId: ids[0], rightToWorkUploadId: ids[1], insuranceUploadId: ids[2] };
}

const details = {
  firstName: 'Bilal',
  lastName: 'Ahmed',
  phone: '07700 900456',
  vehicleType: 'car',
  drivingLicenceNumber: 'ahmed907141ba9xy',
  acceptTerms: true,
  acceptSafety: true,
};

describe('POST /api/driver/application', () => {
  it('stores the details and documents, sets pending and tells the admins and the driver', async () => {
    const d = await applicant();
    const docs = await documents(d);
    const adminStream = await openStream(base, '/api/events?topics=admin', admin);
    const own = await openStream(base, `/api/events?topics=user:${d.id}`, d.cookie);
    streams.push(adminStream, own);
    const res = await driverCall(t, d, 'POST', '/api/driver/application', { ...details, ...docs });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().profile).toMatchObject({
      status: 'pending',
      firstName: 'Bilal',
      lastName: 'Ahmed',
      displayName: 'Bilal Ahmed',
      vehicleType: 'car',
    });
    const [p] = await t.database.db.select().from(userProfiles).where(eq(userProfiles.userId, d.id));
    expect(p).toMatchObject({ status: 'pending', phone: '+447700900456', drivingLicenceNumber: 'AHMED907141BA9XY' });
    const rows = await t.database.db.select().from(driverDocuments).where(eq(driverDocuments.driverId, d.id));
    expect(rows.map((r) => [r.kind, r.uploadId]).sort()).toEqual(
      [
        ['insurance', docs.insuranceUploadId],
        ['photo_id', docs.photoIdUploadId],
        ['right_to_work', docs.rightToWorkUploadId],
      ].sort(),
    );
    expect((await adminStream.waitFor((e) => e.type === 'driver.applied')).data).toEqual({ driverId: d.id });
    expect((await own.waitFor((e) => e.type === 'driver.status')).data).toEqual({ driverId: d.id, status: 'pending' });
    expect((await driverCall(t, d, 'GET', '/api/me')).json().user.status).toBe('pending');
    // Once is enough.
    const again = await driverCall(t, d, 'POST', '/api/driver/application', { ...details, ...docs });
    expect(again.statusCode).toBe(409);
  });

  it('answers with the product messages, checking on the server what the form checks', async () => {
    const d = await applicant();
    const docs = await documents(d);
    const send = (body: Record<string, unknown>) => driverCall(t, d, 'POST', '/api/driver/application', body);
    const message = async (body: Record<string, unknown>) => (await send(body)).json().error.message;
    expect(await message({ ...details, ...docs, acceptSafety: false })).toBe('Please accept all terms and conditions');
    expect(await message({ ...details, ...docs, rightToWorkUploadId: null })).toBe(
      'Please upload all required documents',
    );
    expect(await message({ ...details, ...docs, vehicleType: 'scooter', insuranceUploadId: undefined })).toBe(
      'Insurance document is required for cars and scooters',
    );
    expect(await message({ ...details, ...docs, firstName: ' ' })).toBe('Please fill in all required fields');
    expect((await send({ ...details, ...docs, acceptTerms: false })).statusCode).toBe(400);
    // A bike needs no insurance.
    const bike = await send({ ...details, ...docs, vehicleType: 'bike', insuranceUploadId: null });
    expect(bike.statusCode, bike.body).toBe(201);
    expect(await t.database.db.select().from(driverDocuments).where(eq(driverDocuments.driverId, d.id))).toHaveLength(
      2,
    );
  });

  it("refuses someone else's documents and uploads of another kind", async () => {
    const d = await applicant();
    const other = await applicant();
    const theirs = await documents(other);
    const mine = await documents(d);
    let res = await driverCall(t, d, 'POST', '/api/driver/application', {
      ...details,
      ...mine,
      photoIdUploadId: theirs.photoIdUploadId,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please upload all required documents');
    res = await driverCall(t, d, 'POST', '/api/driver/application', {
      ...details,
      ...mine,
      insuranceUploadId: theirs.insuranceUploadId,
    });
    expect(res.json().error.message).toBe('Insurance document is required for cars and scooters');
    res = await driverCall(t, d, 'POST', '/api/driver/application', {
      ...details,
      ...mine,
      rightToWorkUploadId: mine.photoIdUploadId,
    });
    expect(res.json().error.message).toBe('Please upload all required documents');
    expect((await t.database.db.select().from(userProfiles).where(eq(userProfiles.userId, d.id)))[0].status).toBeNull();
  });

  it('is for drivers only', async () => {
    await createUser(t, { email: 'shopper@example.com', userType: 'customer', status: 'active' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/driver/application',
      headers: { cookie: await signIn(t, 'shopper@example.com') },
      payload: details,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('availability and postcode', () => {
  it('goes online and offline', async () => {
    const d = await newDriver(t, { online: false });
    let res = await driverCall(t, d, 'PATCH', '/api/driver/availability', { isOnline: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ isOnline: true });
    expect((await driverCall(t, d, 'GET', '/api/driver/profile')).json().isOnline).toBe(true);
    res = await driverCall(t, d, 'PATCH', '/api/driver/availability', { isOnline: false });
    expect((await driverCall(t, d, 'GET', '/api/driver/profile')).json().isOnline).toBe(false);
  });

  it('stores a postcode upper-case with its area, and an outward code on its own', async () => {
    const d = await newDriver(t);
    let res = await driverCall(t, d, 'PATCH', '/api/driver/postcode', { postcode: ' sw1a1aa ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ currentPostcode: 'SW1A 1AA', currentArea: 'SW' });
    res = await driverCall(t, d, 'PATCH', '/api/driver/postcode', { postcode: 'e2' });
    expect(res.json()).toEqual({ currentPostcode: 'E2', currentArea: 'E' });
    expect((await driverCall(t, d, 'GET', '/api/driver/profile')).json()).toMatchObject({
      currentPostcode: 'E2',
      currentArea: 'E',
    });
  });

  it('refuses a blank or made-up postcode with "Please enter a valid postcode"', async () => {
    const d = await newDriver(t);
    for (const postcode of ['', '   ', 'LONDON', '12345']) {
      const res = await driverCall(t, d, 'PATCH', '/api/driver/postcode', { postcode });
      expect(res.statusCode, postcode).toBe(400);
      expect(res.json().error.message).toBe('Please enter a valid postcode');
    }
  });

  it('is for approved drivers only', async () => {
    const pending = await newDriver(t, { status: 'pending' });
    expect((await driverCall(t, pending, 'PATCH', '/api/driver/availability', { isOnline: true })).statusCode).toBe(
      403,
    );
    expect((await driverCall(t, pending, 'PATCH', '/api/driver/postcode', { postcode: 'E1' })).statusCode).toBe(403);
    // The pending driver still reads their own profile (onboarding).
    expect((await driverCall(t, pending, 'GET', '/api/driver/profile')).json().status).toBe('pending');
  });
});
