import { formatPrice } from '../lib/format';

const W = 336;
const H = 140;
const PAD_BOTTOM = 18;
const PAD_TOP = 16;

/** Day of month from a YYYY-MM-DD key, and the weekday for screen readers. */
function dayLabel(key: string): { short: string; long: string } {
  const d = new Date(`${key}T12:00:00Z`);
  return {
    short: String(d.getUTCDate()),
    long: new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }).format(d),
  };
}

/** The last 14 days' earnings as plain SVG bars, with a table for screen readers. */
export function EarningsChart({ days }: { days: { date: string; totalMinor: number }[] }) {
  const max = Math.max(1, ...days.map((d) => d.totalMinor));
  const slot = W / days.length;
  const barW = Math.max(6, slot - 6);
  const plotH = H - PAD_BOTTOM - PAD_TOP;
  return (
    <figure className="grid gap-2">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label="Earnings over the last 14 days" className="h-auto w-full">
        {days.map((d, i) => {
          const h = d.totalMinor ? Math.max(2, (d.totalMinor / max) * plotH) : 0;
          const x = i * slot + (slot - barW) / 2;
          const label = dayLabel(d.date);
          const today = i === days.length - 1;
          return (
            <g key={d.date}>
              <title>{`${label.long}: ${formatPrice(d.totalMinor)}`}</title>
              <rect
                x={x}
                y={PAD_TOP + plotH - h}
                width={barW}
                height={h}
                rx={3}
                className={today ? 'fill-primary' : 'fill-primary/50'}
              />
              <rect x={x} y={PAD_TOP + plotH} width={barW} height={1} className="fill-border" />
              <text x={x + barW / 2} y={H - 4} textAnchor="middle" className="fill-muted-foreground text-[9px]">
                {label.short}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>Earnings per day, last 14 days</caption>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{dayLabel(d.date).long}</th>
              <td>{formatPrice(d.totalMinor)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
