import { describe, expect, it } from 'vitest';
import { distanceKm, distanceMiles, normalisePostcode } from './geo';

describe('distance', () => {
  it('measures London to Birmingham as about 163 km in a straight line', () => {
    const d = distanceKm({ lat: 51.5074, lng: -0.1278 }, { lat: 52.4862, lng: -1.8904 });
    expect(d).toBeGreaterThan(160);
    expect(d).toBeLessThan(166);
  });
  it('gives miles with the 3959-mile Earth radius', () => {
    const a = { lat: 51.5, lng: -0.1 };
    const b = { lat: 51.52, lng: -0.08 };
    expect(distanceMiles(a, b) / distanceKm(a, b)).toBeCloseTo(3959 / 6371, 6);
  });
});

describe('normalisePostcode', () => {
  it('formats full postcodes and outward codes', () => {
    expect(normalisePostcode('sw1a1aa')).toEqual({ postcode: 'SW1A 1AA', outward: 'SW1A' });
    expect(normalisePostcode(' E1 6AN ')).toEqual({ postcode: 'E1 6AN', outward: 'E1' });
    expect(normalisePostcode('m1')).toEqual({ postcode: null, outward: 'M1' });
  });
  it('rejects city names and nonsense', () => {
    expect(normalisePostcode('London')).toBeNull();
    expect(normalisePostcode('12345')).toBeNull();
  });
});
