import { describe, expect, it } from 'vitest';
import { distanceKm } from '../../../domain/geo';
import { UK_CITIES } from '../../../domain/sample-data/cities';
import { SAMPLE_RESTAURANTS } from '../../../domain/sample-data/sample-restaurants';
import { catalogSeedBrands } from '../../db/seed/demo-restaurants';
import { tableGeocoder } from './geocoder';
import { POSTCODE_DISTRICTS } from './postcode-districts';

const outward = (postcode: string) => postcode.trim().split(/\s+/)[0].toUpperCase();
const range = (prefix: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${from + i}`);
const centroid = (code: string) => {
  const [lat, lng] = POSTCODE_DISTRICTS[code];
  return { lat, lng };
};
const demoSites = catalogSeedBrands().flatMap((b) => b.sites);

describe('postcode district table', () => {
  it('holds the district of every demo and sample restaurant', () => {
    const codes = [...demoSites.map((s) => s.postcode), ...SAMPLE_RESTAURANTS.map((s) => s.postcode)].map(outward);
    expect(codes.filter((c) => !POSTCODE_DISTRICTS[c])).toEqual([]);
  });

  it('places every demo restaurant within its own delivery radius of its district centroid', () => {
    const far = demoSites
      .map((s) => ({ slug: s.slug, km: distanceKm(centroid(outward(s.postcode)), s), radius: s.deliveryRadiusKm }))
      .filter((x) => x.km > x.radius);
    expect(far).toEqual([]);
  });

  it('covers every numbered London district', () => {
    const london = [
      ...range('E', 1, 18),
      'E1W',
      'E20',
      ...range('EC', 1, 4),
      ...range('N', 1, 22),
      ...range('NW', 1, 11),
      ...range('SE', 1, 28),
      ...range('SW', 1, 20),
      ...range('W', 1, 14),
      'WC1',
      'WC2',
      ...range('BR', 1, 8),
      ...range('HA', 0, 9),
      ...range('IG', 1, 11),
      ...range('KT', 1, 9),
      ...range('RM', 1, 14),
      ...range('SM', 1, 7),
      ...range('TW', 1, 20),
      ...range('UB', 1, 11),
    ];
    expect(london.filter((c) => !POSTCODE_DISTRICTS[c])).toEqual([]);
  });

  it('covers the central districts of every directory city', () => {
    const central = [
      'B1',
      'M1',
      'LS1',
      'G1',
      'S1',
      'BD1',
      'L1',
      'EH1',
      'BS1',
      'LE1',
      'CV1',
      'NG1',
      'NE1',
      'CF10',
      'LU1',
      'BB1',
      'SL1',
      'OX1',
      'RG1',
    ];
    expect(central.filter((c) => !POSTCODE_DISTRICTS[c])).toEqual([]);
    for (const city of UK_CITIES.filter((c) => c.slug !== 'london')) {
      const first = central.find((c) => c.replace(/\d+$/, '') === city.postcodeArea);
      expect(first, city.name).toBeDefined();
      // The first district of each city lies in that city, not somewhere else in the country.
      expect(distanceKm(centroid(first!), city), city.name).toBeLessThan(12);
    }
  });

  it('keeps every centroid inside Great Britain', () => {
    for (const [code, [lat, lng]] of Object.entries(POSTCODE_DISTRICTS)) {
      expect(lat, code).toBeGreaterThan(50);
      expect(lat, code).toBeLessThan(57);
      expect(lng, code).toBeGreaterThan(-5.5);
      expect(lng, code).toBeLessThan(1.8);
    }
  });

  it('lets the table geocoder resolve a full postcode to its district', async () => {
    const hit = await tableGeocoder().geocode('e1 6an');
    expect(hit).toMatchObject({ postcode: 'E1 6AN', outward: 'E1', source: 'table' });
    expect(distanceKm(hit!, { lat: 51.5174, lng: -0.0603 })).toBeLessThan(1);
  });
});
