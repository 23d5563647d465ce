import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { osrmPlanner, straightLinePlanner } from './route-planner';

const shoreditch = { lat: 51.5265, lng: -0.0786 };
const whitechapel = { lat: 51.5196, lng: -0.0601 };

// A routing service on loopback answering in OSRM's format, so the client's parsing and its
// fallback are exercised over real HTTP.
let server: http.Server;
let base: string;
let answer: { status: number; body: unknown } = { status: 200, body: {} };
beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('route planner', () => {
  it('uses the routing service when it answers with a route', async () => {
    answer = { status: 200, body: { code: 'Ok', routes: [{ duration: 725, distance: 2345 }] } };
    expect(await osrmPlanner(base).estimate(shoreditch, whitechapel)).toEqual({
      distanceKm: 2.35,
      travelTimeMinutes: 13,
      source: 'maps_api',
    });
  });

  it('falls back to the straight line when the service fails', async () => {
    answer = { status: 500, body: { code: 'Error' } };
    const estimate = await osrmPlanner(base).estimate(shoreditch, whitechapel);
    expect(estimate).toEqual(await straightLinePlanner().estimate(shoreditch, whitechapel));
    expect(estimate.source).toBe('fallback');
  });

  it('falls back when the service is unreachable', async () => {
    const estimate = await osrmPlanner('http://127.0.0.1:1', 500).estimate(shoreditch, whitechapel);
    expect(estimate.source).toBe('fallback');
    expect(estimate.travelTimeMinutes).toBeGreaterThanOrEqual(5);
  });
});
