import { type GeoPoint, normalisePostcode } from '../../../domain/geo';
import { POSTCODE_DISTRICTS } from './postcode-districts';

export type GeocodeResult = GeoPoint & { postcode: string | null; outward: string; source: 'service' | 'table' };

/** Turns a UK postcode or outward code into coordinates. */
export type Geocoder = { geocode(text: string): Promise<GeocodeResult | null> };

/** The bundled table of postcode-district centroids: works offline, district precision. */
export function tableGeocoder(): Geocoder {
  return {
    async geocode(text) {
      const n = normalisePostcode(text);
      if (!n) return null;
      const hit = POSTCODE_DISTRICTS[n.outward];
      return hit ? { lat: hit[0], lng: hit[1], postcode: n.postcode, outward: n.outward, source: 'table' } : null;
    },
  };
}

/**
 * A postcodes.io-style service (GET {base}/postcodes/{postcode}, GET {base}/outcodes/{outward}),
 * falling back to the bundled table when the service is down or does not know the code.
 */
export function serviceGeocoder(baseUrl: string, fallback = tableGeocoder()): Geocoder {
  const base = baseUrl.replace(/\/$/, '');
  return {
    async geocode(text) {
      const n = normalisePostcode(text);
      if (!n) return null;
      const url = n.postcode
        ? `${base}/postcodes/${encodeURIComponent(n.postcode)}`
        : `${base}/outcodes/${encodeURIComponent(n.outward)}`;
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
        if (res.ok) {
          const body = (await res.json()) as { result?: { latitude?: number; longitude?: number } };
          const r = body.result;
          if (r && typeof r.latitude === 'number' && typeof r.longitude === 'number') {
            return { lat: r.latitude, lng: r.longitude, postcode: n.postcode, outward: n.outward, source: 'service' };
          }
        }
      } catch {
        // unreachable or slow: the table answers instead
      }
      return fallback.geocode(text);
    },
  };
}

export function createGeocoder(geocoderUrl: string | null): Geocoder {
  return geocoderUrl ? serviceGeocoder(geocoderUrl) : tableGeocoder();
}
