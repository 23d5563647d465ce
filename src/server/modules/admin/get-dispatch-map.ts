import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DispatchDriver, DispatchJob, DispatchMapResponse } from '../../../domain/contracts/admin/dispatch-map';
import { DECLINE_REASON_LABELS } from '../../../domain/dispatch-offers';
import { isPositionFresh } from '../../../domain/dispatch-reach';
import type { Db } from '../../db/client';
import { deliveryJobs, jobOffers, orders, sites, userProfiles } from '../../db/schema/index';
import { at, boardPositionFreshSql, driverCentreSql, reachMilesSql } from '../reach';
import { PERSON_NAME_COLUMNS, personName } from './orders/order-ref';

/** Jobs a driver has and has not yet delivered. */
const TAKEN = ['assigned', 'picked_up'] as const;
/** A city's open jobs and online drivers number in the tens; these bounds only keep a runaway answer small. */
const MAX_JOBS = 500;
const MAX_DRIVERS = 1000;

/**
 * The dispatch map (docs/product/admin.md#dispatch-map, docs/decisions/0170-ops-dispatch-map.md): the
 * open delivery jobs (waiting for a driver first, the longest wait first, then those taken and not yet
 * delivered) with each waiting job's reach by the dispatch-by-distance rule, and the approved drivers
 * online now where the jobs board measures them from (a fresh position on a delivery first).
 */
export async function getDispatchMap(db: Db, now = new Date()): Promise<DispatchMapResponse> {
  const t = at(now);
  const jobRows = await db
    .select({
      id: deliveryJobs.id,
      orderNumber: orders.orderNumber,
      branchName: sites.name,
      pickupPostcode: deliveryJobs.pickupPostcode,
      pickupLat: deliveryJobs.pickupLat,
      pickupLng: deliveryJobs.pickupLng,
      status: deliveryJobs.status,
      createdAt: deliveryJobs.createdAt,
      assignedAt: deliveryJobs.assignedAt,
      driverId: deliveryJobs.driverId,
      reachMiles: sql<number>`${reachMilesSql('delivery_jobs', t)}`.mapWith(Number),
      boardAt: deliveryJobs.boardAt,
      stackJobId: deliveryJobs.stackJobId,
      dropPosition: deliveryJobs.dropPosition,
      ...PERSON_NAME_COLUMNS,
    })
    .from(deliveryJobs)
    .innerJoin(orders, eq(orders.id, deliveryJobs.orderId))
    .innerJoin(sites, eq(sites.id, deliveryJobs.siteId))
    .leftJoin(userProfiles, eq(userProfiles.userId, deliveryJobs.driverId))
    .where(inArray(deliveryJobs.status, ['available', ...TAKEN]))
    .orderBy(desc(sql`${deliveryJobs.status} = 'available'`), asc(deliveryJobs.createdAt), asc(deliveryJobs.id))
    .limit(MAX_JOBS);

  // The dispatcher's open offers and declines of the waiting jobs (docs/decisions/0273-dispatcher-offers-in-the-product.md).
  const waitingIds = jobRows.filter((j) => j.status === 'available').map((j) => j.id);
  const offerRows = waitingIds.length
    ? await db
        .select({
          jobId: jobOffers.jobId,
          status: jobOffers.status,
          reason: jobOffers.declineReason,
          expiresAt: jobOffers.expiresAt,
          answeredAt: jobOffers.answeredAt,
          stackedJobId: jobOffers.stackedJobId,
          ...PERSON_NAME_COLUMNS,
        })
        .from(jobOffers)
        .innerJoin(userProfiles, eq(userProfiles.userId, jobOffers.driverId))
        .where(and(inArray(jobOffers.jobId, waitingIds), inArray(jobOffers.status, ['offered', 'declined'])))
        .orderBy(asc(jobOffers.offeredAt))
    : [];

  const centre = driverCentreSql('user_profiles', t);
  const driverRows = await db
    .select({
      id: userProfiles.userId,
      ...PERSON_NAME_COLUMNS,
      vehicleType: userProfiles.vehicleType,
      postcode: userProfiles.currentPostcode,
      radiusMiles: userProfiles.jobRadiusMiles,
      centreLat: sql<number | null>`${centre.lat}`,
      centreLng: sql<number | null>`${centre.lng}`,
      boardFresh: sql<boolean>`${boardPositionFreshSql('user_profiles', t)}`,
      boardLocatedAt: userProfiles.boardLocatedAt,
    })
    .from(userProfiles)
    .where(
      and(eq(userProfiles.userType, 'driver'), eq(userProfiles.status, 'approved'), eq(userProfiles.isOnline, true)),
    )
    .limit(MAX_DRIVERS);

  const onJob = driverRows.length
    ? await db
        .select({
          driverId: deliveryJobs.driverId,
          orderNumber: orders.orderNumber,
          lat: deliveryJobs.driverLat,
          lng: deliveryJobs.driverLng,
          locatedAt: deliveryJobs.driverLocatedAt,
        })
        .from(deliveryJobs)
        .innerJoin(orders, eq(orders.id, deliveryJobs.orderId))
        .where(
          and(
            inArray(deliveryJobs.status, [...TAKEN]),
            inArray(
              deliveryJobs.driverId,
              driverRows.map((d) => d.id),
            ),
          ),
        )
        .orderBy(desc(deliveryJobs.assignedAt))
    : [];
  // A driver on two jobs shows the one taken last, whose position is the newest.
  const jobOf = new Map<string, (typeof onJob)[number]>();
  for (const j of onJob) if (j.driverId && !jobOf.has(j.driverId)) jobOf.set(j.driverId, j);

  const drivers = driverRows
    .map((d): DispatchDriver => {
      const job = jobOf.get(d.id);
      const base = {
        id: d.id,
        name: personName(d) ?? 'Driver',
        vehicleType: d.vehicleType,
        postcode: d.postcode,
        radiusMiles: d.radiusMiles,
        onJob: job?.orderNumber ?? null,
      };
      if (job && job.lat !== null && job.lng !== null && isPositionFresh(job.locatedAt, now)) {
        const position = { lat: job.lat, lng: job.lng };
        return { ...base, position, positionSource: 'delivery', positionAt: job.locatedAt!.toISOString() };
      }
      if (d.centreLat === null || d.centreLng === null) {
        return { ...base, position: null, positionSource: null, positionAt: null };
      }
      const position = { lat: Number(d.centreLat), lng: Number(d.centreLng) };
      return d.boardFresh
        ? { ...base, position, positionSource: 'board', positionAt: d.boardLocatedAt?.toISOString() ?? null }
        : { ...base, position, positionSource: 'postcode', positionAt: null };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en-GB') || a.id.localeCompare(b.id));

  // Stacks (docs/decisions/0282-stacked-orders-and-chaining.md): the other job's order number, read from
  // the open jobs when it is one of them, else looked up.
  const numberOf = new Map(jobRows.map((j) => [j.id, j.orderNumber]));
  const missing = [
    ...new Set(
      [...jobRows.map((j) => j.stackJobId), ...offerRows.map((o) => o.stackedJobId)].filter(
        (id): id is string => !!id && !numberOf.has(id),
      ),
    ),
  ];
  if (missing.length) {
    const more = await db
      .select({ id: deliveryJobs.id, orderNumber: orders.orderNumber })
      .from(deliveryJobs)
      .innerJoin(orders, eq(orders.id, deliveryJobs.orderId))
      .where(inArray(deliveryJobs.id, missing));
    for (const m of more) numberOf.set(m.id, m.orderNumber);
  }

  return {
    at: now.toISOString(),
    jobs: jobRows.map((j) => {
      const waiting = j.status === 'available';
      const open = waiting
        ? offerRows.find((o) => o.jobId === j.id && o.status === 'offered' && o.expiresAt > now)
        : undefined;
      return {
        id: j.id,
        orderNumber: j.orderNumber,
        branchName: j.branchName,
        pickupPostcode: j.pickupPostcode,
        pickup: j.pickupLat !== null && j.pickupLng !== null ? { lat: j.pickupLat, lng: j.pickupLng } : null,
        status: j.status as DispatchJob['status'],
        offeredAt: j.createdAt.toISOString(),
        waitedMinutes: Math.max(0, Math.floor((now.getTime() - j.createdAt.getTime()) / 60_000)),
        // A taken job no longer widens: its reach no longer says anything.
        reachMiles: waiting ? j.reachMiles : null,
        takenAt: waiting ? null : (j.assignedAt?.toISOString() ?? null),
        driver: !waiting && j.driverId ? { id: j.driverId, name: personName(j) ?? 'Driver' } : null,
        offer: open
          ? {
              driverName: personName(open) ?? 'Driver',
              expiresAt: open.expiresAt.toISOString(),
              stackedWith: open.stackedJobId ? (numberOf.get(open.stackedJobId) ?? null) : null,
            }
          : null,
        stack:
          !waiting && j.stackJobId && numberOf.has(j.stackJobId)
            ? { withOrder: numberOf.get(j.stackJobId)!, dropPosition: j.dropPosition ?? 1 }
            : null,
        declines: offerRows
          .filter((o) => o.jobId === j.id && o.status === 'declined')
          .map((o) => ({
            driverName: personName(o) ?? 'Driver',
            reason: o.reason ? DECLINE_REASON_LABELS[o.reason] : '',
            at: (o.answeredAt ?? o.expiresAt).toISOString(),
          })),
        boardAt: j.boardAt?.toISOString() ?? null,
      };
    }),
    drivers,
  };
}
