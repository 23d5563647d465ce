import Wallet from 'lucide-react/icons/wallet';
import { useState } from 'react';
import { EARNINGS_MESSAGES, type EarningView } from '../../domain/contracts/driver/earnings';
import { formatDateTime, formatPrice } from '../lib/format';
import { formatArrivalDate } from '../../domain/payout-arrival';
import { useDocumentTitle } from '../lib/use-document-title';
import { Alert } from '../ui/alert';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { PageLoading } from '../ui/spinner';
import { CashOutDialog } from './cash-out-dialog';
import { PayoutDetailsCard } from './payout-details-form';
import { useEarnings } from './driver-api';
import { EarningsChart } from './earnings-chart';
import { CashBalanceCard } from './cash-balance-card';

function SummaryCard({ label, minor, strong }: { label: string; minor: number; strong?: boolean }) {
  return (
    <Card className={strong ? 'border-primary bg-primary-soft p-4' : 'p-4'}>
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-2xl font-bold tabular-nums">{formatPrice(minor)}</p>
    </Card>
  );
}

function parts(e: EarningView): string {
  const bits = [`Pickup ${formatPrice(e.pickupPayMinor)}`];
  if (e.distancePayMinor) bits.push(`distance ${formatPrice(e.distancePayMinor)}`);
  if (e.boostMinor) bits.push(`boost ${formatPrice(e.boostMinor)}`);
  if (e.adjustmentMinor > 0) bits.push(`minimum top-up ${formatPrice(e.adjustmentMinor)}`);
  if (e.adjustmentMinor < 0) bits.push(`cap ${formatPrice(e.adjustmentMinor)}`);
  if (e.tipMinor) bits.push(`tip ${formatPrice(e.tipMinor)}`);
  return bits.join(', ');
}

/** /driver/earnings (approved drivers): summary cards, cash-out banner, chart and history (docs/product/driver.md#earnings). */
export function EarningsPage() {
  useDocumentTitle('Earnings');
  const earnings = useEarnings();
  const [cashOut, setCashOut] = useState(false);

  if (earnings.isPending) return <PageLoading label="Loading earnings..." />;
  if (earnings.isError) return <Alert variant="destructive">{EARNINGS_MESSAGES.loadFailed}</Alert>;
  const { summary, days, history, payouts, payoutArrivesBy } = earnings.data;
  const canCashOut = summary.unpaidMinor > 0;

  return (
    <div className="grid gap-5">
      <h1 className="text-2xl font-bold tracking-tight">Earnings</h1>
      <div className="grid grid-cols-2 gap-3">
        <SummaryCard label="Today" minor={summary.todayMinor} />
        <SummaryCard label="This week" minor={summary.weekMinor} />
        <SummaryCard label="This month" minor={summary.monthMinor} />
        <SummaryCard label="Unpaid balance" minor={summary.unpaidMinor} strong />
      </div>
      <CashBalanceCard />

      <Card className="grid gap-3 p-4">
        <div className="flex items-start gap-3">
          <Wallet aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
          <div>
            <h2 className="font-semibold">Cash out</h2>
            <p className="text-sm text-muted-foreground">
              Request your unpaid earnings any time, free of charge. Finance sends them by bank transfer within 2
              working days: requested today, they reach your bank by {formatArrivalDate(payoutArrivesBy)}.
            </p>
          </div>
        </div>
        <Button size="lg" className="w-full" disabled={!canCashOut} onClick={() => setCashOut(true)}>
          {summary.unpaidMinor ? `Cash Out ${formatPrice(summary.unpaidMinor)}` : 'Nothing to cash out'}
        </Button>
      </Card>

      <PayoutDetailsCard />

      <section aria-labelledby="chart-title" className="grid gap-2">
        <h2 id="chart-title" className="text-lg font-semibold">
          Last 14 days
        </h2>
        <Card className="p-4">
          <EarningsChart days={days} />
        </Card>
      </section>

      <section aria-labelledby="history-title" className="grid gap-2">
        <h2 id="history-title" className="text-lg font-semibold">
          History
        </h2>
        {history.length ? (
          <ul className="grid gap-2">
            {history.map((e) => (
              <li key={e.id}>
                <Card className="grid gap-1 p-4">
                  <div className="flex items-start justify-between gap-3">
                    <p className="font-medium">{e.restaurantName ?? 'Delivery'}</p>
                    <p className="font-bold tabular-nums">{formatPrice(e.totalMinor)}</p>
                  </div>
                  <p className="text-sm text-muted-foreground">
                    {e.orderNumber ? `${e.orderNumber} · ` : ''}
                    {formatDateTime(e.createdAt)}
                  </p>
                  {e.note ? <p className="text-sm font-medium text-amber-800">{e.note}</p> : null}
                  <div className="flex items-center justify-between gap-3">
                    <p className="text-xs text-muted-foreground">{parts(e)}</p>
                    <Badge variant={e.paidOut ? 'outline' : 'warning'}>{e.paidOut ? 'Paid' : 'Unpaid'}</Badge>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState title="No earnings yet" headingLevel={3}>
            Completed deliveries appear here with their pay.
          </EmptyState>
        )}
      </section>

      {payouts.length ? (
        <section aria-labelledby="payouts-title" className="grid gap-2">
          <h2 id="payouts-title" className="text-lg font-semibold">
            Cash-outs
          </h2>
          <ul className="grid gap-2 text-sm">
            {payouts.map((p) => (
              <li key={p.id} className="flex justify-between rounded-md border border-border bg-card px-4 py-3">
                <span>
                  {formatDateTime(p.createdAt)}{' '}
                  <span className="text-muted-foreground">
                    {p.status === 'paid' && p.paidAt
                      ? `· Paid ${formatDateTime(p.paidAt)}`
                      : `· Requested, arrives by ${formatArrivalDate(p.arrivesBy)}`}
                  </span>
                </span>
                <span className="tabular-nums">
                  {formatPrice(p.netMinor)}{' '}
                  {/* A fee shows only on payouts made while cash-outs were charged (docs/decisions/0215-cash-out-without-a-fee.md). */}
                  {p.feeMinor > 0 || p.cashNettedMinor > 0 ? (
                    <span className="text-muted-foreground">
                      (
                      {[
                        p.feeMinor > 0 ? `fee ${formatPrice(p.feeMinor)}` : '',
                        p.cashNettedMinor > 0 ? `cash netted ${formatPrice(p.cashNettedMinor)}` : '',
                      ]
                        .filter(Boolean)
                        .join(', ')}
                      )
                    </span>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <CashOutDialog
        open={cashOut}
        onClose={() => setCashOut(false)}
        unpaidMinor={summary.unpaidMinor}
        arrivesBy={payoutArrivesBy}
      />
    </div>
  );
}
