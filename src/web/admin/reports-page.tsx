import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Clock from 'lucide-react/icons/clock';
import Download from 'lucide-react/icons/download';
import PoundSterling from 'lucide-react/icons/pound-sterling';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import Timer from 'lucide-react/icons/timer';
import { useSearchParams } from '../lib/router';
import type { ReportResponse } from '../../domain/contracts/admin/reports';
import { defaultReportRange, londonDate, reportRangeProblem } from '../../domain/reports';
import { call, endpointUrl } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
import { formatNumber, formatPrice } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { Alert } from '../ui/alert';
import { BarChart } from '../ui/bar-chart';
import { Button, buttonClasses } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { PageLoading } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { TableHead } from '../ui/table-head';
import { adminKeys } from './admin-api';
import { AdminHeader, LoadFailed, StatCard } from './admin-states';
import { DriverCashCard, ReconciliationCard } from './finance-section';

type Row = ReportResponse['byDay'][number];

const minutes = (v: number | null) => (v === null ? '-' : `${v.toFixed(1)} min`);
const percent = (v: number | null) => (v === null ? '-' : `${(v * 100).toFixed(1)}%`);
const shortDay = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

function daysAgo(today: string, n: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}

function BreakdownTable({ caption, rows, first }: { caption: string; rows: Row[]; first: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <TableHead
          cell="py-2"
          columns={[
            first,
            { label: 'Orders', align: 'right' },
            { label: 'Revenue', align: 'right' },
            { label: 'Avg delivery', align: 'right' },
            { label: 'Late', align: 'right' },
          ]}
        />
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={5} className="py-4 text-center text-muted-foreground">
                No orders in this range.
              </td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.key} className="border-b border-border last:border-0">
                <th scope="row" className="py-2 text-left font-medium">
                  {r.label}
                </th>
                <td className="py-2 text-right tabular-nums">{formatNumber(r.orders)}</td>
                <td className="py-2 text-right tabular-nums">{formatPrice(r.revenueMinor)}</td>
                <td className="py-2 text-right tabular-nums">{minutes(r.avgDeliveryMinutes)}</td>
                <td className="py-2 text-right tabular-nums">{percent(r.lateShare)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

const signedMinutes = (v: number | null) => (v === null ? '-' : `${v > 0 ? '+' : ''}${v.toFixed(1)} min`);

/** The dispatcher's predictions against what happened (docs/product/admin.md#reports). */
function PredictionsTable({
  rows,
  caption,
  byDay = false,
}: {
  rows: (ReportResponse['predictions'][number] & { day?: string })[];
  caption: string;
  byDay?: boolean;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <TableHead
          cell="py-2"
          columns={[
            ...(byDay ? ['Day'] : []),
            'Prediction',
            { label: 'Orders', align: 'right' as const },
            { label: 'Typical error', align: 'right' as const },
            { label: 'Worst tenth', align: 'right' as const },
            { label: 'Bias', align: 'right' as const },
          ]}
        />
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.day ?? ''}:${r.key}`} className="border-b border-border last:border-0">
              {byDay ? <td className="py-2 text-left tabular-nums">{shortDay(r.day!)}</td> : null}
              <th scope="row" className="py-2 text-left font-medium">
                {r.label}
              </th>
              <td className="py-2 text-right tabular-nums">{formatNumber(r.count)}</td>
              <td className="py-2 text-right tabular-nums">{minutes(r.medianAbsoluteErrorMinutes)}</td>
              <td className="py-2 text-right tabular-nums">{minutes(r.p90AbsoluteErrorMinutes)}</td>
              <td className="py-2 text-right tabular-nums">{signedMinutes(r.biasMinutes)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {byDay ? null : (
        <p className="mt-2 text-xs text-muted-foreground">
          Typical error: the median gap between predicted and real minutes. Worst tenth: nine in ten orders were nearer
          than this. Bias: the median of real less predicted; above nought, things took longer than predicted.
        </p>
      )}
    </div>
  );
}

/** /admin/reports (super_admin, ops_manager, finance): orders, revenue, delivery time and lateness by day, site and city. */
export function ReportsPage() {
  useDocumentTitle('Reports');
  const [params, setParams] = useSearchParams();
  const fallback = defaultReportRange(new Date());
  const from = params.get('from') ?? fallback.from;
  const to = params.get('to') ?? fallback.to;
  const problem = reportRangeProblem(from, to);
  const report = useQuery({
    queryKey: adminKeys.reports(from, to),
    queryFn: ({ signal }) => call(endpoints.admin.getAdminReports, { query: { from, to }, signal }),
    enabled: !problem,
    placeholderData: keepPreviousData,
  });
  const setRange = (next: { from?: string; to?: string }) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      n.set('from', next.from ?? from);
      n.set('to', next.to ?? to);
      return n;
    });
  const today = londonDate(new Date());
  const r = report.data;

  return (
    <div className="grid gap-6">
      <AdminHeader
        title="Reports"
        note="London days. Revenue counts delivered and collected orders."
        actions={
          <a
            href={endpointUrl(endpoints.admin.getAdminReportsExport, { query: { from, to } })}
            download
            className={buttonClasses({ variant: 'outline' })}
            aria-disabled={!!problem}
          >
            <Download aria-hidden="true" />
            Export CSV
          </a>
        }
      />
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
        <Button variant="outline" onClick={() => setRange({ from: today, to: today })}>
          Today
        </Button>
        <Button variant="outline" onClick={() => setRange({ from: daysAgo(today, 6), to: today })}>
          Last 7 days
        </Button>
        <Button variant="outline" onClick={() => setRange({ from: daysAgo(today, 29), to: today })}>
          Last 30 days
        </Button>
      </div>
      {problem ? <Alert variant="destructive">{problem}</Alert> : null}
      {!problem && report.isPending ? <PageLoading label="Loading report..." /> : null}
      {report.isError ? (
        <LoadFailed
          title="Failed to load admin data"
          message={report.error.message}
          onRetry={() => void report.refetch()}
        />
      ) : null}
      {r && !problem ? (
        <>
          <section aria-label="Totals" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard
              label="Orders"
              value={formatNumber(r.totals.orders)}
              note={`${formatNumber(r.totals.completedOrders)} delivered or collected`}
              icon={<ShoppingBag aria-hidden="true" />}
            />
            <StatCard
              label="Revenue"
              value={formatPrice(r.totals.revenueMinor)}
              icon={<PoundSterling aria-hidden="true" />}
            />
            <StatCard
              label="Avg delivery time"
              value={minutes(r.totals.avgDeliveryMinutes)}
              note="Placed to delivered"
              icon={<Timer aria-hidden="true" />}
            />
            <StatCard
              label="Late share"
              value={percent(r.totals.lateShare)}
              note={`${r.totals.lateOrders} of ${r.totals.ordersWithEta} with an ETA`}
              icon={<Clock aria-hidden="true" />}
            />
          </section>
          <Card>
            <CardHeader>
              <CardTitle>By day</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-6 lg:grid-cols-2">
              <BarChart
                title="Orders per day"
                data={r.byDay.map((d) => ({ label: d.key, value: d.orders }))}
                format={(v) => formatNumber(v)}
                shortLabel={shortDay}
              />
              <BarChart
                title="Revenue per day"
                data={r.byDay.map((d) => ({ label: d.key, value: d.revenueMinor }))}
                format={formatPrice}
                shortLabel={shortDay}
              />
              <BarChart
                title="Average delivery time (minutes)"
                data={r.byDay.map((d) => ({ label: d.key, value: d.avgDeliveryMinutes }))}
                format={(v) => minutes(v)}
                shortLabel={shortDay}
              />
              <BarChart
                title="Late share"
                data={r.byDay.map((d) => ({ label: d.key, value: d.lateShare }))}
                format={(v) => percent(v)}
                shortLabel={shortDay}
              />
            </CardContent>
          </Card>
          <div className="grid gap-6 xl:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>By restaurant</CardTitle>
              </CardHeader>
              <CardContent>
                <BreakdownTable caption="By restaurant" rows={r.bySite} first="Restaurant" />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>By city</CardTitle>
              </CardHeader>
              <CardContent>
                <BreakdownTable caption="By city" rows={r.byCity} first="City" />
              </CardContent>
            </Card>
          </div>
          <Card>
            <CardHeader>
              <CardTitle>Predictions against what happened</CardTitle>
            </CardHeader>
            <CardContent>
              <PredictionsTable rows={r.predictions} caption="Predictions against what happened" />
            </CardContent>
          </Card>
          {r.predictionsByDay.some((p) => p.count > 0) ? (
            <Card>
              <CardHeader>
                <CardTitle>Predictions by day</CardTitle>
              </CardHeader>
              <CardContent>
                <PredictionsTable
                  rows={r.predictionsByDay.filter((p) => p.count > 0)}
                  caption="Predictions against what happened, by day accepted"
                  byDay
                />
              </CardContent>
            </Card>
          ) : null}
        </>
      ) : null}
      {!problem ? <ReconciliationCard from={from} to={to} /> : null}
      <DriverCashCard />
    </div>
  );
}
