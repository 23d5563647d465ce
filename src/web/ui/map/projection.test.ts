import { describe, expect, it } from 'vitest';
import { distanceMetres, fitViewport, project, scaleBars, tileUrl, tilesFor, toView } from './projection';

const DALSTON = { lat: 51.5465, lng: -0.0755 };
const SHOREDITCH = { lat: 51.5265, lng: -0.0785 };

describe('Web Mercator', () => {
  it("puts (0, 0) in the middle of the world and London in the tile servers' tile", () => {
    expect(project({ lat: 0, lng: 0 })).toEqual({ x: 128, y: 128 });
    const v = fitViewport([DALSTON], 640, 360);
    const [t] = tilesFor({
      ...v,
      originX: project(DALSTON).x * 2 ** v.zoom,
      originY: project(DALSTON).y * 2 ** v.zoom,
      width: 1,
      height: 1,
    });
    // Tile 16/32754/21780 holds Dalston on the OSM grid (the usual slippy-map formula).
    expect(t).toMatchObject({ z: 16, x: 32754, y: 21780 });
    expect(tileUrl('https://t.example/{z}/{x}/{y}.png', t)).toBe('https://t.example/16/32754/21780.png');
  });

  it('fits every point inside the view with room to spare, at a whole zoom', () => {
    const v = fitViewport([DALSTON, SHOREDITCH], 640, 360);
    expect(Number.isInteger(v.zoom)).toBe(true);
    for (const p of [DALSTON, SHOREDITCH]) {
      const { x, y } = toView(v, p);
      expect(x).toBeGreaterThanOrEqual(48);
      expect(x).toBeLessThanOrEqual(640 - 48);
      expect(y).toBeGreaterThanOrEqual(48);
      expect(y).toBeLessThanOrEqual(360 - 48);
    }
    // One zoom further would not fit.
    expect(fitViewport([DALSTON, SHOREDITCH], 1280, 720, 96).zoom).toBe(v.zoom + 1);
  });

  it('measures distance and draws a round scale bar no longer than asked', () => {
    expect(distanceMetres(DALSTON, SHOREDITCH)).toBeGreaterThan(2200);
    expect(distanceMetres(DALSTON, SHOREDITCH)).toBeLessThan(2250);
    const [km, mi] = scaleBars(51.5, 14);
    expect(km.label).toMatch(/^(1|2|5)(0|00)? (m|km)$/);
    expect(km.pixels).toBeLessThanOrEqual(120);
    expect(mi.label).toMatch(/ mi$/);
    expect(mi.pixels).toBeLessThanOrEqual(120);
  });
});
