import { and, eq, gt, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import { MIN_TRAVEL_MINUTES, vehicleSpeedKmh } from '../../../domain/eta';
import { distanceKm } from '../../../domain/geo';
import {
  PREP_HISTORY_DAYS,
  type PrepPrediction,
  TRAVEL_MIN_LEARNING_KM,
  type TravelHistoryRow,
  type TravelPrediction,
  predictPrepMinutes,
  predictToPickupMinutes,
  predictTravelMinutes,
} from '../../../domain/predictions';
import { REPORT_TIME_ZONE } from '../../../domain/reports';
import type { Tx } from '../../db/client';
import { deliveryJobs, orderPredictions, userProfiles } from '../../db/schema/index';
import { at, driverCentreSql } from '../reach';

const DAY = 86_400_000;

/** The London hour of the day (0–23) of an instant. */
export function londonHour(at: Date): number {
  const text = new Intl.DateTimeFormat('en-GB', {
    timeZone: REPORT_TIME_ZONE,
    hour: 'numeric',
    hourCycle: 'h23',
  }).format(at);
  return Number(text) % 24;
}

/**
 * The city's trips of the last four weeks with a real time and a distance, by the hour the order was accepted:
 * its deliveries (picked up to delivered over the branch-to-door line: what its pace is learned from,
 * docs/decisions/0283-learned-travel-and-fair-earnings.md) or its legs to restaurants (taken to arrived over
 * the driver-to-branch line: the pace without food, docs/decisions/0287-stacks-on-time-and-the-product-policy.md).
 */
async function cityTrips(
  tx: Tx,
  citySlug: string | null,
  now: Date,
  leg: 'delivery' | 'to_pickup',
): Promise<TravelHistoryRow[]> {
  if (!citySlug) return [];
  const km = leg === 'delivery' ? orderPredictions.travelKm : orderPredictions.toPickupKm;
  const minutes = leg === 'delivery' ? orderPredictions.actualTravelMinutes : orderPredictions.actualToPickupMinutes;
  const rows = await tx
    .select({ hour: orderPredictions.acceptHour, km, actualMinutes: minutes })
    .from(orderPredictions)
    .where(
      and(
        eq(orderPredictions.citySlug, citySlug),
        isNotNull(minutes),
        gte(km, TRAVEL_MIN_LEARNING_KM),
        gt(orderPredictions.acceptedAt, new Date(now.getTime() - PREP_HISTORY_DAYS * DAY)),
      ),
    );
  return rows.map((r) => ({ hour: r.hour, km: r.km!, actualMinutes: r.actualMinutes! }));
}

/**
 * On accepting (docs/decisions/0277-learned-prep-and-checked-predictions.md): the prep time learned from
 * the branch's own orders of the last four weeks that reached ready, and the travel from branch to door
 * (the routing service's, else learned from the city's deliveries, else the road factor:
 * docs/decisions/0283-learned-travel-and-fair-earnings.md), recorded so both can be checked against
 * what happens. Returns the predictions the promise uses.
 */
export async function recordAcceptPredictions(
  tx: Tx,
  input: {
    orderId: string;
    siteId: string;
    citySlug: string | null;
    chosenPrepMinutes: number;
    /** Delivery orders: the straight line from the branch to the door and the routing service's minutes, if it answered. */
    travel: { straightKm: number | null; routedMinutes: number | null } | null;
    now: Date;
  },
): Promise<{ prep: PrepPrediction; travel: TravelPrediction | null }> {
  const history = await tx
    .select({
      hour: orderPredictions.acceptHour,
      chosenMinutes: orderPredictions.chosenPrepMinutes,
      actualMinutes: orderPredictions.actualPrepMinutes,
    })
    .from(orderPredictions)
    .where(
      and(
        eq(orderPredictions.siteId, input.siteId),
        isNotNull(orderPredictions.actualPrepMinutes),
        gt(orderPredictions.acceptedAt, new Date(input.now.getTime() - PREP_HISTORY_DAYS * DAY)),
      ),
    );
  const hour = londonHour(input.now);
  const prep = predictPrepMinutes(
    history.map((r) => ({ hour: r.hour, chosenMinutes: r.chosenMinutes, actualMinutes: r.actualMinutes! })),
    hour,
    input.chosenPrepMinutes,
  );
  const leg = input.travel;
  const travel =
    leg && (leg.straightKm !== null || leg.routedMinutes !== null)
      ? predictTravelMinutes({
          history: leg.routedMinutes === null ? await cityTrips(tx, input.citySlug, input.now, 'delivery') : [],
          hour,
          straightKm: leg.straightKm ?? 0,
          // The driver is not known yet: a car's speed, as the order's own estimate.
          speedKmh: vehicleSpeedKmh(null),
          routed: leg.routedMinutes,
          minMinutes: MIN_TRAVEL_MINUTES,
        })
      : null;
  const row = {
    siteId: input.siteId,
    citySlug: input.citySlug,
    acceptedAt: input.now,
    acceptHour: hour,
    chosenPrepMinutes: input.chosenPrepMinutes,
    predictedPrepMinutes: prep.minutes,
    prepSource: prep.source,
    actualPrepMinutes: null,
    predictedTravelMinutes: travel?.minutes ?? null,
    travelSource: travel?.source ?? null,
    travelKm: leg?.straightKm ?? null,
    actualTravelMinutes: null,
    predictedToPickupMinutes: null,
    toPickupSource: null,
    actualToPickupMinutes: null,
    toPickupKm: null,
  };
  await tx
    .insert(orderPredictions)
    .values({ orderId: input.orderId, ...row })
    .onConflictDoUpdate({ target: orderPredictions.orderId, set: row });
  return { prep, travel };
}

/**
 * A driver took the job: the leg to the restaurant predicted from where they were (their shared position
 * while fresh, else their postcode's centre, as the dispatcher sees them) at the city's learned pace
 * without food, else its deliveries' pace, else the road factor at their vehicle's speed; its straight-line
 * km kept to learn from. A driver taken off and another given the job replaces it.
 */
export async function recordTaken(tx: Tx, orderId: string, driverId: string, now: Date): Promise<void> {
  const [p] = await tx
    .select({ citySlug: orderPredictions.citySlug })
    .from(orderPredictions)
    .where(eq(orderPredictions.orderId, orderId));
  if (!p) return;
  const centre = driverCentreSql('user_profiles', at(now));
  const [d] = await tx
    .select({
      vehicle: userProfiles.vehicleType,
      lat: sql<number | null>`${centre.lat}`.mapWith(Number),
      lng: sql<number | null>`${centre.lng}`.mapWith(Number),
    })
    .from(userProfiles)
    .where(eq(userProfiles.userId, driverId));
  const [job] = await tx
    .select({ lat: deliveryJobs.pickupLat, lng: deliveryJobs.pickupLng })
    .from(deliveryJobs)
    .where(eq(deliveryJobs.orderId, orderId));
  const known = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);
  const placed = d && job && known(d.lat) && known(d.lng) && known(job.lat) && known(job.lng);
  const straightKm = placed ? distanceKm({ lat: d.lat!, lng: d.lng! }, { lat: job.lat!, lng: job.lng! }) : null;
  const predicted =
    straightKm !== null
      ? predictToPickupMinutes({
          emptyHistory: await cityTrips(tx, p.citySlug, now, 'to_pickup'),
          history: await cityTrips(tx, p.citySlug, now, 'delivery'),
          hour: londonHour(now),
          straightKm,
          speedKmh: vehicleSpeedKmh(d!.vehicle),
        })
      : null;
  await tx
    .update(orderPredictions)
    .set({
      predictedToPickupMinutes: predicted?.minutes ?? null,
      toPickupSource: predicted?.source ?? null,
      actualToPickupMinutes: null,
      toPickupKm: straightKm,
    })
    .where(eq(orderPredictions.orderId, orderId));
}

/** The driver said "I've Arrived" at the restaurant: the real leg to it (arrived less taken), once. */
export async function recordArrivedAtPickup(tx: Tx, orderId: string, now: Date): Promise<void> {
  const [job] = await tx
    .select({ assignedAt: deliveryJobs.assignedAt })
    .from(deliveryJobs)
    .where(eq(deliveryJobs.orderId, orderId));
  if (!job?.assignedAt) return;
  await tx
    .update(orderPredictions)
    .set({ actualToPickupMinutes: Math.max(0, (now.getTime() - job.assignedAt.getTime()) / 60_000) })
    .where(and(eq(orderPredictions.orderId, orderId), isNull(orderPredictions.actualToPickupMinutes)));
}

/** The kitchen marked the order ready: its real prep time, once. */
export async function recordReady(tx: Tx, orderId: string, now: Date): Promise<void> {
  const [row] = await tx
    .select({ acceptedAt: orderPredictions.acceptedAt })
    .from(orderPredictions)
    .where(and(eq(orderPredictions.orderId, orderId), isNull(orderPredictions.actualPrepMinutes)));
  if (!row) return;
  await tx
    .update(orderPredictions)
    .set({ actualPrepMinutes: Math.max(0, (now.getTime() - row.acceptedAt.getTime()) / 60_000) })
    .where(eq(orderPredictions.orderId, orderId));
}

/** The order was delivered: its real travel time from the pickup, once. */
export async function recordDelivered(tx: Tx, orderId: string, now: Date): Promise<void> {
  const [job] = await tx
    .select({ pickedUpAt: deliveryJobs.pickedUpAt })
    .from(deliveryJobs)
    .where(eq(deliveryJobs.orderId, orderId));
  if (!job?.pickedUpAt) return;
  await tx
    .update(orderPredictions)
    .set({ actualTravelMinutes: Math.max(0, (now.getTime() - job.pickedUpAt.getTime()) / 60_000) })
    .where(and(eq(orderPredictions.orderId, orderId), isNull(orderPredictions.actualTravelMinutes)));
}
