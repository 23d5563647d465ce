import type net from 'node:net';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Actor } from '../../../domain/policies';
import { ADMIN_ROLES, type AdminRole, type DriverStatus, type VehicleType } from '../../../domain/roles';
import { driverDocuments } from '../../db/schema/index';
import { type TestApp, createUser, signIn } from '../../test/test-app';
import { storeUpload } from '../uploads/store-upload';

export type Caller = { id: string; email: string; cookie: string };

/** One signed-in admin of each of the five roles. */
export async function adminsOfEveryRole(
  t: TestApp,
  tag = randomUUID().slice(0, 6),
): Promise<Record<AdminRole, Caller>> {
  const out = {} as Record<AdminRole, Caller>;
  for (const role of ADMIN_ROLES) {
    const email = `${role}.${tag}@example.com`;
    const id = await createUser(t, { email, userType: 'admin', adminRole: role, name: `${role} person` });
    out[role] = { id, email, cookie: await signIn(t, email) };
  }
  return out;
}

/** Listens on a random port so SSE streams can be opened; returns the base URL. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
}

export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');

/** A driver account with the given status and uploaded documents (real files through the upload code). */
export async function driverWithDocuments(
  t: TestApp,
  opts: {
    status?: DriverStatus | null;
    vehicle?: VehicleType;
    documents?: ('photo_id' | 'right_to_work' | 'insurance')[];
    name?: string;
    licence?: string;
    online?: boolean;
  } = {},
): Promise<Caller & { name: string }> {
  const tag = randomUUID().slice(0, 8);
  const email = `driver.${tag}@example.com`;
  const name = opts.name ?? `Driver ${tag}`;
  const id = await createUser(t, {
    email,
    name,
    userType: 'driver',
    status: opts.status === null ? undefined : (opts.status ?? 'pending'),
    phone: '07700 900111',
    driver: {
      postcode: 'E1',
      online: opts.online ?? false,
      vehicle: opts.vehicle ?? 'car',
      licence: opts.licence ?? `LIC${tag.toUpperCase()}`,
    },
  });
  const actor: Actor = { userId: id, email, name, userType: 'driver', status: 'pending', adminRole: null };
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a7' } })
    .png()
    .toBuffer();
  for (const kind of opts.documents ?? ['photo_id', 'right_to_work', 'insurance']) {
    const stored = await storeUpload(
      { db: t.database.db, storage: t.app.deps.uploadStorage },
      actor,
      'driver_document',
      kind === 'right_to_work' ? TINY_PDF : png,
    );
    await t.database.db.insert(driverDocuments).values({ driverId: id, kind, uploadId: stored.id });
  }
  return { id, email, name, cookie: await signIn(t, email) };
}

/** An API call as someone (null: nobody signed in). */
export function call(
  t: TestApp,
  who: Caller | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, payload: payload as never });
}
