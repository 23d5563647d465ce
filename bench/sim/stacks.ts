// Stacked second orders against their promise (docs/decisions/0287-stacks-on-time-and-the-product-policy.md):
// for each seed and fleet, the dispatcher's stacks, how many second orders reached the door by their promise,
// and for each late one how late, the margin planStack kept and how far the door was from the plan.
//   tsx bench/sim/stacks.ts [--seeds 7,42,259] [--fleets 175,250,300] [--params '{"stackMarginSpreads":0}'] [--empty-pace 1]
import { parseArgs } from 'node:util';
import { DEFAULT_CONFIG, type OrderTrace, simulate } from './city';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '7,42,259' },
    fleets: { type: 'string', default: '175,250,300' },
    /** Dispatch parameters over the product's, as JSON (to try a setting). */
    params: { type: 'string', default: '{}' },
    /** How much faster drivers go without food (SimConfig.emptyPace). */
    'empty-pace': { type: 'string', default: '1' },
  },
});
const M = 60_000;
const f = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '∞');

for (const seed of values.seeds.split(',').map(Number))
  for (const n of values.fleets.split(',').map(Number)) {
    const cfg = {
      ...DEFAULT_CONFIG,
      seed,
      drivers: n,
      emptyPace: Number(values['empty-pace']),
      params: { ...DEFAULT_CONFIG.params, ...(JSON.parse(values.params) as object) },
    };
    const rows: OrderTrace[] = [];
    const r = simulate(cfg, 'dispatcher', { onOrder: (o) => rows.push(o) });
    const late = rows.filter((o) => o.stacked && o.deliveredAt !== null && o.deliveredAt > o.promisedAt);
    const b = simulate(cfg, 'board');
    const money = (m: number) => `£${(m / 100).toFixed(2)}`;
    console.log(
      `seed ${seed}, ${n} drivers: ${r.stacksOnTime} of ${r.stacks} stacked second orders on time; p90 ${f(r.clickToDoorP90)} (board ${f(b.clickToDoorP90)}), no driver after 10 min ${r.noDriverAfter10} (board ${b.noDriverAfter10}), ${money(r.earningsPerOnlineHourMinor)}/h (board ${money(b.earningsPerOnlineHourMinor)})`,
    );
    for (const o of late)
      console.log(
        `  order ${o.id}: ${f((o.deliveredAt! - o.promisedAt) / M)} min late; planned ${f((o.promisedAt - o.stackPlannedAt!) / M)} min early with a margin of ${f(o.stackMarginMinutes!)}; at the door ${f((o.deliveredAt! - o.stackPlannedAt!) / M)} min after the plan; ready ${f((o.readyAt - o.acceptedAt) / M)} min after accepting`,
      );
  }
