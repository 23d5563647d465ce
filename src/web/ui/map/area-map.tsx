import { useMemo } from 'react';
import { cn } from '../../lib/cn';
import { MapCanvas, useMapTiles } from './map-layers';
import { type LatLng, fitViewport, metresPerPixel, toView } from './projection';

/** What a marker stands for; each has its own shape, so none is told apart by colour alone. */
export type AreaMarkerKind = 'job-waiting' | 'job-taken' | 'driver-free' | 'driver-busy';

export type AreaMarker = {
  id: string;
  kind: AreaMarkerKind;
  /** Drawn beside job markers always, beside a driver's only while selected. */
  label: string;
  position: LatLng;
};

/** A dashed circle of `radiusMiles` round a point (a job's reach). */
export type AreaCircle = { id: string; centre: LatLng; radiusMiles: number };

const WIDTH = 640;
const HEIGHT = 400;
const MILE_METRES = 1609.344;

/** Marker shapes: filled square, hollow square, ringed circle, filled circle. */
function Shape({ kind, x, y }: { kind: AreaMarkerKind; x: number; y: number }) {
  const edge = 'stroke-card [stroke-width:3]';
  switch (kind) {
    case 'job-waiting':
      return <rect x={x - 10} y={y - 10} width={20} height={20} rx={3} className={cn(edge, 'fill-foreground')} />;
    case 'job-taken':
      return (
        <rect
          x={x - 9}
          y={y - 9}
          width={18}
          height={18}
          rx={3}
          className="fill-card stroke-foreground [stroke-width:4]"
        />
      );
    case 'driver-free':
      return (
        <g>
          <circle cx={x} cy={y} r={10} className={cn(edge, 'fill-accent-foreground')} />
          <circle cx={x} cy={y} r={4} className="fill-card" />
        </g>
      );
    case 'driver-busy':
      return <circle cx={x} cy={y} r={10} className={cn(edge, 'fill-primary')} />;
  }
}

/** The same shape, small, for legends and lists. */
export function AreaMarkerIcon({ kind }: { kind: AreaMarkerKind }) {
  return (
    <svg viewBox="-14 -14 28 28" className="size-5 shrink-0" aria-hidden="true" focusable="false">
      <Shape kind={kind} x={0} y={0} />
    </svg>
  );
}

/** A reach circle, small, for the legend. */
export function AreaCircleIcon() {
  return (
    <svg viewBox="-14 -14 28 28" className="size-5 shrink-0" aria-hidden="true" focusable="false">
      <circle r={11} className="fill-primary/10 stroke-primary [stroke-dasharray:4_3] [stroke-width:2]" />
    </svg>
  );
}

/** The four points a circle's edge touches north, south, east and west, so the view fits the whole circle. */
function circleBounds(c: AreaCircle): LatLng[] {
  const dLat = (c.radiusMiles * MILE_METRES) / 111_320;
  const dLng = dLat / Math.max(0.01, Math.cos((c.centre.lat * Math.PI) / 180));
  return [
    { lat: c.centre.lat + dLat, lng: c.centre.lng },
    { lat: c.centre.lat - dLat, lng: c.centre.lng },
    { lat: c.centre.lat, lng: c.centre.lng + dLng },
    { lat: c.centre.lat, lng: c.centre.lng - dLng },
  ];
}

/**
 * Many points on one map (docs/decisions/0080-maps.md, docs/decisions/0170-ops-dispatch-map.md): the
 * same projection, optional tiles and scale bar as the route map, with a marker per job or driver,
 * dashed circles (a job's reach) and a ring round the selected marker. The view fits every marker
 * and circle. Screen readers get `description` (role="img"); the page lists every fact in words.
 */
export function AreaMap({
  description,
  markers,
  circles = [],
  selectedId = null,
  className,
}: {
  description: string;
  markers: AreaMarker[];
  circles?: AreaCircle[];
  selectedId?: string | null;
  className?: string;
}) {
  const fitKey = [
    ...markers.map((m) => `${m.position.lat},${m.position.lng}`),
    ...circles.map((c) => `${c.centre.lat},${c.centre.lng},${c.radiusMiles}`),
  ].join('|');
  const view = useMemo(
    () => {
      const points = [...markers.map((m) => m.position), ...circles.flatMap(circleBounds)];
      return points.length ? fitViewport(points, WIDTH, HEIGHT, 24, 3, 15) : null;
    },
    // Refitted only when a position or a circle changes, not on every new array of the same points.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fitKey],
  );
  const tiles = useMapTiles(view?.zoom);
  if (!view) return null;

  const template = tiles.template;
  const all = [...markers.map((m) => m.position), ...circles.map((c) => c.centre)];
  const centreLat = all.reduce((s, p) => s + p.lat, 0) / all.length;
  // The selected marker is drawn last, so it is on top.
  const ordered = [...markers].sort((a, b) => Number(a.id === selectedId) - Number(b.id === selectedId));

  return (
    <MapCanvas
      view={view}
      template={template}
      onTilesFailed={tiles.failed}
      width={WIDTH}
      height={HEIGHT}
      centreLat={centreLat}
      label={description}
      className={cn('aspect-[8/5]', className)}
      data-testid="area-map"
      data-tiles={template ? 'on' : 'off'}
    >
      {circles.map((c) => {
        const xy = toView(view, c.centre);
        const r = (c.radiusMiles * MILE_METRES) / metresPerPixel(c.centre.lat, view.zoom);
        const selected = c.id === selectedId;
        return (
          <circle
            key={c.id}
            data-circle={c.id}
            data-radius-miles={c.radiusMiles}
            cx={xy.x}
            cy={xy.y}
            r={r}
            className={cn(
              'fill-primary/10 stroke-primary [stroke-dasharray:8_6]',
              selected ? '[stroke-width:3]' : '[stroke-width:1.5]',
            )}
          />
        );
      })}
      {ordered.map((m) => {
        const xy = toView(view, m.position);
        const selected = m.id === selectedId;
        const showLabel = selected || m.kind.startsWith('job');
        const left = xy.x > WIDTH * 0.7;
        return (
          <g key={m.id} data-marker={m.kind} data-id={m.id} data-selected={selected ? 'true' : undefined}>
            {selected ? (
              <circle cx={xy.x} cy={xy.y} r={18} className="fill-none stroke-primary [stroke-width:3]" />
            ) : null}
            <Shape kind={m.kind} x={xy.x} y={xy.y} />
            {showLabel ? (
              <text
                // Labels of points near the right edge go on their left, so they are not cut off.
                x={left ? xy.x - 14 : xy.x + 14}
                textAnchor={left ? 'end' : 'start'}
                y={xy.y + 5}
                className="fill-foreground stroke-card text-[13px] font-semibold [paint-order:stroke] [stroke-linejoin:round] [stroke-width:4]"
              >
                {m.label}
              </text>
            ) : null}
          </g>
        );
      })}
    </MapCanvas>
  );
}
