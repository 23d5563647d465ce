/**
 * A London evening in accelerated time (docs/decisions/0259-dispatcher-offers-one-driver-at-a-time.md): a
 * discrete-event simulation (a priority queue of events on a simulated clock) of the demo catalog's
 * London branches, customers at the postcode-district centres around them, drivers starting online in
 * their home districts, and three dispatch policies over the same seeded orders, drivers and answers:
 *
 * - `board`: today's jobs board (docs/decisions/0158-dispatch-by-distance.md): a job is seen by idle
 *   drivers within their radius and its widening reach; a driver who looks takes the nearest they will do.
 * - `nearest`: offers to the nearest idle driver, one at a time, each with the accept window.
 * - `dispatcher`: src/domain/dispatch.ts: timed offers, chaining, stacking, the starvation bound.
 *
 * Deterministic for a seed: every random draw comes from seeded generators, and a driver's answer to an
 * offer is a hash of (seed, driver, job, attempt), so all policies meet the same people.
 */
import { calculateDriverPay } from '../../src/domain/pay';
import {
  DISPATCH_PARAMS,
  type DispatchDriver,
  type DispatchJob,
  type DispatchParams,
  type OpenOffer,
  type StackHolder,
  beyondByLatitude,
  matchOffers,
  matchStackOffers,
  driveMinutes,
  earningsPerHourMinor,
  planStack,
  restingPlace,
} from '../../src/domain/dispatch';
import { jobReachMiles, seesJob } from '../../src/domain/dispatch-reach';
import { PREP_TIME_CHOICES, travelMinutes } from '../../src/domain/eta';
import { type GeoPoint, distanceKm, distanceMiles } from '../../src/domain/geo';
import { type PrepHistoryRow, predictPrepMinutes, promiseMinutes } from '../../src/domain/predictions';
import { SETTING_DEFAULTS } from '../../src/domain/settings';
import demoBrands from '../../src/server/db/seed/demo-brands.json';
import districts from '../../src/server/modules/geo/postcode-districts.json';

export type Policy = 'board' | 'nearest' | 'dispatcher';
export const POLICIES: Policy[] = ['board', 'nearest', 'dispatcher'];

const MINUTE = 60_000;
const SECOND = 1000;

// ---------------------------------------------------------------- seeded randomness

/** mulberry32: a small, fast, seedable generator (uniform in [0, 1)). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniform draw fixed by its inputs: the same driver answers the same offer alike under every policy. */
function hashUniform(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const p of parts) {
    h = Math.imul(h ^ (p >>> 0), 0x01000193);
    h ^= h >>> 13;
    h = Math.imul(h, 0x5bd1e995);
  }
  h ^= h >>> 15;
  return (h >>> 0) / 4294967296;
}

function normal(r: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
}

function pickWeighted<T>(items: readonly T[], weights: readonly number[], r: () => number): T {
  const total = weights.reduce((a, b) => a + b, 0);
  let x = r() * total;
  for (let i = 0; i < items.length; i++) {
    x -= weights[i];
    if (x < 0) return items[i];
  }
  return items[items.length - 1];
}

// ---------------------------------------------------------------- the city

export type Branch = {
  id: number;
  name: string;
  at: GeoPoint;
  radiusMiles: number;
  feeMinor: number;
  prepChoice: number;
  /** Minutes this kitchen typically runs over its chosen prep time (some always late, some early). */
  overrunMinutes: number;
  /** The branch's past orders (four weeks of evenings), from which its prep time is learned. */
  history: PrepHistoryRow[];
  popularity: number;
};

/** A kitchen's real prep time: its choice plus its own overrun, σ 3.5 minutes, never under 5. */
function actualPrepMinutes(choice: number, overrun: number, r: () => number): number {
  return Math.max(5, choice + overrun + normal(r) * 3.5);
}

/** The demo catalog's London branches, each with its chosen prep time (from its advertised window) and a popularity. */
export function londonBranches(seed: number): Branch[] {
  const r = rng(seed ^ 0xb4a2c);
  const out: Branch[] = [];
  for (const brand of demoBrands as {
    name: string;
    sites: { branch: string; city: string; lat: number; lng: number; radius: number; fee: number; eta: number[] }[];
  }[])
    for (const s of brand.sites) {
      if (s.city !== 'london') continue;
      // The kitchen's prep choice: its advertised window's low end less a typical 10-minute ride, to the nearest choice.
      const target = s.eta[0] - 10;
      const prepChoice = [...PREP_TIME_CHOICES].sort((a, b) => Math.abs(a - target) - Math.abs(b - target))[0];
      const overrunMinutes = 1 + normal(r) * 2;
      const history: PrepHistoryRow[] = [];
      // Four weeks of its evenings: a handful of orders an hour, the same kitchen as tonight's.
      for (let hour = 11; hour < 24; hour++)
        for (let k = 0; k < 8; k++)
          history.push({
            hour,
            chosenMinutes: prepChoice,
            actualMinutes: actualPrepMinutes(prepChoice, overrunMinutes, r),
          });
      out.push({
        id: out.length,
        name: `${brand.name}, ${s.branch}`,
        at: { lat: s.lat, lng: s.lng },
        radiusMiles: s.radius,
        feeMinor: s.fee,
        prepChoice,
        overrunMinutes,
        history,
        popularity: 0.5 + r() * 1.5,
      });
    }
  return out;
}

/** London's postcode-district centres (the bundled geocoder's table). */
export function londonDistricts(): { code: string; at: GeoPoint }[] {
  const out: { code: string; at: GeoPoint }[] = [];
  for (const [group, codes] of Object.entries(
    districts as unknown as Record<string, Record<string, [number, number]>>,
  )) {
    if (!group.startsWith('London') && group !== 'Outer London') continue;
    for (const [code, [lat, lng]] of Object.entries(codes)) out.push({ code, at: { lat, lng } });
  }
  return out;
}

/**
 * Orders per hour of the day, relative (docs/decisions/0259-dispatcher-offers-one-driver-at-a-time.md): a
 * weekday's lunch and dinner peaks; on a Friday the Jumu'ah prayer empties lunch from 13:00 and the hour
 * after it fills; in Ramadan daytime orders fall away, and the hour before iftar (people order to eat at
 * sunset) and the iftar hour itself are the evening's peak, with a tail after taraweeh.
 */
export function demandByHour(opts: { friday: boolean; ramadan: boolean; iftarHour: number }): number[] {
  const w = [
    0.3, 0.2, 0.1, 0.05, 0.05, 0.05, 0.05, 0.1, 0.15, 0.2, 0.3, 0.6, 1.0, 0.9, 0.5, 0.4, 0.5, 0.9, 1.4, 1.6, 1.3, 0.9,
    0.6, 0.4,
  ];
  if (opts.friday) {
    w[12] = 0.8;
    w[13] = 0.45;
    w[14] = 1.3;
    for (let h = 17; h <= 22; h++) w[h] *= 1.1;
  }
  if (opts.ramadan) {
    for (let h = 5; h < opts.iftarHour - 1; h++) w[h] *= 0.25;
    w[opts.iftarHour - 1] = 1.9;
    w[opts.iftarHour] = 1.7;
    w[opts.iftarHour + 1] = 1.2;
    w[opts.iftarHour + 2] = Math.max(w[opts.iftarHour + 2], 1.0);
    w[2] = 0.4; // suhoor
  }
  return w;
}

export type SimConfig = {
  seed: number;
  orders: number;
  drivers: number;
  startHour: number;
  hours: number;
  friday: boolean;
  ramadan: boolean;
  iftarHour: number;
  params: DispatchParams;
  /** How often the policies look at the open jobs (the dispatcher's loop; the board's drivers' refresh). */
  tickSeconds: number;
  /**
   * How much faster a driver goes without food (to a kitchen, to a resting place) than with it: an assumption,
   * not a measurement (docs/decisions/0287-stacks-on-time-and-the-product-policy.md). 1, the default, is the
   * same pace both ways, as every run before it; the product learns the real figure from its own legs to
   * restaurants. The policies' predictions do not know it: they see the vehicle's one speed.
   */
  emptyPace: number;
};

/**
 * The dispatcher as the bench measures it: exactly the product's settings, `DISPATCH_PARAMS` itself
 * (docs/decisions/0287-stacks-on-time-and-the-product-policy.md), so the bench cannot measure a policy the
 * product does not run. Long rides go to fast vehicles and the oldest food first (0284's options, on in the
 * product); resting places are not the product's, so no idle driver moves unless a run asks for
 * `RESTING_PLACE_TRIAL`. They change nothing for the board or offers to the nearest.
 */
export const SIM_DISPATCH_PARAMS: DispatchParams = DISPATCH_PARAMS;

export const DEFAULT_CONFIG: SimConfig = {
  seed: 259,
  orders: 2000,
  drivers: 150,
  startHour: 17,
  hours: 4,
  friday: true,
  ramadan: true,
  iftarHour: 18,
  params: SIM_DISPATCH_PARAMS,
  tickSeconds: 15,
  emptyPace: 1,
};

type Order = {
  id: number;
  branch: Branch;
  customer: GeoPoint;
  placedAt: number;
  acceptedAt: number;
  predictedReadyAt: number;
  readyAt: number;
  promisedAt: number;
  payMinor: number;
  deliveryMiles: number;
  /** Not at home: minutes until they answer the door, or null when they never do (the driver waits 5 minutes). */
  notHome: number | null | undefined;
};

type DriverSpec = {
  id: number;
  home: GeoPoint;
  vehicle: string;
  radiusMiles: number;
  shiftStart: number;
  shiftEnd: number;
  lookEverySeconds: number;
};

/** The seeded evening: its orders and its drivers, the same for every policy. */
export function makeEvening(cfg: SimConfig): {
  orders: Order[];
  drivers: DriverSpec[];
  branches: Branch[];
  start: number;
  end: number;
} {
  const branches = londonBranches(cfg.seed);
  const places = londonDistricts();
  const r = rng(cfg.seed);
  const start = Date.UTC(2026, 2, 13, cfg.startHour, 0); // a Friday in Ramadan 2026
  const end = start + cfg.hours * 60 * MINUTE;
  const weights = demandByHour(cfg);
  // The arrival density by minute, linear between the hours' centres.
  const minutes = cfg.hours * 60;
  const density: number[] = [];
  for (let m = 0; m < minutes; m++) {
    const h = cfg.startHour + m / 60 - 0.5;
    const h0 = Math.floor(h);
    const f = h - h0;
    density.push(weights[((h0 % 24) + 24) % 24] * (1 - f) + weights[(h0 + 1) % 24] * f);
  }
  const cumulative: number[] = [];
  density.reduce((acc, d, i) => (cumulative[i] = acc + d), 0);
  const total = cumulative[cumulative.length - 1];
  const pay = SETTING_DEFAULTS;
  const nearBranch = branches.map((b) => places.filter((p) => distanceMiles(p.at, b.at) <= b.radiusMiles));
  const orders: Order[] = [];
  for (let i = 0; i < cfg.orders; i++) {
    const x = r() * total;
    let lo = 0;
    let hi = minutes - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    const placedAt = start + (lo + r()) * MINUTE;
    const branch = pickWeighted(
      branches,
      branches.map((b) => b.popularity),
      r,
    );
    // Customers: a district centre within the branch's radius, nearer ones likelier, then a few hundred metres off it.
    const near = nearBranch[branch.id];
    const home = pickWeighted(
      near,
      near.map((p) => 1 / (0.4 + distanceMiles(p.at, branch.at)) ** 3),
      r,
    ).at;
    const customer = { lat: home.lat + normal(r) * 0.004, lng: home.lng + normal(r) * 0.006 };
    const acceptedAt = placedAt + (0.5 + r() * 3) * MINUTE;
    // The prep time the dispatcher predicts, learned from the branch's history at this hour (src/domain/predictions.ts).
    const prep = predictPrepMinutes(branch.history, new Date(acceptedAt).getUTCHours(), branch.prepChoice);
    const predictedReadyAt = acceptedAt + prep.minutes * MINUTE;
    const prepActual = actualPrepMinutes(branch.prepChoice, branch.overrunMinutes, r);
    const straightKm = distanceKm(branch.at, customer);
    const deliveryMiles = distanceMiles(branch.at, customer);
    const u = r();
    const answer = r();
    orders.push({
      id: i,
      branch,
      customer,
      placedAt,
      acceptedAt,
      predictedReadyAt,
      readyAt: acceptedAt + prepActual * MINUTE,
      // The product's promise on accept (src/domain/predictions.ts): the learned prep, the handovers and the
      // straight-line travel estimate (no routing service here).
      promisedAt:
        acceptedAt +
        promiseMinutes({ prep, busyExtraMinutes: 0, travelMinutes: travelMinutes(straightKm, null) }) * MINUTE,
      payMinor: calculateDriverPay(pay, deliveryMiles, branch.feeMinor, 2500, new Date(acceptedAt)).totalPayMinor,
      deliveryMiles,
      // 5 % are not at the door when the driver arrives: most come within the 5-minute wait, some never.
      notHome: u < 0.05 ? (answer < 0.7 ? 1 + answer * 5 : null) : undefined,
    });
  }
  orders.sort((a, b) => a.placedAt - b.placedAt);
  orders.forEach((o, i) => (o.id = i));
  // Drivers start near the kitchens (where the work is, busier kitchens drawing more); most are online all
  // evening, the rest join during it and leave after an hour and a half to three hours.
  const drivers: DriverSpec[] = [];
  for (let i = 0; i < cfg.drivers; i++) {
    const base = pickWeighted(
      branches,
      branches.map((b) => b.popularity),
      r,
    ).at;
    const home = { lat: base.lat + normal(r) * 0.008, lng: base.lng + normal(r) * 0.012 };
    const v = r();
    const vehicle = v < 0.3 ? 'bike' : v < 0.65 ? 'scooter' : v < 0.8 ? 'motorcycle' : 'car';
    const all = r() < 0.85;
    const shiftStart = all ? start + r() * 15 * MINUTE : start + r() * 120 * MINUTE;
    const shiftEnd = all ? end + 30 * MINUTE : Math.min(end + 30 * MINUTE, shiftStart + (90 + r() * 90) * MINUTE);
    const radius = r();
    drivers.push({
      id: i,
      home: { lat: home.lat + normal(r) * 0.003, lng: home.lng + normal(r) * 0.0045 },
      vehicle,
      radiusMiles: radius < 0.6 ? 3 : radius < 0.9 ? 5 : 2,
      shiftStart,
      shiftEnd,
      lookEverySeconds: 15 + r() * 45,
    });
  }
  return { orders, drivers, branches, start, end };
}

// ---------------------------------------------------------------- the event queue

type Event = { at: number; seq: number; kind: string; driver?: number; order?: number; token?: number };

class EventQueue {
  private heap: Event[] = [];
  private seq = 0;
  push(e: Omit<Event, 'seq'>) {
    const ev = { ...e, seq: this.seq++ };
    const h = this.heap;
    h.push(ev);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (less(h[p], h[i])) break;
      [h[p], h[i]] = [h[i], h[p]];
      i = p;
    }
  }
  pop(): Event | undefined {
    const h = this.heap;
    if (!h.length) return undefined;
    const top = h[0];
    const last = h.pop()!;
    if (h.length) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const rr = l + 1;
        let m = i;
        if (l < h.length && less(h[l], h[m])) m = l;
        if (rr < h.length && less(h[rr], h[m])) m = rr;
        if (m === i) break;
        [h[m], h[i]] = [h[i], h[m]];
        i = m;
      }
    }
    return top;
  }
  get size() {
    return this.heap.length;
  }
}
function less(a: Event, b: Event) {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}

// ---------------------------------------------------------------- one run

type Stop = { kind: 'pickup' | 'drop'; order: number };

type SimDriver = DriverSpec & {
  online: boolean;
  pos: GeoPoint;
  plan: Stop[];
  /** Bumped whenever a travel is scheduled, so a stale arrival event is ignored. */
  token: number;
  /** When the travel under way ends. */
  eta: number;
  busySince: number | null;
  busyMs: number;
  onlineSince: number;
  onlineMs: number;
  earnedMinor: number;
  roadKm: number;
  offerTimes: number[];
  offerOpen: number | null;
  nextLook: number;
  left: boolean;
  /** An idle driver on the way to a better place to wait (the dispatcher's `restingPlace`), or null. */
  repo: { from: GeoPoint; to: GeoPoint; start: number; eta: number; km: number } | null;
};

type OrderState = {
  assignedAt: number | null;
  driver: number | null;
  pickedUpAt: number | null;
  /** Minutes the driver stood at the pass before the food was ready. */
  driverWait: number | null;
  /** When the driver who picked it up reached the kitchen. */
  arrivedAt: number | null;
  deliveredAt: number | null;
  failed: boolean;
  cancelled: boolean;
  tried: Set<number>;
  /** The same ids as strings, for the domain's functions. */
  triedIds: Set<string>;
  triedSince: number;
  offer: (OpenOffer & { driver: number; stack: boolean }) | null;
  onBoard: boolean;
  attempts: number;
  stacked: boolean;
  /** For a stacked second order: when planStack put it at the door, and the margin it kept (minutes). */
  stackPlannedAt: number | null;
  stackMarginMinutes: number | null;
};

export type PolicyResult = {
  policy: Policy;
  drivers: number;
  orders: number;
  delivered: number;
  cancelled: number;
  failedNotHome: number;
  clickToDoorP50: number;
  clickToDoorP90: number;
  passWaitP50: number;
  passWaitP90: number;
  driverWaitP50: number;
  driverWaitP90: number;
  late: number;
  noDriverAfter10: number;
  utilisation: number;
  earningsPerOnlineHourMinor: number;
  kmPerOrder: number;
  /** Of those, driven by idle drivers heading for a resting place (the dispatcher's repositioning). */
  repositionKmPerOrder: number;
  stacks: number;
  stacksOnTime: number;
  opsAlerts: number;
  offers: number;
  events: number;
};

/** Customers give up on an order nobody has taken an hour after they placed it. */
const CANCEL_UNASSIGNED_MINUTES = 60;
/** The driver waits this long at a door nobody answers. */
const NOT_HOME_WAIT_MINUTES = 5;

/** Percentile (0..100) of numbers, nearest rank; Infinity stands for an order never delivered. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/** Whether a driver takes an offered job: likelier when the pickup is close, and for a stack (two fees). */
function accepts(cfg: SimConfig, driver: number, order: number, attempt: number, pickupKm: number, stack: boolean) {
  const p = Math.max(0.35, Math.min(0.95, 0.95 - 0.07 * pickupKm)) + (stack ? 0.05 : 0);
  return hashUniform(cfg.seed, driver, order, attempt, 1) < p;
}
/** Seconds a driver takes to answer an offer: most within ten, about one in nine lets a 30-second window run out. */
function answerSeconds(cfg: SimConfig, driver: number, order: number, attempt: number) {
  return 2 + hashUniform(cfg.seed, driver, order, attempt, 2) ** 3 * 40;
}

/**
 * One order's timeline, for working out where click-to-door goes (`simulate`'s `onOrder`): epoch ms, null
 * where it never happened; `directMinutes` is the kitchen-to-door drive at the delivering driver's speed.
 */
export type OrderTrace = {
  id: number;
  branch: number;
  placedAt: number;
  acceptedAt: number;
  readyAt: number;
  promisedAt: number;
  assignedAt: number | null;
  arrivedAt: number | null;
  pickedUpAt: number | null;
  deliveredAt: number | null;
  vehicle: string | null;
  deliveryKm: number;
  directMinutes: number | null;
  stacked: boolean;
  /** A stacked second order: when the plan put it at the door, and the margin it kept (minutes); else null. */
  stackPlannedAt: number | null;
  stackMarginMinutes: number | null;
  failed: boolean;
  cancelled: boolean;
  notHome: boolean;
};

/**
 * The evening for a config, made once per config object: `compare` runs every policy over the same one (the
 * simulation only reads it; each run copies the drivers it moves). Making it prices every order, which is
 * not free.
 */
const evenings = new WeakMap<SimConfig, ReturnType<typeof makeEvening>>();
function eveningOf(cfg: SimConfig) {
  let e = evenings.get(cfg);
  if (!e) evenings.set(cfg, (e = makeEvening(cfg)));
  return e;
}

export function simulate(
  cfg: SimConfig,
  policy: Policy,
  opts: { onOrder?: (o: OrderTrace) => void } = {},
): PolicyResult {
  const evening = eveningOf(cfg);
  const { orders, start, end } = evening;
  const params = cfg.params;
  const q = new EventQueue();
  const drivers: SimDriver[] = evening.drivers.map((d) => ({
    ...d,
    online: false,
    pos: d.home,
    plan: [],
    token: 0,
    eta: 0,
    busySince: null,
    busyMs: 0,
    onlineSince: 0,
    onlineMs: 0,
    earnedMinor: 0,
    roadKm: 0,
    offerTimes: [],
    offerOpen: null,
    nextLook: 0,
    left: false,
    repo: null,
  }));
  const state: OrderState[] = orders.map(() => ({
    assignedAt: null,
    driver: null,
    pickedUpAt: null,
    driverWait: null,
    arrivedAt: null,
    deliveredAt: null,
    failed: false,
    cancelled: false,
    tried: new Set(),
    triedIds: new Set(),
    triedSince: 0,
    offer: null,
    onBoard: false,
    attempts: 0,
    stacked: false,
    stackPlannedAt: null,
    stackMarginMinutes: null,
  }));
  const open = new Set<number>(); // jobs created, not yet taken
  let stacksOnTime = 0;
  let repoKm = 0;
  let opsAlerts = 0;
  let offers = 0;
  let events = 0;

  for (const o of orders) q.push({ at: o.acceptedAt, kind: 'job', order: o.id });
  for (const o of orders) q.push({ at: o.placedAt + CANCEL_UNASSIGNED_MINUTES * MINUTE, kind: 'cancel', order: o.id });
  for (const d of drivers) {
    q.push({ at: d.shiftStart, kind: 'online', driver: d.id });
    q.push({ at: d.shiftEnd, kind: 'offline', driver: d.id });
  }
  for (let t = start; t < end + 3 * 60 * MINUTE; t += cfg.tickSeconds * SECOND) q.push({ at: t, kind: 'tick' });

  function clearTried(s: OrderState) {
    s.tried.clear();
    s.triedIds.clear();
  }

  const idle = (d: SimDriver) => d.online && !d.left && d.plan.length === 0 && d.offerOpen === null;

  function setBusy(d: SimDriver, now: number) {
    if (d.busySince === null) d.busySince = now;
  }
  function setIdle(d: SimDriver, now: number) {
    if (d.busySince !== null) {
      d.busyMs += now - d.busySince;
      d.busySince = null;
    }
    if (d.left) goOffline(d, now);
    else reposition(d, now);
  }
  // Where the dispatcher asks an idle driver to wait (off unless params.repositionBeyondKm is set; never on
  // the board or for offers to the nearest, whose drivers wait where their last drop left them).
  const kitchens = evening.branches.map((b) => ({ at: b.at, weight: b.popularity }));
  function reposition(d: SimDriver, now: number) {
    if (policy !== 'dispatcher' || !d.online || d.left || d.plan.length) return;
    settle(d, now);
    const to = restingPlace({ at: d.pos, radiusMiles: d.radiusMiles, kitchens }, params);
    if (!to) return;
    const km = distanceKm(d.pos, to);
    d.repo = {
      from: d.pos,
      to,
      start: now,
      eta: now + (driveMinutes(km, d.vehicle, params) * MINUTE) / cfg.emptyPace,
      km,
    };
  }
  /** Where a driver is now: on the way to their resting place, the point reached so far. */
  function posAt(d: SimDriver, now: number): GeoPoint {
    const r = d.repo;
    if (!r) return d.pos;
    const f = r.eta <= r.start ? 1 : Math.min(1, Math.max(0, (now - r.start) / (r.eta - r.start)));
    return { lat: r.from.lat + (r.to.lat - r.from.lat) * f, lng: r.from.lng + (r.to.lng - r.from.lng) * f };
  }
  /** Ends a move to a resting place where it has got to, counting the road driven. */
  function settle(d: SimDriver, now: number) {
    const r = d.repo;
    if (!r) return;
    const f = r.eta <= r.start ? 1 : Math.min(1, Math.max(0, (now - r.start) / (r.eta - r.start)));
    d.pos = posAt(d, now);
    d.roadKm += f * r.km * params.roadFactor;
    repoKm += f * r.km * params.roadFactor;
    d.repo = null;
  }
  function goOffline(d: SimDriver, now: number) {
    settle(d, now);
    if (d.online) {
      d.onlineMs += now - d.onlineSince;
      d.online = false;
    }
  }

  /** Sends the driver to their plan's first stop (no-op while they are on the way or waiting there). */
  function travel(d: SimDriver, now: number) {
    const stop = d.plan[0];
    if (!stop) return setIdle(d, now);
    settle(d, now);
    const o = orders[stop.order];
    const target = stop.kind === 'pickup' ? o.branch.at : o.customer;
    const km = distanceKm(d.pos, target);
    d.roadKm += km * params.roadFactor;
    d.token++;
    // A driver on their way to a pickup carries no food only when it is their first (a stack's second pickup is laden).
    const empty =
      stop.kind === 'pickup' && !d.plan.some((x) => x.kind === 'drop' && state[x.order].pickedUpAt !== null);
    d.eta = now + (driveMinutes(km, d.vehicle, params) * MINUTE) / (empty ? cfg.emptyPace : 1);
    q.push({ at: d.eta, kind: 'arrive', driver: d.id, token: d.token });
  }

  function assign(d: SimDriver, orderId: number, now: number, stack: boolean) {
    const s = state[orderId];
    s.assignedAt = now;
    s.driver = d.id;
    s.offer = null;
    open.delete(orderId);
    setBusy(d, now);
    if (stack) {
      // Plan: [pickup first, drop first] -> both pickups, then the drops in the order planStack chose.
      const first = d.plan[0].order;
      const plan = planStack(stackInput(d, orderId, now), params);
      const drops: Stop[] =
        plan.order === 'first_then_second'
          ? [
              { kind: 'drop', order: first },
              { kind: 'drop', order: orderId },
            ]
          : [
              { kind: 'drop', order: orderId },
              { kind: 'drop', order: first },
            ];
      d.plan = [d.plan[0], { kind: 'pickup', order: orderId }, ...drops];
      s.stacked = true;
      s.stackPlannedAt = plan.secondDeliveredAt;
      s.stackMarginMinutes = plan.secondMarginMinutes;
      return;
    }
    const wasEmpty = d.plan.length === 0;
    d.plan.push({ kind: 'pickup', order: orderId }, { kind: 'drop', order: orderId });
    if (wasEmpty) travel(d, now);
  }

  /** A stack as planStack sees it: the driver at the first kitchen when they reach it. */
  function stackInput(d: SimDriver, second: number, now: number) {
    const first = d.plan[0].order;
    const from = Math.max(now, d.eta);
    return {
      driver: { vehicle: d.vehicle, at: orders[first].branch.at, from },
      first: toJob(first, now),
      second: toJob(second, now),
      now,
    };
  }

  /**
   * A job as the dispatcher sees it at `now`: ready when the kitchen has marked it ready, else at the
   * predicted time, or (a kitchen running past its prediction) not before now.
   */
  function toJob(id: number, now: number): DispatchJob {
    const o = orders[id];
    return {
      id: String(id),
      kitchen: o.branch.at,
      customer: o.customer,
      createdAt: o.acceptedAt,
      readyAt: now >= o.readyAt ? o.readyAt : Math.max(o.predictedReadyAt, now),
      readyKnown: now >= o.readyAt,
      promisedAt: o.promisedAt,
    };
  }

  /** Where and when a driver will be free, predicted from their plan (for chaining offers). */
  function freeOf(d: SimDriver, now: number): { at: GeoPoint; from: number } | null {
    if (d.plan.length === 0) return { at: posAt(d, now), from: now };
    // Only a driver on their last drop is offered the next job.
    if (d.plan.length !== 1 || d.plan[0].kind !== 'drop') return null;
    const o = orders[d.plan[0].order];
    return { at: o.customer, from: Math.max(now, d.eta) + params.dropHandoverMinutes * MINUTE };
  }

  function makeOffer(d: SimDriver, orderId: number, now: number, stack: boolean) {
    const s = state[orderId];
    const attempt = s.attempts++;
    offers++;
    d.offerOpen = orderId;
    d.offerTimes.push(now);
    const expiresAt = now + params.acceptWindowSeconds * SECOND;
    s.offer = { driverId: String(d.id), driver: d.id, offeredAt: now, expiresAt, stack };
    const secs = answerSeconds(cfg, d.id, orderId, attempt);
    const pickupKm = distanceKm(freeOf(d, now)?.at ?? d.pos, orders[orderId].branch.at);
    const yes = accepts(cfg, d.id, orderId, attempt, pickupKm, stack);
    const at = secs * SECOND < expiresAt - now ? now + secs * SECOND : expiresAt;
    q.push({ at, kind: yes && at < expiresAt ? 'offerYes' : 'offerNo', driver: d.id, order: orderId, token: attempt });
  }

  const fleetMean = (now: number) => {
    let earned = 0;
    let minutes = 0;
    for (const d of drivers)
      if (d.online) {
        earned += d.earnedMinor;
        minutes += (d.onlineMs + now - d.onlineSince) / MINUTE;
      }
    return earningsPerHourMinor(earned, minutes);
  };

  function boardPass(now: number, onlyBoardJobs: boolean) {
    const jobs = [...open].filter((id) => !onlyBoardJobs || state[id].onBoard).filter((id) => !state[id].offer);
    if (!jobs.length) return;
    for (const d of drivers) {
      if (!idle(d) || now < d.nextLook) continue;
      d.nextLook = now + d.lookEverySeconds * SECOND;
      const pos = posAt(d, now);
      let best: number | null = null;
      let bestMiles = Infinity;
      for (const id of jobs) {
        if (!open.has(id) || state[id].offer) continue;
        const o = orders[id];
        if (beyondByLatitude(pos, o.branch.at, d.radiusMiles)) continue;
        const miles = distanceMiles(pos, o.branch.at);
        if (!seesJob(miles, d.radiusMiles, jobReachMiles(new Date(o.acceptedAt), new Date(now)))) continue;
        if (miles < bestMiles) {
          bestMiles = miles;
          best = id;
        }
      }
      if (best === null) continue;
      // A driver skips a job they would decline (the same draw as an offer of it), and looks again later.
      const s = state[best];
      const attempt = s.attempts++;
      if (accepts(cfg, d.id, best, attempt, bestMiles * 1.609, false)) assign(d, best, now, false);
    }
  }

  function nearestPass(now: number) {
    const idleNow = drivers.filter(idle);
    for (const id of [...open].sort((a, b) => a - b)) {
      if (!idleNow.some(idle)) return;
      const s = state[id];
      if (s.offer) continue;
      const o = orders[id];
      let best: SimDriver | null = null;
      let bestKm = Infinity;
      for (const d of idleNow) {
        if (!idle(d) || s.tried.has(d.id) || beyondByLatitude(d.pos, o.branch.at, d.radiusMiles)) continue;
        const km = distanceKm(d.pos, o.branch.at);
        if (km / 1.609 > d.radiusMiles) continue;
        if (km < bestKm) {
          bestKm = km;
          best = d;
        }
      }
      if (!best && s.tried.size) {
        clearTried(s); // everyone in reach said no: start another round
        continue;
      }
      if (best) makeOffer(best, id, now, false);
    }
  }

  function dispatcherPass(now: number) {
    const mean = fleetMean(now);
    const ids = [...open].sort((a, b) => orders[a].predictedReadyAt - orders[b].predictedReadyAt);
    const candidates: DispatchDriver[] = [];
    for (const d of drivers) {
      if (!d.online || d.left || d.offerOpen !== null) continue;
      const free = freeOf(d, now);
      if (!free) continue;
      while (d.offerTimes.length && d.offerTimes[0] <= now - 30 * MINUTE) d.offerTimes.shift();
      const recent = d.offerTimes.length;
      candidates.push({
        id: String(d.id),
        vehicle: d.vehicle,
        freeAt: free.at,
        freeFrom: free.from,
        radiusMiles: d.radiusMiles,
        recentOffers: recent,
        earnedMinor: d.earnedMinor,
        onlineMinutes: (d.onlineMs + (now - d.onlineSince)) / MINUTE,
      });
    }
    const jobs = ids
      .filter((id) => open.has(id) && !state[id].offer)
      .map((id) => ({ ...toJob(id, now), tried: state[id].triedIds, onBoard: state[id].onBoard }));
    if (!jobs.length) return boardPass(now, true);
    // As the product's round (src/server/jobs/dispatcher-round.ts): the free drivers first, by matchOffers…
    if (candidates.length) {
      const match = matchOffers({ jobs, drivers: candidates, now, fleetMeanPerHourMinor: mean }, params);
      for (const id of match.toBoard) {
        state[Number(id)].onBoard = true;
        opsAlerts++;
      }
      for (const o of match.offers) makeOffer(drivers[Number(o.driverId)], Number(o.jobId), now, false);
    }
    // …then a job left without an offer may go, stacked, to a driver heading for a pickup with one order,
    // by matchStackOffers (planStack's rule), from the kitchen when they reach it.
    const leftOver = jobs.filter((j) => !state[Number(j.id)].offer);
    const holders: StackHolder[] = [];
    if (leftOver.length)
      for (const d of drivers)
        if (d.online && !d.left && d.offerOpen === null && d.plan.length === 2 && d.plan[0].kind === 'pickup') {
          const first = d.plan[0].order;
          holders.push({
            driverId: String(d.id),
            vehicle: d.vehicle,
            at: orders[first].branch.at,
            from: Math.max(now, d.eta),
            held: toJob(first, now),
          });
        }
    if (holders.length)
      for (const o of matchStackOffers({ jobs: leftOver, holders, now }, params))
        makeOffer(drivers[Number(o.driverId)], Number(o.jobId), now, true);
    // A job declined all round asks the same drivers again three minutes after its first refusal.
    for (const job of jobs) {
      const s = state[Number(job.id)];
      if (!s.offer && s.tried.size && now - s.triedSince > 3 * MINUTE) clearTried(s);
    }
    // Starved jobs wait on the board too, for any idle driver who looks.
    boardPass(now, true);
  }

  let e: Event | undefined;
  while ((e = q.pop())) {
    events++;
    const now = e.at;
    if (now > end + 3 * 60 * MINUTE) break;
    switch (e.kind) {
      case 'job':
        open.add(e.order!);
        break;
      case 'cancel': {
        const s = state[e.order!];
        if (s.assignedAt === null && open.has(e.order!)) {
          s.cancelled = true;
          open.delete(e.order!);
          if (s.offer) {
            drivers[s.offer.driver].offerOpen = null;
            s.offer = null;
          }
        }
        break;
      }
      case 'online': {
        const d = drivers[e.driver!];
        d.online = true;
        d.onlineSince = now;
        d.nextLook = now;
        reposition(d, now);
        break;
      }
      case 'offline': {
        const d = drivers[e.driver!];
        d.left = true;
        if (d.plan.length === 0) goOffline(d, now);
        break;
      }
      case 'offerYes':
      case 'offerNo': {
        const d = drivers[e.driver!];
        const s = state[e.order!];
        if (d.offerOpen !== e.order) break;
        d.offerOpen = null;
        if (!s.offer || s.offer.driver !== d.id) break;
        const stack = s.offer.stack;
        s.offer = null;
        if (s.cancelled || s.assignedAt !== null) break;
        const stillFits =
          !stack ||
          (d.plan.length === 2 && d.plan[0].kind === 'pickup' && planStack(stackInput(d, e.order!, now), params).fits);
        if (e.kind === 'offerYes' && !d.left && stillFits && (stack || d.plan.length <= 1))
          assign(d, e.order!, now, stack);
        else {
          if (!s.tried.size) s.triedSince = now;
          s.tried.add(d.id);
          s.triedIds.add(String(d.id));
        }
        if (d.left && d.plan.length === 0) goOffline(d, now);
        break;
      }
      case 'arrive': {
        const d = drivers[e.driver!];
        if (e.token !== d.token) break;
        const stop = d.plan[0];
        const o = orders[stop.order];
        const s = state[stop.order];
        if (stop.kind === 'pickup') {
          d.pos = o.branch.at;
          s.driverWait = Math.max(0, o.readyAt - now) / MINUTE;
          s.arrivedAt = now;
          const at = Math.max(now, o.readyAt) + params.pickupHandoverMinutes * MINUTE;
          q.push({ at, kind: 'picked', driver: d.id, token: d.token });
        } else {
          d.pos = o.customer;
          let at = now + params.dropHandoverMinutes * MINUTE;
          if (o.notHome === null) {
            s.failed = true;
            at = now + NOT_HOME_WAIT_MINUTES * MINUTE;
          } else if (o.notHome !== undefined) at = now + (o.notHome + params.dropHandoverMinutes) * MINUTE;
          q.push({ at, kind: 'dropped', driver: d.id, token: d.token });
        }
        break;
      }
      case 'picked': {
        const d = drivers[e.driver!];
        if (e.token !== d.token) break;
        const stop = d.plan.shift()!;
        state[stop.order].pickedUpAt = now - params.pickupHandoverMinutes * MINUTE;
        travel(d, now);
        break;
      }
      case 'dropped': {
        const d = drivers[e.driver!];
        if (e.token !== d.token) break;
        const stop = d.plan.shift()!;
        const s = state[stop.order];
        const o = orders[stop.order];
        if (!s.failed) s.deliveredAt = now;
        if (s.stacked && !s.failed) stacksOnTime += now <= o.promisedAt ? 1 : 0;
        d.earnedMinor += o.payMinor;
        if (d.plan.length) travel(d, now);
        else setIdle(d, now);
        break;
      }
      case 'tick':
        if (policy === 'board') boardPass(now, false);
        else if (policy === 'nearest') nearestPass(now);
        else dispatcherPass(now);
        break;
    }
    if (now > end && open.size === 0 && drivers.every((d) => d.plan.length === 0) && ![...state].some((s) => s.offer)) {
      // Nothing left to deliver: close the books now rather than at the far end of the ticks.
      for (const d of drivers) if (d.online && d.left) goOffline(d, now);
      if (orders.every((_, i) => state[i].deliveredAt !== null || state[i].failed || state[i].cancelled)) break;
    }
  }
  const last = end + 30 * MINUTE;
  for (const d of drivers) {
    settle(d, last);
    if (d.online) {
      d.onlineMs += Math.max(last, d.onlineSince) - d.onlineSince;
      d.online = false;
    }
    if (d.busySince !== null) d.busyMs += Math.max(last, d.busySince) - d.busySince;
  }

  if (opts.onOrder)
    orders.forEach((o, i) => {
      const s = state[i];
      const vehicle = s.driver === null ? null : drivers[s.driver].vehicle;
      const km = distanceKm(o.branch.at, o.customer);
      opts.onOrder!({
        id: i,
        branch: o.branch.id,
        placedAt: o.placedAt,
        acceptedAt: o.acceptedAt,
        readyAt: o.readyAt,
        promisedAt: o.promisedAt,
        assignedAt: s.assignedAt,
        arrivedAt: s.arrivedAt,
        pickedUpAt: s.pickedUpAt,
        deliveredAt: s.deliveredAt,
        vehicle,
        deliveryKm: km,
        directMinutes: vehicle === null ? null : driveMinutes(km, vehicle, params),
        stacked: s.stacked,
        stackPlannedAt: s.stackPlannedAt,
        stackMarginMinutes: s.stackMarginMinutes,
        failed: s.failed,
        cancelled: s.cancelled,
        notHome: o.notHome !== undefined,
      });
    });
  const clickToDoor = orders
    .map((o, i) =>
      state[i].failed ? null : state[i].deliveredAt === null ? Infinity : (state[i].deliveredAt! - o.placedAt) / MINUTE,
    )
    .filter((x): x is number => x !== null);
  const passWait = orders
    .flatMap((o, i) => (state[i].pickedUpAt === null ? [] : [(state[i].pickedUpAt! - o.readyAt) / MINUTE]))
    .map((x) => Math.max(0, x));
  const driverWait = state.flatMap((s) => (s.driverWait === null ? [] : [s.driverWait]));
  const onlineMs = drivers.reduce((a, d) => a + d.onlineMs, 0);
  const busyMs = drivers.reduce((a, d) => a + d.busyMs, 0);
  const earned = drivers.reduce((a, d) => a + d.earnedMinor, 0);
  const delivered = state.filter((s) => s.deliveredAt !== null).length;
  const stackedDone = state.filter((s) => s.stacked && s.deliveredAt !== null).length;
  return {
    policy,
    drivers: cfg.drivers,
    orders: orders.length,
    delivered,
    cancelled: state.filter((s) => s.cancelled).length,
    failedNotHome: state.filter((s) => s.failed).length,
    clickToDoorP50: percentile(clickToDoor, 50),
    clickToDoorP90: percentile(clickToDoor, 90),
    passWaitP50: percentile(passWait, 50),
    passWaitP90: percentile(passWait, 90),
    driverWaitP50: percentile(driverWait, 50),
    driverWaitP90: percentile(driverWait, 90),
    late: orders.filter(
      (o, i) => !state[i].failed && (state[i].deliveredAt === null || state[i].deliveredAt! > o.promisedAt),
    ).length,
    noDriverAfter10: orders.filter(
      (o, i) => state[i].assignedAt === null || state[i].assignedAt! - o.acceptedAt > 10 * MINUTE,
    ).length,
    utilisation: busyMs / onlineMs,
    earningsPerOnlineHourMinor: earningsPerHourMinor(earned, onlineMs / MINUTE),
    kmPerOrder: drivers.reduce((a, d) => a + d.roadKm, 0) / Math.max(1, delivered),
    repositionKmPerOrder: repoKm / Math.max(1, delivered),
    stacks: stackedDone,
    stacksOnTime,
    opsAlerts,
    offers,
    events,
  };
}

/**
 * The least click-to-door p90 any policy could reach on this evening, whatever the fleet
 * (docs/decisions/0284-where-the-p90-comes-from.md): every order picked up the moment its food is ready and
 * ridden straight to the door by motorcycle (the fastest vehicle), with only the handovers (and the wait at a
 * door answered late); orders whose customer never answers are left out, as in the percentiles.
 */
export function clickToDoorFloorP90(cfg: SimConfig): number {
  const { orders } = eveningOf(cfg);
  const p = cfg.params;
  return percentile(
    orders
      .filter((o) => o.notHome !== null)
      .map(
        (o) =>
          (o.readyAt - o.placedAt) / MINUTE +
          p.pickupHandoverMinutes +
          driveMinutes(distanceKm(o.branch.at, o.customer), 'motorcycle', p) +
          p.dropHandoverMinutes +
          (o.notHome ?? 0),
      ),
    90,
  );
}

/** Every policy over the same evening. */
export function compare(cfg: SimConfig): PolicyResult[] {
  return POLICIES.map((p) => simulate(cfg, p));
}
