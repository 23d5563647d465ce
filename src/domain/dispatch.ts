import { seesJob } from './dispatch-reach';
import { VEHICLE_SPEEDS_KMH, vehicleSpeedKmh } from './eta';
import { type GeoPoint, distanceKm, distanceMiles } from './geo';

/**
 * The dispatcher (docs/decisions/0259-dispatcher-offers-one-driver-at-a-time.md): each open delivery job is
 * offered to one driver at a time, the one whose predicted arrival at the restaurant best meets the
 * predicted ready time (a driver standing at the pass and food going cold at it both cost), nudged by
 * fairness (recent offers, earnings per online hour against the fleet's). An offer lasts a short accept
 * window, then the next candidate gets it. A second order from the same or a nearby kitchen rides with a
 * first one only while the first customer's promised time still holds with the detour (and the second's
 * too). An offer waits for a better-timed driver only for a few minutes after the restaurant accepted,
 * since the order needs a driver within 10 minutes of that (docs/product/orders.md#no-driver-found). A job
 * nobody has taken within the starvation bound goes to the board, as today, and ops are told.
 *
 * Pure functions over plain numbers: times are epoch milliseconds, so the server (with `Date.now()`)
 * and the city simulator in bench/sim (with its own clock) call the same code.
 */

export type DispatchParams = {
  /** Road kilometres per straight-line kilometre (London streets: 1.3–1.4). */
  roadFactor: number;
  /** How long a driver has to accept an offer before it passes to the next candidate. */
  acceptWindowSeconds: number;
  /** The weight of each minute a driver would stand at the pass before the food is ready. */
  driverWaitWeight: number;
  /** The weight of each minute ready food would wait at the pass for the driver. */
  foodWaitWeight: number;
  /** The weight of each minute the driver drives empty to the restaurant (time no order moves). */
  driveWeight: number;
  /** The offer goes out once the best driver would wait no longer than this at the pass… */
  maxDriverWaitMinutes: number;
  /** …or once the job has waited this long, whatever the wait (a driver is due within 10 minutes of accepting). */
  maxHoldMinutes: number;
  /** Fairness: minutes added to a driver's score for each offer made to them in the recent window… */
  fairnessPerRecentOffer: number;
  /** …and for each pound an hour they earn above the fleet's mean (minus below it), capped both ways. */
  fairnessPerPoundPerHour: number;
  fairnessCapMinutes: number;
  /** A driver delivering may be offered the next job when they will be free within this many minutes. */
  chainWithinMinutes: number;
  /** Kitchens this close (straight line) count as nearby for a stacked second order. */
  stackKitchenKm: number;
  /** The second order must be ready within this many minutes of the first one's pickup. */
  stackReadyGapMinutes: number;
  /** Both promised times must still hold with this many minutes to spare (kitchens and streets run late)… */
  stackSlackMinutes: number;
  /**
   * …except that the first customer, when they would be late even alone (a busy evening), may be delivered
   * this many minutes later than alone; the second must still be in time, since the stack is their driver.
   */
  stackFirstDelayMinutes: number;
  /** More minutes to spare for the first customer while either pickup is still a prediction. */
  stackUnreadySlackMinutes: number;
  /**
   * The second customer's margin (docs/decisions/0287-stacks-on-time-and-the-product-policy.md): their promise
   * must hold by `stackSlackMinutes` plus this many spreads (standard deviations) of the predicted time at
   * their door, so that they are on time in about 19 stacks of 20 (1.645: the normal's 95th percentile)…
   */
  stackMarginSpreads: number;
  /** …the spread of a predicted ready time, one per pickup not yet marked ready (kitchens run over and under)… */
  stackReadySpreadMinutes: number;
  /** …of each drop up to theirs, their own included (a customer slow to the door, a flat to find)… */
  stackDoorSpreadMinutes: number;
  /** …and of the driving before their door, as a share of its predicted minutes (traffic, parking). */
  stackDriveSpreadShare: number;
  /** Minutes of handover at the pass and at the door that the predictions allow. */
  pickupHandoverMinutes: number;
  dropHandoverMinutes: number;
  /** A job not taken this many minutes after it was created goes to the board and ops are alerted. */
  starvationMinutes: number;
  /**
   * The weight of each minute the driver's vehicle would take on the ride from kitchen to door beyond the
   * fastest vehicle's (docs/decisions/0284-where-the-p90-comes-from.md): a long ride goes to a motorcycle or
   * a car rather than a bike. On (1) in `DISPATCH_PARAMS`, the product's and the simulator's
   * (docs/decisions/0287-stacks-on-time-and-the-product-policy.md); absent or 0: the ride does not count.
   */
  rideWeight?: number;
  /**
   * Minutes taken off every candidate's score for each minute the job's food has already been ready (at its
   * prediction, or marked ready), so in a round where jobs compete for drivers the oldest food goes first
   * (docs/decisions/0284-where-the-p90-comes-from.md). The same for every driver of a job, so it never
   * changes who is best for one job. On (1) in `DISPATCH_PARAMS`; absent or 0: no urgency.
   */
  urgencyWeight?: number;
  /**
   * An idle driver further than this (straight line, km) from every kitchen is asked to head for one
   * (`restingPlace`), rather than waiting where their last drop left them. Absent: drivers wait where they are.
   * Absent in `DISPATCH_PARAMS`: the product moves nobody and suggests nothing yet, so the simulator's
   * dispatcher does not either; `RESTING_PLACE_TRIAL` is the setting the simulator can try
   * (docs/decisions/0287-stacks-on-time-and-the-product-policy.md).
   */
  repositionBeyondKm?: number;
};

/**
 * The dispatcher's settings, the product's and the simulator's alike (docs/decisions/0287-stacks-on-time-and-the-product-policy.md):
 * the product's round (src/server/jobs/dispatcher-round.ts) and bench/sim/city.ts both take these, so what the
 * bench measures is what the product runs.
 */
export const DISPATCH_PARAMS: DispatchParams = {
  roadFactor: 1.35,
  acceptWindowSeconds: 30,
  driverWaitWeight: 0.5,
  foodWaitWeight: 1,
  driveWeight: 1,
  maxDriverWaitMinutes: 3,
  maxHoldMinutes: 4,
  fairnessPerRecentOffer: 0.5,
  fairnessPerPoundPerHour: 0.25,
  fairnessCapMinutes: 3,
  chainWithinMinutes: 12,
  stackKitchenKm: 1,
  stackReadyGapMinutes: 6,
  stackSlackMinutes: 1,
  stackFirstDelayMinutes: 5,
  stackUnreadySlackMinutes: 5,
  stackMarginSpreads: 1.645,
  stackReadySpreadMinutes: 3.5,
  stackDoorSpreadMinutes: 2,
  stackDriveSpreadShare: 0.15,
  pickupHandoverMinutes: 1,
  dropHandoverMinutes: 2,
  starvationMinutes: 8,
  rideWeight: 1,
  urgencyWeight: 1,
};

/** Resting places as docs/decisions/0284-where-the-p90-comes-from.md measured them: not the product's, a trial only. */
export const RESTING_PLACE_TRIAL: Pick<DispatchParams, 'repositionBeyondKm'> = { repositionBeyondKm: 1 };

const MINUTE = 60_000;

/** A delivery job as the dispatcher sees it. */
export type DispatchJob = {
  id: string;
  kitchen: GeoPoint;
  customer: GeoPoint;
  createdAt: number;
  /** When the kitchen says the food will be ready (accepted + its prep time). */
  readyAt: number;
  /** The time promised to the customer. */
  promisedAt: number;
  /** The kitchen has marked the food ready (`readyAt` is when), rather than `readyAt` being a prediction. */
  readyKnown?: boolean;
};

/** A driver as the dispatcher sees them: where and when they are next free, and their fairness inputs. */
export type DispatchDriver = {
  id: string;
  vehicle: string | null;
  /** Where they will be when free: their position now when idle, the last drop when delivering. */
  freeAt: GeoPoint;
  /** When they will be free (now, or later when delivering). */
  freeFrom: number;
  /** The radius they chose (whole miles): jobs further than this from their free position are never offered. */
  radiusMiles: number;
  /** Offers made to them in the recent window (docs/decisions/0259-dispatcher-offers-one-driver-at-a-time.md: 30 minutes). */
  recentOffers: number;
  /** What they earned this shift, and how long they have been online. */
  earnedMinor: number;
  onlineMinutes: number;
};

/** Minutes to drive a straight-line distance: road distance (× road factor) at the vehicle's speed. */
export function driveMinutes(straightKm: number, vehicle: string | null, params = DISPATCH_PARAMS): number {
  return (Math.max(0, straightKm) * params.roadFactor * 60) / vehicleSpeedKmh(vehicle);
}

const FASTEST_KMH = Math.max(...Object.values(VEHICLE_SPEEDS_KMH));

/**
 * Minutes a vehicle takes to ride a job from its kitchen to its door beyond what the fastest vehicle takes
 * (0 for a motorcycle, about 10 for a bike on a 3 km ride): what giving the ride to this driver costs the
 * customer waiting at the door.
 */
export function rideExcessMinutes(
  job: Pick<DispatchJob, 'kitchen' | 'customer'>,
  vehicle: string | null,
  params = DISPATCH_PARAMS,
) {
  const roadKm = distanceKm(job.kitchen, job.customer) * params.roadFactor;
  return Math.max(0, (roadKm * 60) / vehicleSpeedKmh(vehicle) - (roadKm * 60) / FASTEST_KMH);
}

/** When a driver would reach a kitchen, starting from where and when they are next free (not before `now`). */
export function predictedArrival(driver: DispatchDriver, kitchen: GeoPoint, now: number, params = DISPATCH_PARAMS) {
  const start = Math.max(now, driver.freeFrom);
  return start + driveMinutes(distanceKm(driver.freeAt, kitchen), driver.vehicle, params) * MINUTE;
}

/** Earnings per online hour in pence (0 before the first minute online). */
export function earningsPerHourMinor(earnedMinor: number, onlineMinutes: number): number {
  return onlineMinutes < 1 ? 0 : Math.round((earnedMinor * 60) / onlineMinutes);
}

/**
 * Fairness as minutes added to a driver's score: more for a driver offered much lately or earning above
 * the fleet's mean per hour, less (down to minus the cap) for one earning below it.
 */
export function fairnessMinutes(driver: DispatchDriver, fleetMeanPerHourMinor: number, params = DISPATCH_PARAMS) {
  const offers = driver.recentOffers * params.fairnessPerRecentOffer;
  const earnings =
    driver.onlineMinutes < 30
      ? 0
      : ((earningsPerHourMinor(driver.earnedMinor, driver.onlineMinutes) - fleetMeanPerHourMinor) / 100) *
        params.fairnessPerPoundPerHour;
  const total = offers + earnings;
  return Math.max(-params.fairnessCapMinutes, Math.min(params.fairnessCapMinutes, total));
}

export type Candidate = {
  driverId: string;
  arrivalAt: number;
  /** Minutes the driver would stand at the pass (arrival before ready). */
  driverWaitMinutes: number;
  /** Minutes ready food would wait for the driver (arrival after ready). */
  foodWaitMinutes: number;
  fairnessMinutes: number;
  /** Minutes of driving to the restaurant. */
  driveMinutes: number;
  /** Lower is better. */
  score: number;
};

/** One driver's score for a job: the weighted mismatch between arrival and ready time, plus fairness. */
export function scoreCandidate(
  driver: DispatchDriver,
  job: DispatchJob,
  now: number,
  fleetMeanPerHourMinor: number,
  params = DISPATCH_PARAMS,
): Candidate {
  const drive = driveMinutes(distanceKm(driver.freeAt, job.kitchen), driver.vehicle, params);
  const arrivalAt = Math.max(now, driver.freeFrom) + drive * MINUTE;
  const early = Math.max(0, (job.readyAt - arrivalAt) / MINUTE);
  const late = Math.max(0, (arrivalAt - job.readyAt) / MINUTE);
  const fairness = fairnessMinutes(driver, fleetMeanPerHourMinor, params);
  const ride = params.rideWeight ? rideExcessMinutes(job, driver.vehicle, params) * params.rideWeight : 0;
  const urgency = params.urgencyWeight ? (Math.max(0, now - job.readyAt) / MINUTE) * params.urgencyWeight : 0;
  return {
    driverId: driver.id,
    arrivalAt,
    driverWaitMinutes: early,
    foodWaitMinutes: late,
    fairnessMinutes: fairness,
    driveMinutes: drive,
    score:
      early * params.driverWaitWeight +
      late * params.foodWaitWeight +
      drive * params.driveWeight +
      fairness +
      ride -
      urgency,
  };
}

/**
 * The drivers who may be offered a job, best first: within their own radius of the kitchen, not already
 * tried for it, free now or within the chaining bound. Ties go to the lower id, so the order is stable.
 */
export function rankCandidates(
  job: DispatchJob,
  drivers: readonly DispatchDriver[],
  now: number,
  tried: ReadonlySet<string>,
  fleetMeanPerHourMinor: number,
  params = DISPATCH_PARAMS,
): Candidate[] {
  return drivers
    .filter(
      (d) =>
        !tried.has(d.id) &&
        d.freeFrom <= now + params.chainWithinMinutes * MINUTE &&
        !beyondByLatitude(d.freeAt, job.kitchen, d.radiusMiles) &&
        seesJob(distanceMiles(d.freeAt, job.kitchen), d.radiusMiles, d.radiusMiles),
    )
    .map((d) => scoreCandidate(d, job, now, fleetMeanPerHourMinor, params))
    .sort((a, b) => a.score - b.score || (a.driverId < b.driverId ? -1 : a.driverId > b.driverId ? 1 : 0));
}

const MILES_PER_DEGREE_OF_LATITUDE = (3959 * Math.PI) / 180;

/**
 * Whether two points are further apart than `miles` by their latitudes alone: the distance along the
 * Earth is never shorter than the north-south part of it, so this cheap test only ever rules out points
 * the full distance would rule out too (a round over a city's drivers skips most of its trigonometry).
 */
export function beyondByLatitude(a: GeoPoint, b: GeoPoint, miles: number): boolean {
  return Math.abs(a.lat - b.lat) * MILES_PER_DEGREE_OF_LATITUDE > miles;
}

/** An offer waiting for the driver's answer. */
export type OpenOffer = { driverId: string; offeredAt: number; expiresAt: number };

/** Whether an offer's accept window has run out at `now` (the next candidate gets the job). */
export function offerExpired(offer: OpenOffer, now: number): boolean {
  return now >= offer.expiresAt;
}

/** A job open for longer than the starvation bound: it goes to the board and ops are alerted. */
export function isStarved(job: DispatchJob, now: number, params = DISPATCH_PARAMS): boolean {
  return now - job.createdAt >= params.starvationMinutes * MINUTE;
}

export type DispatchDecision =
  | { kind: 'offer'; driverId: string; expiresAt: number; candidate: Candidate }
  | { kind: 'wait'; reason: 'offer_open' | 'no_candidate' | 'too_early' }
  | { kind: 'board'; alertOps: boolean };

/**
 * What to do with one open job now. `onBoard` says it already went to the board (the alert was raised
 * then, so not again); the dispatcher still offers it while it waits there.
 */
export function decideDispatch(
  input: {
    job: DispatchJob;
    drivers: readonly DispatchDriver[];
    now: number;
    openOffer: OpenOffer | null;
    tried: ReadonlySet<string>;
    onBoard: boolean;
    fleetMeanPerHourMinor: number;
  },
  params = DISPATCH_PARAMS,
): DispatchDecision {
  const { job, now } = input;
  if (!input.onBoard && isStarved(job, now, params)) return { kind: 'board', alertOps: true };
  if (input.openOffer && !offerExpired(input.openOffer, now)) return { kind: 'wait', reason: 'offer_open' };
  const [best] = rankCandidates(job, input.drivers, now, input.tried, input.fleetMeanPerHourMinor, params);
  if (!best) return { kind: 'wait', reason: 'no_candidate' };
  const holding = now < job.createdAt + params.maxHoldMinutes * MINUTE;
  if (holding && best.driverWaitMinutes > params.maxDriverWaitMinutes) return { kind: 'wait', reason: 'too_early' };
  return {
    kind: 'offer',
    driverId: best.driverId,
    expiresAt: now + params.acceptWindowSeconds * 1000,
    candidate: best,
  };
}

export type StackPlan = {
  fits: boolean;
  /** Which customer the driver visits first. */
  order: 'first_then_second' | 'second_then_first';
  firstDeliveredAt: number;
  secondDeliveredAt: number;
  /** When the first customer would be delivered without the stack. */
  firstAloneAt: number;
  /** Minutes the second customer's promise must hold by in this drop order (`stackSecondMarginMinutes`). */
  secondMarginMinutes: number;
};

/**
 * Minutes the second customer's promise must hold by in a stack
 * (docs/decisions/0287-stacks-on-time-and-the-product-policy.md): the flat slack plus `stackMarginSpreads`
 * spreads of the predicted time at their door, the spreads of what comes before it taken as independent
 * errors (the square root of the sum of their squares): each pickup whose ready time is still a prediction,
 * each drop up to theirs (their own handover too: the promise is kept or missed when it ends), and the
 * driving up to their door. The more of the plan is a guess, the more
 * room it needs; the median prediction alone put one second order in two late where stacks were few.
 */
export function stackSecondMarginMinutes(
  input: { unreadyPickups: number; drops: number; driveMinutes: number },
  params = DISPATCH_PARAMS,
): number {
  const variance =
    input.unreadyPickups * params.stackReadySpreadMinutes ** 2 +
    input.drops * params.stackDoorSpreadMinutes ** 2 +
    (Math.max(0, input.driveMinutes) * params.stackDriveSpreadShare) ** 2;
  return params.stackSlackMinutes + params.stackMarginSpreads * Math.sqrt(variance);
}

/**
 * Whether a second job can ride with a driver already heading for a first one's kitchen (not yet picked
 * up): the kitchens are the same or nearby, the second is ready soon after the first, and with both
 * pickups and the detour the first customer's promised time still holds, and the second's too with a
 * margin that grows with the plan's uncertainty (`stackSecondMarginMinutes`). Of the two drop orders the
 * one that delivers both in time with the earlier last drop wins.
 */
export function planStack(
  input: {
    driver: { vehicle: string | null; at: GeoPoint; from: number };
    first: DispatchJob;
    second: DispatchJob;
    now: number;
  },
  params = DISPATCH_PARAMS,
): StackPlan {
  const { driver, first, second } = input;
  const vehicle = driver.vehicle;
  const leg = (a: GeoPoint, b: GeoPoint) => driveMinutes(distanceKm(a, b), vehicle, params) * MINUTE;
  const pickup = params.pickupHandoverMinutes * MINUTE;
  const drop = params.dropHandoverMinutes * MINUTE;
  const start = Math.max(input.now, driver.from);
  const atFirstKitchen = Math.max(start + leg(driver.at, first.kitchen), first.readyAt) + pickup;
  const atSecondKitchen =
    Math.max(atFirstKitchen + leg(first.kitchen, second.kitchen), second.readyAt) +
    (distanceKm(first.kitchen, second.kitchen) < 0.01 ? 0 : pickup);
  const route = (a: DispatchJob, b: DispatchJob) => {
    const aAt = atSecondKitchen + leg(second.kitchen, a.customer) + drop;
    const bAt = aAt + leg(a.customer, b.customer) + drop;
    return { aAt, bAt };
  };
  const one = route(first, second);
  const two = route(second, first);
  const firstAloneAt = atFirstKitchen + leg(first.kitchen, first.customer) + drop;
  // The second customer's margin grows with what is still a guess before their door.
  const unreadyPickups = (first.readyKnown ? 0 : 1) + (second.readyKnown ? 0 : 1);
  const toSecondKitchen = leg(driver.at, first.kitchen) + leg(first.kitchen, second.kitchen);
  const margin = (drops: number, drive: number) =>
    stackSecondMarginMinutes({ unreadyPickups, drops, driveMinutes: drive / MINUTE }, params);
  const plans: StackPlan[] = [
    {
      fits: false,
      order: 'first_then_second',
      firstDeliveredAt: one.aAt,
      secondDeliveredAt: one.bAt,
      firstAloneAt,
      secondMarginMinutes: margin(
        2,
        toSecondKitchen + leg(second.kitchen, first.customer) + leg(first.customer, second.customer),
      ),
    },
    {
      fits: false,
      order: 'second_then_first',
      firstDeliveredAt: two.bAt,
      secondDeliveredAt: two.aAt,
      firstAloneAt,
      secondMarginMinutes: margin(1, toSecondKitchen + leg(second.kitchen, second.customer)),
    },
  ];
  const near = distanceKm(first.kitchen, second.kitchen) <= params.stackKitchenKm;
  const unready = unreadyPickups > 0;
  const slack = (params.stackSlackMinutes + (unready ? params.stackUnreadySlackMinutes : 0)) * MINUTE;
  const soon = second.readyAt <= atFirstKitchen + params.stackReadyGapMinutes * MINUTE;
  // The first customer's bound: their promise with the slack, or, when alone they would miss even that, a
  // few minutes after they would be delivered alone.
  const firstBound =
    firstAloneAt <= first.promisedAt - slack
      ? first.promisedAt - slack
      : firstAloneAt + params.stackFirstDelayMinutes * MINUTE;
  for (const p of plans)
    p.fits =
      near &&
      soon &&
      p.firstDeliveredAt <= firstBound &&
      p.secondDeliveredAt <= second.promisedAt - p.secondMarginMinutes * MINUTE;
  const fitting = plans.filter((p) => p.fits);
  const lastDrop = (p: StackPlan) => Math.max(p.firstDeliveredAt, p.secondDeliveredAt);
  if (fitting.length) return fitting.sort((a, b) => lastDrop(a) - lastDrop(b))[0];
  return plans[0];
}

export type MatchInput = {
  jobs: readonly (DispatchJob & { tried: ReadonlySet<string>; onBoard: boolean })[];
  drivers: readonly DispatchDriver[];
  now: number;
  fleetMeanPerHourMinor: number;
};

export type MatchResult = {
  offers: { jobId: string; driverId: string; expiresAt: number; candidate: Candidate }[];
  /** Jobs past the starvation bound that were not on the board yet: put them there and alert ops. */
  toBoard: string[];
};

/**
 * One round of offers over all the open jobs without an offer out (the dispatcher's loop): every job's
 * best candidates are scored as `decideDispatch` scores them, then the pairs are taken cheapest first,
 * each job and each driver at most once, so two jobs never wait on the same driver and a driver goes to
 * the job they suit best rather than to whichever job was looked at first. A job still inside its hold
 * whose best pair would leave the driver waiting at the pass is left for a later round.
 */
export function matchOffers(input: MatchInput, params = DISPATCH_PARAMS, perJob = 6): MatchResult {
  const { now } = input;
  const toBoard: string[] = [];
  const pairs: { job: DispatchJob; c: Candidate }[] = [];
  for (const job of input.jobs) {
    if (!job.onBoard && isStarved(job, now, params)) toBoard.push(job.id);
    const holding = now < job.createdAt + params.maxHoldMinutes * MINUTE;
    const ranked = rankCandidates(job, input.drivers, now, job.tried, input.fleetMeanPerHourMinor, params);
    for (const c of ranked.slice(0, perJob)) {
      if (holding && c.driverWaitMinutes > params.maxDriverWaitMinutes) continue;
      pairs.push({ job, c });
    }
  }
  pairs.sort(
    (a, b) =>
      a.c.score - b.c.score ||
      a.job.createdAt - b.job.createdAt ||
      (a.job.id < b.job.id ? -1 : a.job.id > b.job.id ? 1 : 0) ||
      (a.c.driverId < b.c.driverId ? -1 : a.c.driverId > b.c.driverId ? 1 : 0),
  );
  const takenJobs = new Set<string>();
  const takenDrivers = new Set<string>();
  const offers: MatchResult['offers'] = [];
  for (const { job, c } of pairs) {
    if (takenJobs.has(job.id) || takenDrivers.has(c.driverId)) continue;
    takenJobs.add(job.id);
    takenDrivers.add(c.driverId);
    offers.push({
      jobId: job.id,
      driverId: c.driverId,
      expiresAt: now + params.acceptWindowSeconds * 1000,
      candidate: c,
    });
  }
  return { offers, toBoard };
}

/**
 * Where an idle driver should wait for their next job (docs/decisions/0284-where-the-p90-comes-from.md): where
 * they are when a kitchen is within `repositionBeyondKm`, else the kitchen that is nearest once weighed by its
 * share of the evening's orders (`weight`, any positive scale: a kitchen twice as busy counts as half as far),
 * among those within the driver's own radius. Null: stay (also when the option is off, or no kitchen is in reach).
 */
export function restingPlace(
  input: { at: GeoPoint; radiusMiles: number; kitchens: readonly { at: GeoPoint; weight: number }[] },
  params = DISPATCH_PARAMS,
): GeoPoint | null {
  const beyond = params.repositionBeyondKm;
  if (beyond === undefined || !input.kitchens.length) return null;
  let best: GeoPoint | null = null;
  let bestCost = Infinity;
  for (const k of input.kitchens) {
    const km = distanceKm(input.at, k.at);
    if (km <= beyond) return null;
    if (k.weight <= 0 || distanceMiles(input.at, k.at) > input.radiusMiles) continue;
    const cost = km / k.weight;
    if (cost < bestCost) {
      bestCost = cost;
      best = k.at;
    }
  }
  return best;
}

/** A driver holding one job not yet picked up: the first job of a possible stack. */
export type StackHolder = {
  driverId: string;
  vehicle: string | null;
  /** Where the driver is now (their shared or postcode position). */
  at: GeoPoint;
  /** When they are at `at`, when not now (the simulator knows when a driver reaches the kitchen). */
  from?: number;
  held: DispatchJob;
};

export type StackOffer = {
  jobId: string;
  driverId: string;
  heldJobId: string;
  /** Which customer the driver visits first: the one of the job they hold, or the one offered. */
  dropOrder: 'held_first' | 'offered_first';
  expiresAt: number;
  plan: StackPlan;
};

/**
 * Stacked offers for one round (docs/decisions/0282-stacked-orders-and-chaining.md): each open job left
 * without an offer may go to a driver holding one job not yet picked up when `planStack` says the pair
 * fits (the rule itself is planStack's, nothing here adds to it). Pairs are taken by the fewest minutes
 * the stack adds to the held customer's delivery, then the earlier last drop, each job and each driver
 * once; a driver who refused the job in the current spell is not asked.
 */
export function matchStackOffers(
  input: {
    jobs: readonly (DispatchJob & { tried: ReadonlySet<string> })[];
    holders: readonly StackHolder[];
    now: number;
  },
  params = DISPATCH_PARAMS,
): StackOffer[] {
  const { now } = input;
  const pairs: { cost: number; last: number; offer: StackOffer }[] = [];
  for (const job of input.jobs) {
    for (const h of input.holders) {
      if (h.held.id === job.id || job.tried.has(h.driverId)) continue;
      if (distanceKm(h.held.kitchen, job.kitchen) > params.stackKitchenKm) continue;
      const plan = planStack(
        {
          driver: { vehicle: h.vehicle, at: h.at, from: Math.max(now, h.from ?? now) },
          first: h.held,
          second: job,
          now,
        },
        params,
      );
      if (!plan.fits) continue;
      pairs.push({
        cost: plan.firstDeliveredAt - plan.firstAloneAt,
        last: Math.max(plan.firstDeliveredAt, plan.secondDeliveredAt),
        offer: {
          jobId: job.id,
          driverId: h.driverId,
          heldJobId: h.held.id,
          dropOrder: plan.order === 'first_then_second' ? 'held_first' : 'offered_first',
          expiresAt: now + params.acceptWindowSeconds * 1000,
          plan,
        },
      });
    }
  }
  pairs.sort(
    (a, b) =>
      a.cost - b.cost ||
      a.last - b.last ||
      (a.offer.jobId < b.offer.jobId ? -1 : a.offer.jobId > b.offer.jobId ? 1 : 0) ||
      (a.offer.driverId < b.offer.driverId ? -1 : a.offer.driverId > b.offer.driverId ? 1 : 0),
  );
  const takenJobs = new Set<string>();
  const takenDrivers = new Set<string>();
  const offers: StackOffer[] = [];
  for (const { offer } of pairs) {
    if (takenJobs.has(offer.jobId) || takenDrivers.has(offer.driverId)) continue;
    takenJobs.add(offer.jobId);
    takenDrivers.add(offer.driverId);
    offers.push(offer);
  }
  return offers;
}

/**
 * Chaining (docs/decisions/0282-stacked-orders-and-chaining.md): when a driver on their last drop, picked
 * up at `pickedUpAt`, will be free at the customer: the drive from the kitchen and the handover at the
 * door, never before `now`. `rankCandidates` offers them the next job when that is within the chaining bound.
 */
export function freeAfterLastDrop(
  drop: { kitchen: GeoPoint; customer: GeoPoint; pickedUpAt: number },
  vehicle: string | null,
  now: number,
  params = DISPATCH_PARAMS,
): number {
  const at =
    drop.pickedUpAt +
    (driveMinutes(distanceKm(drop.kitchen, drop.customer), vehicle, params) + params.dropHandoverMinutes) * MINUTE;
  return Math.max(now, at);
}
