import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { AppError } from '../../domain/errors';
import type { Actor } from '../../domain/policies';
import { ACTIVE_JOB_STATUSES } from '../../domain/order-flow';
import { topicName } from '../../domain/topics';
import type { Db } from '../db/client';
import { deliveryJobs, orders, user, userProfiles } from '../db/schema/index';
import type { DemoAccount } from '../db/seed/demo-accounts';
import { insertAccount } from '../db/seed/insert-account';
import type { LiveBus } from '../platform/live-bus';
import { startSweeper } from '../platform/sweeper';
import type { UploadStorage } from '../platform/upload-storage';
import { acceptJob, completeDelivery } from '../modules/dispatch';
import { storeUpload } from '../modules/uploads';

/** An earlier design simulated acceptance 30 s after dispatch; the demo fleet keeps that pace (docs/product/driver.md#demo-fleet). */
export const FLEET_ACCEPT_AFTER_MS = 30_000;
export const FLEET_DELIVER_AFTER_MS = 30_000;
export const FLEET_INTERVAL_MS = 5_000;

/** The simulated riders. Their password is random and never stored anywhere: nobody signs in as them. */
export const FLEET_ACCOUNTS: DemoAccount[] = [1, 2, 3].map((i) => ({
  email: `fleet${i}.driver@halalnosh.test`,
  name: `Demo Rider ${i}`,
  userType: 'driver',
  status: 'approved',
  phone: `07700 90099${i}`,
  driver: { postcode: 'E1', online: true, vehicle: 'scooter', licence: `DEMOFLEET0000${i}` },
}));

type Deps = { db: Db; bus: LiveBus; storage: UploadStorage };
export type FleetDriver = { id: string; actor: Actor };

/** Creates the fleet's accounts if missing and returns them. */
export async function ensureFleet(db: Db): Promise<FleetDriver[]> {
  const fleet: FleetDriver[] = [];
  for (const a of FLEET_ACCOUNTS) {
    const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, a.email));
    const id = existing?.id ?? (await insertAccount(db, a, await hashPassword(randomUUID() + randomUUID())));
    fleet.push({
      id,
      actor: { userId: id, email: a.email, name: a.name, userType: 'driver', status: 'approved', adminRole: null },
    });
  }
  return fleet;
}

/** A small plain JPEG standing in for the doorstep photo. */
function proofPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: '#d9e7dc' } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

const ignoreRace = (err: unknown) => {
  // Someone else took the job or moved the order first: that is the real world, not a failure.
  if (!(err instanceof AppError)) throw err;
};

/**
 * One round of the demo fleet (DEMO_FLEET=1 only): a free rider takes each offer that has waited
 * 30 seconds, and delivers each order the restaurant handed to a rider 30 seconds ago, through the
 * same use cases a real driver's taps call (accept, code check, proof upload, completion).
 */
export async function runDemoFleetOnce(
  deps: Deps,
  fleet: FleetDriver[],
  log: FastifyBaseLogger | null,
  now = new Date(),
) {
  const ids = fleet.map((f) => f.id);
  const busy = new Set(
    (
      await deps.db
        .select({ driverId: deliveryJobs.driverId })
        .from(deliveryJobs)
        .where(and(inArray(deliveryJobs.driverId, ids), inArray(deliveryJobs.status, [...ACTIVE_JOB_STATUSES])))
    ).map((r) => r.driverId),
  );
  const free = fleet.filter((f) => !busy.has(f.id));
  const offers = await deps.db
    .select({
      id: deliveryJobs.id,
      area: deliveryJobs.pickupArea,
      postcode: deliveryJobs.pickupPostcode,
      siteId: deliveryJobs.siteId,
      code: deliveryJobs.pickupCode,
      orderId: deliveryJobs.orderId,
    })
    .from(deliveryJobs)
    .where(
      and(
        eq(deliveryJobs.status, 'available'),
        lte(deliveryJobs.createdAt, new Date(now.getTime() - FLEET_ACCEPT_AFTER_MS)),
        gt(deliveryJobs.expiresAt, now),
      ),
    )
    .orderBy(asc(deliveryJobs.createdAt))
    .limit(free.length);
  let accepted = 0;
  for (const [i, offer] of offers.entries()) {
    const rider = free[i];
    // The rider rides over to the job's area and goes online, as a real driver would.
    await deps.db
      .update(userProfiles)
      .set({ currentArea: offer.area, currentPostcode: offer.postcode ?? offer.area, isOnline: true })
      .where(eq(userProfiles.userId, rider.id));
    try {
      await acceptJob(deps, rider.id, offer.id, now);
      accepted++;
      // The restaurant needs the rider's pickup code to hand over; a simulated rider cannot say it.
      log?.info({ orderId: offer.orderId, pickupCode: offer.code }, 'demo fleet rider took a job');
      await deps.bus.publish(topicName.site(offer.siteId), 'demo.pickup_code', {
        orderId: offer.orderId,
        jobId: offer.id,
        pickupCode: offer.code,
      });
    } catch (err) {
      ignoreRace(err);
    }
  }

  const handedOver = await deps.db
    .select({ id: deliveryJobs.id, driverId: deliveryJobs.driverId, code: orders.deliveryVerificationCode })
    .from(deliveryJobs)
    .innerJoin(orders, eq(orders.id, deliveryJobs.orderId))
    .where(
      and(
        inArray(deliveryJobs.driverId, ids),
        eq(deliveryJobs.status, 'picked_up'),
        lte(deliveryJobs.pickedUpAt, new Date(now.getTime() - FLEET_DELIVER_AFTER_MS)),
      ),
    );
  let delivered = 0;
  for (const job of handedOver) {
    const rider = fleet.find((f) => f.id === job.driverId)!;
    try {
      const proof = await storeUpload(deps, rider.actor, 'proof_of_delivery', await proofPhoto());
      await completeDelivery(deps, rider.id, job.id, { code: job.code, proofUploadId: proof.id }, now);
      delivered++;
    } catch (err) {
      ignoreRace(err);
    }
  }
  return { accepted, delivered };
}

/** Starts the demo fleet; only ever called when config.demoFleet is on (DEMO_FLEET=1). */
export function startDemoFleet(
  deps: Deps,
  log: FastifyBaseLogger,
  intervalMs = FLEET_INTERVAL_MS,
): () => Promise<void> {
  // The fleet's accounts are made on the first round; a failure there is retried on the next one.
  let fleet: Promise<FleetDriver[]> | null = null;
  const pass = () => {
    fleet ??= ensureFleet(deps.db).catch((err: unknown) => {
      fleet = null;
      throw err;
    });
    return fleet.then((f) => runDemoFleetOnce(deps, f, log));
  };
  log.warn('DEMO_FLEET is on: simulated riders will accept and deliver jobs');
  return startSweeper({ name: 'demo-fleet', intervalMs, pass, log });
}
