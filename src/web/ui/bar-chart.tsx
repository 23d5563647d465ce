import { useId } from 'react';
import { cn } from '../lib/cn';

export type BarDatum = { label: string; value: number | null };

/**
 * A small bar chart in plain SVG (no chart library). Screen readers get the same numbers as a
 * table; bars show their value on hover through <title>. Missing values (null) leave a gap.
 */
export function BarChart({
  title,
  data,
  format,
  shortLabel = (l) => l,
  height = 160,
  className,
}: {
  title: string;
  data: readonly BarDatum[];
  format: (value: number) => string;
  shortLabel?: (label: string) => string;
  height?: number;
  className?: string;
}) {
  const id = useId();
  const max = Math.max(0, ...data.map((d) => d.value ?? 0));
  const width = 600;
  const top = 16;
  const bottom = 24;
  const plot = height - top - bottom;
  const slot = data.length ? width / data.length : width;
  const barWidth = Math.max(2, Math.min(48, slot * 0.7));
  // Label every day when few, else about eight labels.
  const every = Math.max(1, Math.ceil(data.length / 8));
  return (
    <figure className={cn('grid gap-2', className)}>
      <figcaption id={`${id}-title`} className="text-sm font-semibold">
        {title}
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" aria-hidden="true" focusable="false">
        <line x1={0} x2={width} y1={top + plot} y2={top + plot} className="stroke-border" strokeWidth={1} />
        {max > 0 ? (
          <text x={0} y={10} className="fill-muted-foreground text-[10px]">
            {format(max)}
          </text>
        ) : null}
        {data.map((d, i) => {
          const x = i * slot + (slot - barWidth) / 2;
          const h = d.value && max > 0 ? Math.max(1, (d.value / max) * plot) : 0;
          return (
            <g key={d.label}>
              {d.value !== null ? (
                <rect x={x} y={top + plot - h} width={barWidth} height={h} rx={2} className="fill-primary">
                  <title>{`${d.label}: ${format(d.value)}`}</title>
                </rect>
              ) : null}
              {i % every === 0 ? (
                <text
                  x={i * slot + slot / 2}
                  y={height - 6}
                  textAnchor="middle"
                  className="fill-muted-foreground text-[10px]"
                >
                  {shortLabel(d.label)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <table className="sr-only" aria-labelledby={`${id}-title`}>
        <tbody>
          {data.map((d) => (
            <tr key={d.label}>
              <th scope="row">{d.label}</th>
              <td>{d.value === null ? 'no data' : format(d.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
