import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Download from 'lucide-react/icons/download';
import { useId } from 'react';
import { useSearchParams } from '../lib/router';
import { defaultReportRange, reportRangeProblem } from '../../domain/reports';
import { isClientError } from '../lib/api';
import { call, endpointUrl } from '../lib/call';
import { endpoints } from '../lib/endpoints-partner.generated';
import { formatNumber, formatPrice } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { Alert } from '../ui/alert';
import { buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { PageLoading } from '../ui/spinner';
import { TableHead } from '../ui/table-head';
import { TextField } from '../ui/text-field';
import { LoadFailed, LocationNotFound, NoSiteSelected } from './partner-states';
import { usePartnerSelection } from './use-partner-selection';

const dayLabel = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

/** /partner/statements?site=: a location's statement per London day, with a CSV download (docs/product/partner.md#statements). */
export function StatementsPage() {
  useDocumentTitle('Statements');
  const selection = usePartnerSelection();
  if (selection.isPending) return <PageLoading />;
  if (selection.error)
    return <LoadFailed title="Error loading brands" message={selection.error.message} onRetry={selection.refetch} />;
  if (selection.unknownSite) return <LocationNotFound />;
  if (!selection.site) return <NoSiteSelected />;
  return <Statement key={selection.site.id} siteId={selection.site.id} />;
}

function Statement({ siteId }: { siteId: string }) {
  const [params, setParams] = useSearchParams();
  const fallback = defaultReportRange(new Date());
  const from = params.get('from') ?? fallback.from;
  const to = params.get('to') ?? fallback.to;
  const problem = reportRangeProblem(from, to);
  const statement = useQuery({
    queryKey: ['partner', 'statement', siteId, from, to],
    queryFn: ({ signal }) =>
      call(endpoints.partner.getPartnerSitesBySiteIdStatement, { params: { siteId }, query: { from, to }, signal }),
    enabled: !problem,
    placeholderData: keepPreviousData,
    retry: (n, e) => !isClientError(e) && n < 3,
  });
  const setRange = (next: { from?: string; to?: string }) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      n.set('from', next.from ?? from);
      n.set('to', next.to ?? to);
      return n;
    });
  const s = statement.data;

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">Statements</h1>
          <p className="text-sm text-muted-foreground">
            Delivered and collected orders by London day. Commission is taken from the food at the rate in force when
            each order was placed.
          </p>
        </div>
        <a
          href={endpointUrl(endpoints.partner.getPartnerSitesBySiteIdStatementExport, {
            params: { siteId },
            query: { from, to },
          })}
          download
          className={buttonClasses({ variant: 'outline' })}
          aria-disabled={!!problem}
        >
          <Download aria-hidden="true" />
          Download CSV
        </a>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label="From"
          type="date"
          value={from}
          max={to}
          onChange={(e) => e.target.value && setRange({ from: e.target.value })}
          containerClassName="w-44"
        />
        <TextField
          label="To"
          type="date"
          value={to}
          min={from}
          onChange={(e) => e.target.value && setRange({ to: e.target.value })}
          containerClassName="w-44"
        />
      </div>
      {problem ? <Alert variant="destructive">{problem}</Alert> : null}
      {!problem && statement.isPending ? <PageLoading label="Loading statement..." /> : null}
      {statement.isError ? (
        <LoadFailed
          title="Could not load the statement"
          message={statement.error.message}
          onRetry={() => void statement.refetch()}
        />
      ) : null}
      {s && !problem ? (
        <>
          <section aria-label="Totals" className="grid grid-cols-2 gap-3 lg:grid-cols-6">
            <Total label="Orders" value={formatNumber(s.totals.orders)} />
            <Total label="Food sales" value={formatPrice(s.totals.foodSalesMinor)} />
            <Total
              label="Your offers"
              value={formatPrice(s.totals.offerCostMinor)}
              note="Discounts and free delivery you gave"
            />
            <Total
              label="Commission"
              value={formatPrice(s.totals.commissionMinor)}
              note={s.commissionRates.length ? `At ${s.commissionRates.map((r) => `${r}%`).join(', ')}` : undefined}
            />
            <Total label="Delivery fees" value={formatPrice(s.totals.deliveryFeesMinor)} note="Kept by HalalNosh" />
            <Total
              label={s.totals.netOwedMinor < 0 ? 'You owe HalalNosh' : 'Net owed to you'}
              value={formatPrice(Math.abs(s.totals.netOwedMinor))}
              note={
                s.totals.collectedByRestaurantMinor
                  ? `After ${formatPrice(s.totals.collectedByRestaurantMinor)} you took in cash at collection`
                  : undefined
              }
            />
          </section>
          <Card className="overflow-x-auto p-4">
            <table className="w-full text-sm">
              <caption className="sr-only">Statement by day</caption>
              <TableHead
                cell="py-2"
                columns={[
                  'Day',
                  { label: 'Orders', align: 'right' },
                  { label: 'Food sales', align: 'right' },
                  { label: 'Your offers', align: 'right' },
                  { label: 'Commission', align: 'right' },
                  { label: 'Delivery fees', align: 'right' },
                  { label: 'Cash you took', align: 'right' },
                  { label: 'Net owed', align: 'right' },
                ]}
              />
              <tbody>
                {s.totals.orders === 0 ? (
                  <tr>
                    <td colSpan={8} className="py-4 text-center text-muted-foreground">
                      No delivered or collected orders in this range.
                    </td>
                  </tr>
                ) : (
                  s.days
                    .filter((d) => d.orders > 0)
                    .map((d) => (
                      <tr key={d.day} className="border-b border-border last:border-0">
                        <th scope="row" className="py-2 text-left font-medium">
                          {dayLabel(d.day)}
                        </th>
                        <td className="py-2 text-right tabular-nums">{formatNumber(d.orders)}</td>
                        <td className="py-2 text-right tabular-nums">{formatPrice(d.foodSalesMinor)}</td>
                        <td className="py-2 text-right tabular-nums">{formatPrice(d.offerCostMinor)}</td>
                        <td className="py-2 text-right tabular-nums">{formatPrice(d.commissionMinor)}</td>
                        <td className="py-2 text-right tabular-nums">{formatPrice(d.deliveryFeesMinor)}</td>
                        <td className="py-2 text-right tabular-nums">{formatPrice(d.collectedByRestaurantMinor)}</td>
                        <td className="py-2 text-right tabular-nums">{formatPrice(d.netOwedMinor)}</td>
                      </tr>
                    ))
                )}
              </tbody>
            </table>
          </Card>
        </>
      ) : null}
    </div>
  );
}

/** One total, a group named by its label so a screen reader (and a test) reads label and amount together. */
function Total({ label, value, note }: { label: string; value: string; note?: string }) {
  const id = useId();
  return (
    <Card role="group" aria-labelledby={id} className="grid gap-1 p-4">
      <p id={id} className="text-sm text-muted-foreground">
        {label}
      </p>
      <p className="text-xl font-semibold tabular-nums">{value}</p>
      {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
    </Card>
  );
}
