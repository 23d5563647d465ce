/**
 * The public tile URL template (MAP_TILE_URL) the server writes into index.html as
 * <meta name="halalnosh-map-tile-url">; null when none is configured (plain SVG map).
 */
export function configuredTileUrl(): string | null {
  if (typeof document === 'undefined') return null;
  const value = document.querySelector('meta[name="halalnosh-map-tile-url"]')?.getAttribute('content');
  return value && /^https?:\/\//.test(value) ? value : null;
}
