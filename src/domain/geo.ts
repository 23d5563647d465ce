export type GeoPoint = { lat: number; lng: number };

const EARTH_RADIUS_KM = 6371;
const EARTH_RADIUS_MILES = 3959;

function haversine(a: GeoPoint, b: GeoPoint, radius: number): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * radius * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Straight-line distance in kilometres (Earth radius 6371 km, docs/product/customer.md#lateness). */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  return haversine(a, b, EARTH_RADIUS_KM);
}

/** Straight-line distance in miles (Earth radius 3959 miles, docs/product/driver.md#delivery-screen). */
export function distanceMiles(a: GeoPoint, b: GeoPoint): number {
  return haversine(a, b, EARTH_RADIUS_MILES);
}

const FULL_POSTCODE = /^([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})$/;
const OUTWARD_CODE = /^[A-Z]{1,2}\d[A-Z\d]?$/;

/**
 * Normalises a UK postcode ("sw1a1aa" -> "SW1A 1AA") or outward code ("e1" -> "E1");
 * null when the text is neither.
 */
export function normalisePostcode(text: string): { postcode: string | null; outward: string } | null {
  const compact = text.toUpperCase().replace(/\s+/g, '');
  const full = FULL_POSTCODE.exec(compact);
  if (full) return { postcode: `${full[1]} ${full[2]}`, outward: full[1] };
  if (OUTWARD_CODE.test(compact)) return { postcode: null, outward: compact };
  return null;
}
