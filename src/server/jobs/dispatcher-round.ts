import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  DISPATCH_PARAMS,
  type DispatchDriver,
  type DispatchJob,
  type MatchInput,
  type StackHolder,
  freeAfterLastDrop,
  matchOffers,
  matchStackOffers,
} from '../../domain/dispatch';
import { EARNINGS_WINDOW_HOURS, fleetMeanPerHourMinor } from '../../domain/dispatch-fairness';
import { triedDrivers } from '../../domain/dispatch-offers';
import type { GeoPoint } from '../../domain/geo';
import { DEFAULT_PREP_MINUTES } from '../../domain/eta';
import { isPositionFresh } from '../../domain/dispatch-reach';
import { topicName } from '../../domain/topics';
import type { Db } from '../db/client';
import { cities, deliveryJobs, jobOffers, orders, sites, userProfiles } from '../db/schema/index';
import { type EndedOffer, publishEnded, withdrawOffers } from '../modules/dispatcher';
import { enqueueJobOffer, notifyOperations } from '../modules/notifications';
import { announceJob, at, driverCentreSql } from '../modules/reach';
import { onDispatcherWake } from '../platform/dispatcher-wake';
import type { LiveBus } from '../platform/live-bus';
import { startSweeper } from '../platform/sweeper';

/** A round every few seconds, and at once on a wake (docs/decisions/0273-dispatcher-offers-in-the-product.md). */
export const DISPATCHER_ROUND_INTERVAL_MS = 3_000;
const BATCH = 200;
const MINUTE = 60_000;

type Deps = { db: Db; bus: LiveBus };
export type RoundResult = { offered: number; ended: number; starved: number };

/**
 * One round of the dispatcher over the cities that use it:
 * 1. open offers whose window ran out become `expired`, and those whose job was taken, cancelled or ran
 *    out, or whose driver went offline, `withdrawn` (conditional updates from `offered`, so an accept
 *    committing at the same moment keeps the job);
 * 2. the open jobs without an offer out and the free online drivers are matched by the policy's
 *    `matchOffers` (docs/decisions/0259-dispatcher-offers-one-driver-at-a-time.md), leaving out for each
 *    job the drivers who refused it in the current three-minute spell;
 * 3. jobs past the starvation bound go to the board (their `board_at` set once), ops are alerted once
 *    through the outbox and the drivers in reach hear of the job as of a new one;
 * 3b. jobs still without an offer may go, stacked, to a driver holding one job not yet picked up when
 *    the domain's `matchStackOffers` (planStack's rule) says the pair fits; a driver on their last drop
 *    counts as free when that drop is done (chaining; docs/decisions/0282-stacked-orders-and-chaining.md);
 * 4. the offers are written in one transaction under the jobs' row locks (FOR UPDATE SKIP LOCKED); the
 *    partial unique indexes (one open offer per job and per driver) turn a second process's same offer
 *    into nothing (ON CONFLICT DO NOTHING), so processes may run rounds at once.
 * Live events go out after each commit.
 */
export async function runDispatcherRoundOnce(deps: Deps, now: Date = new Date()): Promise<RoundResult> {
  const { db } = deps;
  const t = at(now);

  // 1. Offers that ended without an answer.
  const ended = await db.transaction(async (tx) => {
    const expired = await tx
      .update(jobOffers)
      .set({ status: 'expired', answeredAt: now })
      .where(and(eq(jobOffers.status, 'offered'), lte(jobOffers.expiresAt, now)))
      .returning({ offerId: jobOffers.id, jobId: jobOffers.jobId, driverId: jobOffers.driverId });
    const closed = await withdrawOffers(
      tx,
      sql`exists (select 1 from delivery_jobs j where j.id = ${jobOffers.jobId}
        and (j.status <> 'available' or j.expires_at <= ${t}))`,
      'job_closed',
      now,
    );
    const offline = await withdrawOffers(
      tx,
      sql`exists (select 1 from user_profiles p where p.user_id = ${jobOffers.driverId} and not p.is_online)`,
      'offline',
      now,
    );
    return [...expired.map((e) => ({ ...e, status: 'expired' as const })), ...closed, ...offline] as EndedOffer[];
  });
  await publishEnded(deps.bus, ended);

  // 2. What to match: open jobs in dispatcher cities with no offer out, and free drivers.
  const jobRows = await db
    .select({
      id: deliveryJobs.id,
      orderId: deliveryJobs.orderId,
      area: deliveryJobs.pickupArea,
      restaurantName: deliveryJobs.restaurantName,
      createdAt: deliveryJobs.createdAt,
      boardAt: deliveryJobs.boardAt,
      pickupLat: deliveryJobs.pickupLat,
      pickupLng: deliveryJobs.pickupLng,
      deliveryLat: deliveryJobs.deliveryLat,
      deliveryLng: deliveryJobs.deliveryLng,
      prepMinutes: orders.prepTimeMinutes,
      promisedMinutes: orders.estimatedDeliveryTime,
      orderNumber: orders.orderNumber,
      orderStatus: orders.status,
    })
    .from(deliveryJobs)
    .innerJoin(orders, eq(orders.id, deliveryJobs.orderId))
    .innerJoin(sites, eq(sites.id, deliveryJobs.siteId))
    .innerJoin(cities, eq(cities.slug, sites.citySlug))
    .where(
      and(
        eq(cities.dispatchMode, 'dispatcher'),
        eq(deliveryJobs.status, 'available'),
        gt(deliveryJobs.expiresAt, now),
        sql`not exists (select 1 from job_offers x where x.job_id = ${deliveryJobs.id} and x.status = 'offered')`,
      ),
    )
    .orderBy(asc(deliveryJobs.createdAt))
    .limit(BATCH);
  if (!jobRows.length) return { offered: 0, ended: ended.length, starved: 0 };

  const past = await db
    .select({
      jobId: jobOffers.jobId,
      driverId: jobOffers.driverId,
      status: jobOffers.status,
      answeredAt: jobOffers.answeredAt,
    })
    .from(jobOffers)
    .where(
      inArray(
        jobOffers.jobId,
        jobRows.map((j) => j.id),
      ),
    );
  const centre = driverCentreSql('user_profiles', t);
  const sessionFrom = sql`greatest(${userProfiles.onlineSince}, ${t} - ${`${EARNINGS_WINDOW_HOURS} hours`}::interval)`;
  const driverRows = await db
    .select({
      id: userProfiles.userId,
      vehicle: userProfiles.vehicleType,
      radiusMiles: userProfiles.jobRadiusMiles,
      lat: sql<number | null>`${centre.lat}`.mapWith(Number),
      lng: sql<number | null>`${centre.lng}`.mapWith(Number),
      recentOffers: sql<number>`(select count(*) from job_offers r where r.driver_id = ${userProfiles.userId}
        and r.offered_at > ${t} - interval '30 minutes')`.mapWith(Number),
      // Earnings per online hour over the current session, at most its last hours (docs/decisions/0283-learned-travel-and-fair-earnings.md).
      earnedMinor: sql<number>`coalesce((select sum(e.total_minor) from driver_earnings e
        where e.driver_id = ${userProfiles.userId} and e.created_at >= ${sessionFrom} and e.created_at <= ${t}), 0)`.mapWith(
        Number,
      ),
      onlineMinutes: sql<number>`coalesce(extract(epoch from (${t} - ${sessionFrom})) / 60, 0)`.mapWith(Number),
    })
    .from(userProfiles)
    .where(
      and(
        eq(userProfiles.userType, 'driver'),
        eq(userProfiles.status, 'approved'),
        eq(userProfiles.isOnline, true),
        or(isNotNull(userProfiles.homeLat), isNotNull(userProfiles.boardLat)),
        sql`not exists (select 1 from job_offers x where x.driver_id = ${userProfiles.userId} and x.status = 'offered')`,
        // Chaining (docs/decisions/0282-stacked-orders-and-chaining.md): a driver on their last drop (one job,
        // picked up) counts, free where and when that drop ends; one heading for a pickup is a stack holder.
        sql`not exists (select 1 from delivery_jobs a where a.driver_id = ${userProfiles.userId}
          and (a.status = 'assigned' or (a.status = 'picked_up' and exists (select 1 from delivery_jobs b
            where b.driver_id = a.driver_id and b.status = 'picked_up' and b.id <> a.id))))`,
      ),
    );
  const lastDrops = await lastDropsOf(
    db,
    driverRows.map((d) => d.id),
  );
  const drivers: DispatchDriver[] = driverRows
    .filter((d) => d.lat !== null && d.lng !== null && !Number.isNaN(d.lat) && !Number.isNaN(d.lng))
    .map((d) => {
      const drop = lastDrops.get(d.id);
      return {
        d,
        free: drop
          ? { at: drop.customer, from: freeAfterLastDrop(drop, d.vehicle, now.getTime(), DISPATCH_PARAMS) }
          : null,
      };
    })
    .map(({ d, free }) => ({
      id: d.id,
      vehicle: d.vehicle,
      freeAt: free?.at ?? { lat: d.lat!, lng: d.lng! },
      freeFrom: free?.from ?? now.getTime(),
      radiusMiles: d.radiusMiles,
      recentOffers: d.recentOffers,
      earnedMinor: d.earnedMinor,
      onlineMinutes: Math.max(0, d.onlineMinutes),
    }));

  const placed = jobRows.filter((j) => j.pickupLat !== null && j.pickupLng !== null);
  // A job without a pickup position cannot be matched by distance: it goes straight to the board.
  const unplaced = jobRows.filter((j) => (j.pickupLat === null || j.pickupLng === null) && j.boardAt === null);
  const input: MatchInput = {
    now: now.getTime(),
    fleetMeanPerHourMinor: fleetMeanPerHourMinor(drivers),
    drivers,
    jobs: placed.map((j) => {
      const created = j.createdAt.getTime();
      const kitchen = { lat: j.pickupLat!, lng: j.pickupLng! };
      return {
        id: j.id,
        kitchen,
        customer:
          j.deliveryLat !== null && j.deliveryLng !== null ? { lat: j.deliveryLat, lng: j.deliveryLng } : kitchen,
        createdAt: created,
        ...readiness(j, now),
        promisedAt: created + j.promisedMinutes * MINUTE,
        onBoard: j.boardAt !== null,
        tried: triedDrivers(
          past
            .filter((p) => p.jobId === j.id)
            .map((p) => ({
              driverId: p.driverId,
              refusedAt:
                (p.status === 'declined' || p.status === 'expired') && p.answeredAt ? p.answeredAt.getTime() : null,
            })),
          now.getTime(),
        ),
      };
    }),
  };
  // The product's settings, the very object the city simulator measures (docs/decisions/0287-stacks-on-time-and-the-product-policy.md).
  const plan = matchOffers(input, DISPATCH_PARAMS);
  const offeredJobs = new Set(plan.offers.map((o) => o.jobId));
  const leftOver = input.jobs.filter((j) => !offeredJobs.has(j.id));
  const stacks = leftOver.length
    ? matchStackOffers({ jobs: leftOver, holders: await stackHolders(db, now), now: now.getTime() }, DISPATCH_PARAMS)
    : [];
  const toBoard = [...plan.toBoard, ...unplaced.map((j) => j.id)];

  // 3. Starved jobs to the board, once, with one ops alert each.
  const byId = new Map(jobRows.map((j) => [j.id, j]));
  const starved = toBoard.length
    ? await db.transaction(async (tx) => {
        const moved = await tx
          .update(deliveryJobs)
          .set({ boardAt: now })
          .where(
            and(inArray(deliveryJobs.id, toBoard), isNull(deliveryJobs.boardAt), eq(deliveryJobs.status, 'available')),
          )
          .returning({ id: deliveryJobs.id });
        for (const { id } of moved) {
          const j = byId.get(id)!;
          await notifyOperations(tx, {
            eventId: `job:${id}:starved`,
            title: `Order ${j.orderNumber} went to the jobs board`,
            sentence: `No driver accepted the dispatcher's offers for order ${j.orderNumber} (${j.restaurantName}) in time, so the job is now on the jobs board for every driver in reach. The dispatcher keeps offering it.`,
            path: `/admin/orders/${j.orderNumber}`,
            linkLabel: 'Open the order',
          });
          await enqueueJobOffer(tx, { id, area: j.area, branchName: j.restaurantName });
        }
        return moved.map((m) => byId.get(m.id)!);
      })
    : [];
  for (const j of starved) {
    const data = { jobId: j.id, orderId: j.orderId, area: j.area };
    await deps.bus.publish(topicName.jobs(j.area), 'job.created', data);
    await announceJob(deps, j.id, 'job.created', data, { now });
    await deps.bus.publish(topicName.admin, 'job.starved', { jobId: j.id, orderId: j.orderId });
  }

  // 4. The offers, under the jobs' row locks.
  const planned = [
    ...plan.offers.map((o) => ({ ...o, stackedJobId: null, stackDropOrder: null })),
    ...stacks.map((o) => ({ ...o, stackedJobId: o.heldJobId, stackDropOrder: o.dropOrder })),
  ];
  if (!planned.length) return { offered: 0, ended: ended.length, starved: starved.length };
  const made = await db.transaction(async (tx) => {
    const open = await tx
      .select({ id: deliveryJobs.id })
      .from(deliveryJobs)
      .where(
        and(
          inArray(
            deliveryJobs.id,
            planned.map((o) => o.jobId),
          ),
          eq(deliveryJobs.status, 'available'),
        ),
      )
      .for('update', { skipLocked: true });
    const lockable = new Set(open.map((o) => o.id));
    const rows = planned
      .filter((o) => lockable.has(o.jobId))
      .map((o) => ({
        jobId: o.jobId,
        driverId: o.driverId,
        status: 'offered' as const,
        offeredAt: now,
        expiresAt: new Date(o.expiresAt),
        stackedJobId: o.stackedJobId,
        stackDropOrder: o.stackDropOrder,
      }));
    if (!rows.length) return [];
    return tx.insert(jobOffers).values(rows).onConflictDoNothing().returning({
      offerId: jobOffers.id,
      jobId: jobOffers.jobId,
      driverId: jobOffers.driverId,
      expiresAt: jobOffers.expiresAt,
      stackedJobId: jobOffers.stackedJobId,
    });
  });
  for (const o of made) {
    const data = {
      offerId: o.offerId,
      jobId: o.jobId,
      driverId: o.driverId,
      expiresAt: o.expiresAt.toISOString(),
      ...(o.stackedJobId ? { stackedJobId: o.stackedJobId } : {}),
    };
    await deps.bus.publish(topicName.user(o.driverId), 'offer.made', data);
    await deps.bus.publish(topicName.admin, 'offer.made', data);
  }
  return { offered: made.length, ended: ended.length, starved: starved.length };
}

/** When the food is ready, and whether the kitchen said so: food marked ready is ready now, whatever its prep time said. */
function readiness(
  j: { createdAt: Date; prepMinutes: number | null; orderStatus: string },
  now: Date,
): Pick<DispatchJob, 'readyAt' | 'readyKnown'> {
  const predicted = j.createdAt.getTime() + (j.prepMinutes ?? DEFAULT_PREP_MINUTES) * MINUTE;
  return j.orderStatus === 'READY'
    ? { readyAt: Math.min(now.getTime(), predicted), readyKnown: true }
    : { readyAt: predicted, readyKnown: false };
}

/** Where and since when each of these drivers carries their one picked-up job (their last drop). */
async function lastDropsOf(db: Db, driverIds: string[]) {
  const rows = driverIds.length
    ? await db
        .select({
          driverId: deliveryJobs.driverId,
          pickupLat: deliveryJobs.pickupLat,
          pickupLng: deliveryJobs.pickupLng,
          deliveryLat: deliveryJobs.deliveryLat,
          deliveryLng: deliveryJobs.deliveryLng,
          pickedUpAt: deliveryJobs.pickedUpAt,
        })
        .from(deliveryJobs)
        .where(and(inArray(deliveryJobs.driverId, driverIds), eq(deliveryJobs.status, 'picked_up')))
    : [];
  const drops = new Map<string, { kitchen: GeoPoint; customer: GeoPoint; pickedUpAt: number }>();
  for (const r of rows) {
    if (!r.driverId || r.deliveryLat === null || r.deliveryLng === null) continue;
    const customer = { lat: r.deliveryLat, lng: r.deliveryLng };
    const kitchen = r.pickupLat !== null && r.pickupLng !== null ? { lat: r.pickupLat, lng: r.pickupLng } : customer;
    drops.set(r.driverId, { kitchen, customer, pickedUpAt: (r.pickedUpAt ?? new Date(0)).getTime() });
  }
  return drops;
}

/**
 * The drivers who may be offered a stacked second order (docs/decisions/0282-stacked-orders-and-chaining.md):
 * online, approved, no offer open, holding exactly one job, not yet picked up and not already in a stack;
 * placed where their phone last shared on that job while fresh, else where the board measures them from.
 */
async function stackHolders(db: Db, now: Date): Promise<StackHolder[]> {
  const centre = driverCentreSql('user_profiles', at(now));
  const rows = await db
    .select({
      driverId: userProfiles.userId,
      vehicle: userProfiles.vehicleType,
      lat: sql<number | null>`${centre.lat}`.mapWith(Number),
      lng: sql<number | null>`${centre.lng}`.mapWith(Number),
      job: {
        id: deliveryJobs.id,
        createdAt: deliveryJobs.createdAt,
        pickupLat: deliveryJobs.pickupLat,
        pickupLng: deliveryJobs.pickupLng,
        deliveryLat: deliveryJobs.deliveryLat,
        deliveryLng: deliveryJobs.deliveryLng,
        driverLat: deliveryJobs.driverLat,
        driverLng: deliveryJobs.driverLng,
        driverLocatedAt: deliveryJobs.driverLocatedAt,
      },
      prepMinutes: orders.prepTimeMinutes,
      promisedMinutes: orders.estimatedDeliveryTime,
      orderStatus: orders.status,
    })
    .from(deliveryJobs)
    .innerJoin(userProfiles, eq(userProfiles.userId, deliveryJobs.driverId))
    .innerJoin(orders, eq(orders.id, deliveryJobs.orderId))
    .where(
      and(
        eq(deliveryJobs.status, 'assigned'),
        isNull(deliveryJobs.stackJobId),
        eq(userProfiles.status, 'approved'),
        eq(userProfiles.isOnline, true),
        sql`not exists (select 1 from job_offers x where x.driver_id = ${userProfiles.userId} and x.status = 'offered')`,
        sql`not exists (select 1 from delivery_jobs o where o.driver_id = ${deliveryJobs.driverId}
          and o.id <> ${deliveryJobs.id} and o.status in ('assigned', 'picked_up'))`,
      ),
    )
    .limit(BATCH);
  const holders: StackHolder[] = [];
  for (const r of rows) {
    const j = r.job;
    if (j.pickupLat === null || j.pickupLng === null || j.deliveryLat === null || j.deliveryLng === null) continue;
    const shared =
      j.driverLat !== null && j.driverLng !== null && isPositionFresh(j.driverLocatedAt, now)
        ? { lat: j.driverLat, lng: j.driverLng }
        : null;
    const position =
      shared ?? (r.lat !== null && r.lng !== null && !Number.isNaN(r.lat) ? { lat: r.lat, lng: r.lng } : null);
    const kitchen = { lat: j.pickupLat, lng: j.pickupLng };
    holders.push({
      driverId: r.driverId,
      vehicle: r.vehicle,
      // Without any position the driver is taken to be at the kitchen they are heading for.
      at: position ?? kitchen,
      held: {
        id: j.id,
        kitchen,
        customer: { lat: j.deliveryLat, lng: j.deliveryLng },
        createdAt: j.createdAt.getTime(),
        ...readiness({ createdAt: j.createdAt, prepMinutes: r.prepMinutes, orderStatus: r.orderStatus }, now),
        promisedAt: j.createdAt.getTime() + r.promisedMinutes * MINUTE,
      },
    });
  }
  return holders;
}

/**
 * Runs the round every few seconds and at once on a wake, never two at a time in this process: a wake
 * during a round runs one more round right after it.
 */
export function startDispatcherRounds(
  deps: Deps,
  log: FastifyBaseLogger,
  intervalMs = DISPATCHER_ROUND_INTERVAL_MS,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  let again = false;
  const round = (): Promise<unknown> => {
    if (running) {
      again = true;
      return running;
    }
    running = runDispatcherRoundOnce(deps).finally(() => {
      running = null;
      if (again) {
        again = false;
        void round().catch((err: unknown) => log.error({ err, sweeper: 'dispatcher' }, 'dispatcher sweep failed'));
      }
    });
    return running;
  };
  const stopWake = onDispatcherWake(() => {
    void round().catch((err: unknown) => log.error({ err, sweeper: 'dispatcher' }, 'dispatcher sweep failed'));
  });
  const stop = startSweeper({ name: 'dispatcher', intervalMs, pass: round, log });
  return async () => {
    stopWake();
    await stop();
    await running?.catch(() => undefined);
  };
}
