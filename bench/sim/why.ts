// Where click-to-door goes (docs/decisions/0284-where-the-p90-comes-from.md): for each policy, the orders at
// or past its p90 split into their legs (restaurant accepting, waiting for a driver, the driver reaching the
// kitchen, the pass, the ride to the door), the vehicles that carried them, and the evening's lower bound:
// every order picked up the moment its food is ready and ridden straight to the door.
//   tsx bench/sim/why.ts [--seed 259] [--fleets 175,200,250] [--policies board,nearest,dispatcher]
import { parseArgs } from 'node:util';
import { driveMinutes } from '../../src/domain/dispatch';
import { DEFAULT_CONFIG, type OrderTrace, POLICIES, type Policy, percentile, simulate } from './city';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: String(DEFAULT_CONFIG.seed) },
    fleets: { type: 'string', default: '175,200,250' },
    policies: { type: 'string', default: POLICIES.join(',') },
    /** Dispatch parameters over the default ones, as JSON (to try a setting). */
    params: { type: 'string', default: '{}' },
  },
});
const M = 60_000;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const f = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '∞');

for (const n of values.fleets.split(',').map(Number)) {
  const cfg = {
    ...DEFAULT_CONFIG,
    seed: Number(values.seed),
    drivers: n,
    params: { ...DEFAULT_CONFIG.params, ...(JSON.parse(values.params) as object) },
  };
  for (const policy of values.policies.split(',') as Policy[]) {
    const rows: OrderTrace[] = [];
    simulate(cfg, policy, { onOrder: (o) => rows.push(o) });
    const done = rows.filter((o) => !o.failed);
    const c2d = (o: OrderTrace) => (o.deliveredAt === null ? Infinity : (o.deliveredAt - o.placedAt) / M);
    const p90 = percentile(done.map(c2d), 90);
    const tail = done.filter((o) => c2d(o) >= p90 && o.deliveredAt !== null);
    const leg = (xs: OrderTrace[], g: (o: OrderTrace) => number) => f(mean(xs.map(g)));
    const legs = (xs: OrderTrace[]) =>
      [
        `accept ${leg(xs, (o) => (o.acceptedAt - o.placedAt) / M)}`,
        `prep ${leg(xs, (o) => (o.readyAt - o.acceptedAt) / M)}`,
        `to driver ${leg(xs, (o) => (o.assignedAt! - o.acceptedAt) / M)}`,
        `to pass ${leg(xs, (o) => (o.arrivedAt! - o.assignedAt!) / M)}`,
        `arrived after ready ${leg(xs, (o) => Math.max(0, o.arrivedAt! - o.readyAt) / M)}`,
        `stood ${leg(xs, (o) => Math.max(0, o.readyAt - o.arrivedAt!) / M)}`,
        `ready→picked ${leg(xs, (o) => Math.max(0, o.pickedUpAt! - o.readyAt) / M)}`,
        `ride ${leg(xs, (o) => (o.deliveredAt! - o.pickedUpAt!) / M)}`,
        `direct ${leg(xs, (o) => o.directMinutes!)}`,
        `km ${leg(xs, (o) => o.deliveryKm)}`,
        `stacked ${xs.filter((o) => o.stacked).length}`,
      ].join(', ');
    const vehicles = (xs: OrderTrace[]) => {
      const c: Record<string, number> = {};
      for (const o of xs) c[o.vehicle ?? '-'] = (c[o.vehicle ?? '-'] ?? 0) + 1;
      return Object.entries(c)
        .sort()
        .map(([k, v]) => `${k} ${Math.round((100 * v) / xs.length)}%`)
        .join(' ');
    };
    const all = done.filter((o) => o.deliveredAt !== null);
    console.log(`\n${n} drivers, ${policy}: p90 ${f(p90)} (${tail.length} orders at or past it)`);
    console.log(`  tail: ${legs(tail)}\n        ${vehicles(tail)}`);
    console.log(`  all:  ${legs(all)}\n        ${vehicles(all)}`);
    const byQuarter: Record<string, number> = {};
    for (const o of tail) {
      const q =
        new Date(o.placedAt).toISOString().slice(11, 14) +
        String(Math.floor(new Date(o.placedAt).getUTCMinutes() / 15) * 15).padStart(2, '0');
      byQuarter[q] = (byQuarter[q] ?? 0) + 1;
    }
    console.log(
      `  tail placed by quarter hour: ${Object.entries(byQuarter)
        .sort()
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    const long = all.filter((o) => o.deliveryKm >= 3.5);
    console.log(`  rides of 3.5 km or more: ${long.length}, ${vehicles(long)}`);
    const carried = done.map(
      (o) => (o.readyAt - o.placedAt) / M + 1 + (o.directMinutes ?? driveMinutes(o.deliveryKm, 'bike')) + 2,
    );
    console.log(
      `  lower bound p90 on the vehicles this policy used (food picked up when ready, no stack): ${f(percentile(carried, 90))}`,
    );
    if (policy === 'board') {
      // Lower bounds: food picked up the minute it is ready, the pickup handover, a straight ride, the drop handover.
      const bound = (vehicle: string) =>
        done.map((o) => (o.readyAt - o.placedAt) / M + 1 + driveMinutes(o.deliveryKm, vehicle) + 2);
      const asCarried = done.map(
        (o) => (o.readyAt - o.placedAt) / M + 1 + (o.directMinutes ?? driveMinutes(o.deliveryKm, 'bike')) + 2,
      );
      console.log(
        `  lower bound p90 (ready→door direct, no waits): all by motorcycle ${f(percentile(bound('motorcycle'), 90))}, all by scooter ${f(percentile(bound('scooter'), 90))}, all by bike ${f(percentile(bound('bike'), 90))}, each on the vehicle the board used ${f(percentile(asCarried, 90))}`,
      );
    }
  }
}
