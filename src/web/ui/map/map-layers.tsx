import { type HTMLAttributes, type ReactNode, useEffect, useMemo, useState } from 'react';
import { cn } from '../../lib/cn';
import { type Viewport, scaleBars, tileUrl, tilesFor } from './projection';
import { configuredTileUrl } from './tile-config';

/*
 * The layers every map of the app shares (docs/decisions/0080-maps.md): optional raster tiles from
 * MAP_TILE_URL under the drawing, the plain grid when there are none, the scale bar and the tile
 * credit. The route map of one order and the back office's dispatch map draw their own points on top.
 */

/** The configured tile template while its tiles load; null once one failed (until the zoom changes) or when none is set. */
export function useMapTiles(zoom: number | undefined): { template: string | null; failed: () => void } {
  const template = useMemo(configuredTileUrl, []);
  const [tilesFailed, setTilesFailed] = useState(false);
  // A new zoom level fetches other tiles: try them again.
  useEffect(() => setTilesFailed(false), [zoom]);
  return { template: template && !tilesFailed ? template : null, failed: () => setTilesFailed(true) };
}

/** The tiles under the SVG, placed in percent of a `width` x `height` view. */
export function MapTiles({
  view,
  template,
  width,
  height,
  onError,
}: {
  view: Viewport;
  template: string;
  width: number;
  height: number;
  onError: () => void;
}) {
  return (
    <div className="absolute inset-0" aria-hidden="true">
      {tilesFor(view).map((t) => (
        <img
          key={`${t.z}/${t.x}/${t.y}/${t.left}`}
          src={tileUrl(template, t)}
          alt=""
          draggable={false}
          decoding="async"
          referrerPolicy="no-referrer"
          onError={onError}
          className="absolute max-w-none select-none"
          style={{
            left: `${(t.left / width) * 100}%`,
            top: `${(t.top / height) * 100}%`,
            width: `${(256 / width) * 100}%`,
            height: `${(256 / height) * 100}%`,
          }}
        />
      ))}
    </div>
  );
}

/** The plain map's grid, drawn when no tiles are shown. */
export function MapGrid({ width, height }: { width: number; height: number }) {
  return (
    <g className="stroke-border" aria-hidden="true">
      {Array.from({ length: Math.floor(width / 64) - 1 }, (_, i) => (
        <line key={`v${i}`} x1={(i + 1) * 64} y1={0} x2={(i + 1) * 64} y2={height} />
      ))}
      {Array.from({ length: Math.floor(height / 60) - 1 }, (_, i) => (
        <line key={`h${i}`} x1={0} y1={(i + 1) * 60} x2={width} y2={(i + 1) * 60} />
      ))}
    </g>
  );
}

/** The scale bar in kilometres and miles, bottom left. */
export function MapScaleBar({ lat, zoom, height }: { lat: number; zoom: number; height: number }) {
  const bars = scaleBars(lat, zoom);
  return (
    <g transform={`translate(12 ${height - 40})`}>
      <rect
        x={-6}
        y={-8}
        width={Math.max(...bars.map((b) => b.pixels)) + 60}
        height={40}
        rx={4}
        className="fill-card opacity-90"
      />
      {bars.map((b, i) => (
        <g key={b.label} transform={`translate(0 ${i * 16})`}>
          <path d={`M0 0 v6 h${b.pixels} v-6`} fill="none" className="stroke-foreground [stroke-width:2]" />
          <text x={b.pixels + 6} y={8} className="fill-foreground text-[12px]">
            {b.label}
          </text>
        </g>
      ))}
    </g>
  );
}

/** "Map tiles: {host}" in the corner while tiles are shown. */
export function TileCredit({ template }: { template: string }) {
  let host = '';
  try {
    host = new URL(template.replace(/\{[a-z]\}/g, '0')).host;
  } catch {
    host = '';
  }
  return host ? (
    <span className="absolute bottom-0 right-0 bg-card/90 px-1 text-[11px] text-muted-foreground">
      Map tiles: {host}
    </span>
  ) : null;
}

/**
 * One map's frame: the tiles (or the plain grid) under an SVG of `width` x `height` that holds the
 * caller's drawing, the scale bar on top and the tile credit. `label` is the SVG's text alternative;
 * other props (className, data attributes) go to the frame.
 */
export function MapCanvas({
  view,
  template,
  onTilesFailed,
  width,
  height,
  centreLat,
  label,
  children,
  className,
  ...frame
}: {
  view: Viewport;
  template: string | null;
  onTilesFailed: () => void;
  width: number;
  height: number;
  centreLat: number;
  label: string;
  children: ReactNode;
} & HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      {...frame}
      className={cn('relative w-full overflow-hidden rounded-md border border-border bg-muted', className)}
    >
      {template ? (
        <MapTiles view={view} template={template} width={width} height={height} onError={onTilesFailed} />
      ) : null}
      <svg viewBox={`0 0 ${width} ${height}`} className="absolute inset-0 size-full" role="img" aria-label={label}>
        {template ? null : <MapGrid width={width} height={height} />}
        {children}
        <MapScaleBar lat={centreLat} zoom={view.zoom} height={height} />
      </svg>
      {template ? <TileCredit template={template} /> : null}
    </div>
  );
}
