import type { RestaurantDetail } from '../../domain/contracts/catalog/get-restaurant';
import { weekdayName } from '../../domain/next-opening';

/** The week's opening hours on the restaurant page (docs/product/customer.md#opening-hours). */
export function OpeningHoursList({ hours }: { hours: RestaurantDetail['openingHours'] }) {
  if (!hours.length) return null;
  return (
    <section aria-labelledby="opening-hours-title" className="grid gap-3">
      <h2 id="opening-hours-title" className="text-2xl font-bold tracking-tight">
        Opening hours
      </h2>
      <dl className="grid max-w-md grid-cols-[auto_1fr] gap-x-6 gap-y-1 rounded-lg border border-border bg-card p-4 text-sm shadow-sm">
        {hours.map((d) => (
          <div key={d.weekday} className="contents">
            <dt className="font-medium">{weekdayName(d.weekday)}</dt>
            <dd className="text-muted-foreground">
              {d.closed ? 'Closed' : d.open === d.close ? 'Open 24 hours' : `${d.open} to ${d.close}`}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
