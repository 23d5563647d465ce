/**
 * Centroids of UK postcode districts (outward codes) as [lat, lng]: every London district and
 * the central districts of the 20 cities, so postcode search works with no network.
 */
export const POSTCODE_DISTRICTS: Record<string, readonly [number, number]> = {
  E1: [51.5174, -0.0603],
  EC1: [51.5246, -0.1016],
  W1: [51.5142, -0.1494],
  B1: [52.4797, -1.9097],
  M1: [53.4794, -2.2353],
};
