// Runs the city simulator (city.ts) for the fleet sizes given and prints one JSON line of results.
//   tsx bench/sim/run.ts [--seed 259] [--orders 2000] [--fleets 175,250,300]
import { parseArgs } from 'node:util';
import { DEFAULT_CONFIG, clickToDoorFloorP90, compare } from './city';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: String(DEFAULT_CONFIG.seed) },
    orders: { type: 'string', default: String(DEFAULT_CONFIG.orders) },
    fleets: { type: 'string', default: '175,250,300' },
  },
});
const started = process.hrtime.bigint();
const cpuStart = process.cpuUsage();
const runs = values.fleets.split(',').map((n) => {
  const t = process.hrtime.bigint();
  const cfg = { ...DEFAULT_CONFIG, seed: Number(values.seed), orders: Number(values.orders), drivers: Number(n) };
  const results = compare(cfg);
  return {
    drivers: Number(n),
    ms: Number(process.hrtime.bigint() - t) / 1e6,
    results,
    floorP90: clickToDoorFloorP90(cfg),
  };
});
const cpu = process.cpuUsage(cpuStart);
console.log(
  JSON.stringify({
    runs,
    ms: Number(process.hrtime.bigint() - started) / 1e6,
    cpuMs: (cpu.user + cpu.system) / 1000,
  }),
);
