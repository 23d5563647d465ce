import { useMemo } from 'react';
import { cn } from '../../lib/cn';
import { MapCanvas, useMapTiles } from './map-layers';
import { type LatLng, distanceMetres, fitViewport, toView } from './projection';

export type MapPointKind = 'restaurant' | 'delivery' | 'driver';

export type MapPoint = {
  kind: MapPointKind;
  /** Short words on the marker and in the list: "Restaurant", "Delivery address", "You". */
  label: string;
  /** The written address (or a sentence such as "updated 14:02"); the list shows it beside the map. */
  detail: string;
  /** Null when the place was never geocoded: listed, not drawn. */
  position: LatLng | null;
};

const WIDTH = 640;
const HEIGHT = 360;

/** Marker shapes, so no marker is told apart by colour alone: square, pin, circle. */
function MarkerShape({ kind, x, y }: { kind: MapPointKind; x: number; y: number }) {
  const common = 'stroke-card [stroke-width:3]';
  if (kind === 'restaurant') {
    return <rect x={x - 10} y={y - 10} width={20} height={20} rx={3} className={cn(common, 'fill-foreground')} />;
  }
  if (kind === 'delivery') {
    // A map pin whose tip sits on the point.
    return <path d={`M${x} ${y} l-9 -14 a11 11 0 1 1 18 0 z`} className={cn(common, 'fill-primary')} />;
  }
  return (
    <g>
      <circle cx={x} cy={y} r={11} className={cn(common, 'fill-accent-foreground')} />
      <circle cx={x} cy={y} r={4} className="fill-card" />
    </g>
  );
}

/** The same shape, small, for the list beside the map. */
export function MarkerIcon({ kind }: { kind: MapPointKind }) {
  return (
    <svg viewBox="-14 -28 28 34" className="size-5 shrink-0" aria-hidden="true" focusable="false">
      <MarkerShape kind={kind} x={0} y={kind === 'delivery' ? 2 : -11} />
    </svg>
  );
}

const KIND_WORDS: Record<MapPointKind, string> = {
  restaurant: 'restaurant',
  delivery: 'delivery address',
  driver: 'driver',
};

function describe(title: string, drawn: MapPoint[], route: boolean): string {
  const parts = drawn.map((p) => `${p.label} (${KIND_WORDS[p.kind]}): ${p.detail}`);
  const driver = drawn.find((p) => p.kind === 'driver');
  const drop = drawn.find((p) => p.kind === 'delivery');
  let distance = '';
  if (driver?.position && drop?.position) {
    const km = distanceMetres(driver.position, drop.position) / 1000;
    distance = ` The driver is about ${(km / 1.609344).toFixed(1)} miles from the delivery address in a straight line.`;
  }
  return `${title}. ${parts.join('; ')}.${route ? ' A dashed line joins them in order.' : ''}${distance}`;
}

/**
 * A map with no map library and no tile service required (docs/decisions/0080-maps.md): the points
 * projected (Web Mercator) into an SVG with distinct marker shapes and labels, a straight dashed
 * route line between them in order, and a scale bar. When MAP_TILE_URL is configured, raster
 * tiles are laid under the SVG; if one fails to load they are all dropped and the plain map
 * stays. Screen readers get one description (role="img"); the written list sits beside it.
 */
export function RouteMap({ title, points, className }: { title: string; points: MapPoint[]; className?: string }) {
  const drawn = points.filter((p): p is MapPoint & { position: LatLng } => !!p.position);
  const view = useMemo(
    () =>
      drawn.length
        ? fitViewport(
            drawn.map((p) => p.position),
            WIDTH,
            HEIGHT,
          )
        : null,
    // Recomputed only when a drawn position moves, not on every new array of the same points.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [drawn.map((p) => `${p.position.lat},${p.position.lng}`).join('|')],
  );
  const tiles = useMapTiles(view?.zoom);

  const list = (
    <ul className="grid content-start gap-2 text-sm" aria-label={`${title}: places`}>
      {points.map((p) => (
        <li key={p.kind} className="flex items-start gap-2">
          <MarkerIcon kind={p.kind} />
          <span>
            <span className="font-semibold">{p.label}</span>
            <span className="block text-muted-foreground">{p.detail}</span>
          </span>
        </li>
      ))}
    </ul>
  );

  if (!view) {
    return (
      <div className={cn('grid gap-2', className)} data-testid="route-map">
        <p className="text-sm text-muted-foreground">No map position yet; the addresses are below.</p>
        {list}
      </div>
    );
  }

  const at = drawn.map((p) => ({ ...p, xy: toView(view, p.position) }));
  const centreLat = drawn.reduce((s, p) => s + p.position.lat, 0) / drawn.length;
  const template = tiles.template;
  const route = at.length > 1;
  return (
    <div
      className={cn('grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]', className)}
      data-testid="route-map"
      data-tiles={template ? 'on' : 'off'}
    >
      <MapCanvas
        view={view}
        template={template}
        onTilesFailed={tiles.failed}
        width={WIDTH}
        height={HEIGHT}
        centreLat={centreLat}
        label={describe(title, at, route)}
        className="aspect-[16/9]"
      >
        {route ? (
          <polyline
            points={at.map((p) => `${p.xy.x},${p.xy.y}`).join(' ')}
            fill="none"
            className="stroke-foreground [stroke-dasharray:8_6] [stroke-linecap:round] [stroke-width:3]"
          />
        ) : null}
        {at.map((p) => (
          <g key={p.kind} data-marker={p.kind}>
            <MarkerShape kind={p.kind} x={p.xy.x} y={p.xy.y} />
            <text
              // Labels of points near the right edge go on their left, so they are not cut off.
              x={p.xy.x > WIDTH * 0.7 ? p.xy.x - 14 : p.xy.x + 14}
              textAnchor={p.xy.x > WIDTH * 0.7 ? 'end' : 'start'}
              y={p.xy.y + (p.kind === 'delivery' ? -12 : 5)}
              className="fill-foreground stroke-card text-[15px] font-semibold [paint-order:stroke] [stroke-linejoin:round] [stroke-width:4]"
            >
              {p.label}
            </text>
          </g>
        ))}
      </MapCanvas>
      {list}
    </div>
  );
}
