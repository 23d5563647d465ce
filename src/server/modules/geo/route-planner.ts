import { type TravelEstimate, MIN_TRAVEL_MINUTES, straightLineEstimate } from '../../../domain/eta';
import type { GeoPoint } from '../../../domain/geo';

/** Measures a trip by road; the key or address of any service stays on the server. */
export type RoutePlanner = { estimate(from: GeoPoint, to: GeoPoint, vehicle?: string | null): Promise<TravelEstimate> };

/** The fallback: straight-line distance at the vehicle's speed (docs/product/customer.md#lateness). */
export function straightLinePlanner(): RoutePlanner {
  return { estimate: async (from, to, vehicle) => straightLineEstimate(from, to, vehicle) };
}

/**
 * An OSRM-compatible routing service (GET {base}/route/v1/driving/{lng},{lat};{lng},{lat}),
 * falling back to the straight-line estimate when it is slow, down or finds no route.
 */
export function osrmPlanner(baseUrl: string, timeoutMs = 2000): RoutePlanner {
  const base = baseUrl.replace(/\/$/, '');
  return {
    async estimate(from, to, vehicle) {
      const url = `${base}/route/v1/driving/${from.lng},${from.lat};${to.lng},${to.lat}?overview=false`;
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
        if (res.ok) {
          const body = (await res.json()) as { code?: string; routes?: { duration?: number; distance?: number }[] };
          const route = body.routes?.[0];
          if (body.code === 'Ok' && route && typeof route.duration === 'number' && typeof route.distance === 'number') {
            return {
              distanceKm: Math.round(route.distance / 10) / 100,
              travelTimeMinutes: Math.max(MIN_TRAVEL_MINUTES, Math.ceil(route.duration / 60)),
              source: 'maps_api',
            };
          }
        }
      } catch {
        // unreachable or too slow: use the straight line below
      }
      return straightLineEstimate(from, to, vehicle);
    },
  };
}

export function createRoutePlanner(routingUrl: string | null): RoutePlanner {
  return routingUrl ? osrmPlanner(routingUrl) : straightLinePlanner();
}
