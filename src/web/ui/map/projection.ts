/**
 * Web Mercator for the maps (docs/decisions/0080-maps.md): the same projection and 256-pixel tiles as
 * the usual {z}/{x}/{y} tile servers, so optional raster tiles line up with the drawn points.
 */
export type LatLng = { lat: number; lng: number };

export const TILE_SIZE = 256;
const MAX_LAT = 85.05112878;
const EARTH_RADIUS_M = 6_378_137;

/** World pixel coordinates of a point at zoom 0 (0..256 both ways). */
export function project(p: LatLng): { x: number; y: number } {
  const lat = Math.max(-MAX_LAT, Math.min(MAX_LAT, p.lat));
  const s = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((p.lng + 180) / 360) * TILE_SIZE,
    y: (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * TILE_SIZE,
  };
}

/** Metres one world pixel covers at this latitude and zoom. */
export function metresPerPixel(lat: number, zoom: number): number {
  return (2 * Math.PI * EARTH_RADIUS_M * Math.cos((lat * Math.PI) / 180)) / (TILE_SIZE * 2 ** zoom);
}

/** Great-circle distance in metres. */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type Viewport = {
  zoom: number;
  /** World pixel (at `zoom`) of the view's top-left corner. */
  originX: number;
  originY: number;
  width: number;
  height: number;
};

/**
 * The whole-number zoom (tiles exist only at those) that shows every point with `padding` pixels
 * to spare, centred on them. One point alone (or points on top of each other) shows at `maxZoom`.
 */
export function fitViewport(
  points: LatLng[],
  width: number,
  height: number,
  padding = 48,
  minZoom = 3,
  maxZoom = 16,
): Viewport {
  const world = points.map(project);
  const xs = world.map((w) => w.x);
  const ys = world.map((w) => w.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const fit = Math.min(
    (width - 2 * padding) / Math.max(maxX - minX, 1e-9),
    (height - 2 * padding) / Math.max(maxY - minY, 1e-9),
  );
  const zoom = Math.max(minZoom, Math.min(maxZoom, Math.floor(Math.log2(fit))));
  const scale = 2 ** zoom;
  return {
    zoom,
    originX: ((minX + maxX) / 2) * scale - width / 2,
    originY: ((minY + maxY) / 2) * scale - height / 2,
    width,
    height,
  };
}

/** Where a point lands in the view, in view pixels. */
export function toView(v: Viewport, p: LatLng): { x: number; y: number } {
  const w = project(p);
  const scale = 2 ** v.zoom;
  return { x: w.x * scale - v.originX, y: w.y * scale - v.originY };
}

/** The tiles that cover the view, with their place in view pixels (x wraps round the world). */
export function tilesFor(v: Viewport): { z: number; x: number; y: number; left: number; top: number }[] {
  const n = 2 ** v.zoom;
  const tiles = [];
  for (let ty = Math.floor(v.originY / TILE_SIZE); ty * TILE_SIZE < v.originY + v.height; ty++) {
    if (ty < 0 || ty >= n) continue;
    for (let tx = Math.floor(v.originX / TILE_SIZE); tx * TILE_SIZE < v.originX + v.width; tx++) {
      tiles.push({
        z: v.zoom,
        x: ((tx % n) + n) % n,
        y: ty,
        left: tx * TILE_SIZE - v.originX,
        top: ty * TILE_SIZE - v.originY,
      });
    }
  }
  return tiles;
}

/** Fills a {z}/{x}/{y} template. */
export function tileUrl(template: string, t: { z: number; x: number; y: number }): string {
  return template.replace('{z}', String(t.z)).replace('{x}', String(t.x)).replace('{y}', String(t.y));
}

/**
 * A scale bar: the longest round distance (1, 2 or 5 times a power of ten) no longer than
 * `maxPixels`, in metres and kilometres, and the same in miles (UK readers think in miles).
 */
export function scaleBars(lat: number, zoom: number, maxPixels = 120): { label: string; pixels: number }[] {
  const mpp = metresPerPixel(lat, zoom);
  const round = (max: number) => {
    const p = 10 ** Math.floor(Math.log10(max));
    return [5, 2, 1].map((m) => m * p).find((d) => d <= max) ?? p;
  };
  const metres = round(maxPixels * mpp);
  const MILE = 1609.344;
  const miles = round((maxPixels * mpp) / MILE);
  const milesLabel = miles >= 1 ? `${miles} mi` : `${Number(miles.toPrecision(1))} mi`;
  return [
    { label: metres >= 1000 ? `${metres / 1000} km` : `${metres} m`, pixels: metres / mpp },
    { label: milesLabel, pixels: (miles * MILE) / mpp },
  ];
}
