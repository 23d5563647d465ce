import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import { type FormEvent, useState } from 'react';
import type { DriverCashListResponse, ReconciliationResponse } from '../../domain/contracts/money';
import { poundsToPence } from '../../domain/money';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
import { formatNumber, formatPrice } from '../lib/format';
import { toast } from '../lib/toast';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { Dialog } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import { TableHead } from '../ui/table-head';
import { TextField } from '../ui/text-field';
import { useFormErrors } from '../ui/use-form-errors';

type Line = ReconciliationResponse['totals'];
type Driver = DriverCashListResponse['drivers'][number];

const financeKeys = {
  reconciliation: (from: string, to: string) => ['admin', 'finance', 'reconciliation', from, to] as const,
  driverCash: ['admin', 'finance', 'driver-cash'] as const,
};

function Check({ ok }: { ok: boolean }) {
  return ok ? (
    <span className="inline-flex items-center gap-1 text-primary">
      <CircleCheck aria-hidden="true" className="size-4" />
      Reconciles
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-destructive">
      <CircleX aria-hidden="true" className="size-4" />
      Does not reconcile
    </span>
  );
}

const COLUMNS = [
  { label: 'Orders', key: 'orders' },
  { label: 'Customer totals', key: 'customerTotalsMinor' },
  { label: 'Food sales', key: 'foodSalesMinor' },
  { label: 'Delivery fees', key: 'deliveryFeesMinor' },
  { label: 'Service fees', key: 'serviceFeesMinor' },
  { label: 'Restaurant offers', key: 'offerCostMinor' },
  { label: 'Vouchers (platform-funded)', key: 'platformDiscountsMinor' },
  { label: 'Commission', key: 'commissionMinor' },
  { label: 'Driver pay', key: 'driverPayMinor' },
  { label: 'Platform margin', key: 'platformMarginMinor' },
  { label: 'Subsidy', key: 'subsidyMinor' },
  { label: 'Cash owed', key: 'cashOwedMinor' },
  { label: 'Cash collected', key: 'cashCollectedMinor' },
  { label: 'Jobs paid above income', key: 'jobsPaidAboveIncome' },
] as const satisfies readonly { label: string; key: keyof Line }[];

function cells(line: Line) {
  return COLUMNS.map((c) => (
    <td key={c.key} className="py-2 pl-3 text-right tabular-nums">
      {c.key === 'orders' || c.key === 'jobsPaidAboveIncome' ? formatNumber(line[c.key]) : formatPrice(line[c.key])}
    </td>
  ));
}

type DriverDay = ReconciliationResponse['drivers'][number];

/** A signed amount of pence: "-£0.47", "+£1.00", "£0.00". */
function signedPrice(minor: number) {
  return minor > 0 ? `+${formatPrice(minor)}` : minor < 0 ? `-${formatPrice(-minor)}` : formatPrice(0);
}

/**
 * The cash per driver and London day (docs/product/admin.md#finance): owed, collected, handed in,
 * the difference, and each order behind it with the driver's reason
 * (docs/decisions/0202-order-floor-cash-netting-and-reconciliation.md).
 */
function DriverCashDays({ lines }: { lines: DriverDay[] }) {
  if (lines.length === 0) return <p className="text-sm text-muted-foreground">No driver cash in this range.</p>;
  return (
    <table className="w-full text-sm">
      <caption className="mb-2 text-left font-semibold">Cash by driver and day</caption>
      <TableHead
        cell="py-2 pl-3"
        columns={[
          'Driver',
          'Day',
          ...['Deliveries', 'Owed', 'Collected', 'Handed in', 'Difference'].map((label) => ({
            label,
            align: 'right' as const,
          })),
          'Check',
        ]}
      />
      <tbody>
        {lines.map((d) => (
          <tr key={`${d.day}-${d.driverId}`} className="border-b border-border align-top">
            <th scope="row" className="py-2 text-left font-medium">
              {d.driverName}
              {d.differences.length > 0 || d.notCollected.length > 0 ? (
                <ul className="mt-1 grid gap-0.5 text-xs font-normal text-muted-foreground">
                  {d.differences.map((x) => (
                    <li key={x.orderNumber}>
                      {x.orderNumber} owed {formatPrice(x.owedMinor)}, collected {formatPrice(x.collectedMinor)}:{' '}
                      {x.reason ?? 'no reason given'}
                    </li>
                  ))}
                  {d.notCollected.map((n) => (
                    <li key={n}>{n}: cash not collected (cancelled after pickup)</li>
                  ))}
                </ul>
              ) : null}
            </th>
            <td className="py-2 pl-3">{d.day}</td>
            <td className="py-2 pl-3 text-right tabular-nums">{formatNumber(d.deliveries)}</td>
            <td className="py-2 pl-3 text-right tabular-nums">{formatPrice(d.owedMinor)}</td>
            <td className="py-2 pl-3 text-right tabular-nums">{formatPrice(d.collectedMinor)}</td>
            <td className="py-2 pl-3 text-right tabular-nums">
              {formatPrice(d.handedInMinor)}
              {d.nettedMinor > 0 ? (
                <span className="block text-xs text-muted-foreground">{formatPrice(d.nettedMinor)} netted</span>
              ) : null}
            </td>
            <td className="py-2 pl-3 text-right tabular-nums">{signedPrice(d.differenceMinor)}</td>
            <td className="py-2 pl-3">
              <Check ok={d.reconciles} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Finance on the Reports page (docs/product/admin.md#finance): for every London day, customer
 * totals = food sales + delivery fees + service fees, driver pay + platform margin = delivery
 * fees + service fees + subsidy, and cash collected − owed = the explained differences.
 */
export function ReconciliationCard({ from, to }: { from: string; to: string }) {
  const rec = useQuery({
    queryKey: financeKeys.reconciliation(from, to),
    queryFn: ({ signal }) => call(endpoints.admin.getAdminFinanceReconciliation, { query: { from, to }, signal }),
  });
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Finance reconciliation</CardTitle>
        <p className="text-sm text-muted-foreground">
          Customer totals = food sales + delivery fees + service fees. Driver pay + platform margin = delivery fees +
          service fees + subsidy. Cash collected − cash owed = the differences drivers gave a reason for. Tips are cash
          at the door and never pass through HalalNosh.
        </p>
      </CardHeader>
      {/* Wider than a narrow screen: the scrolling area takes the keyboard's focus to scroll by arrow keys. */}
      <CardContent className="overflow-x-auto" tabIndex={0} role="region" aria-label="Finance reconciliation">
        {rec.isPending ? <Spinner label="Loading reconciliation..." /> : null}
        {rec.isError ? <Alert variant="destructive">Could not load the reconciliation.</Alert> : null}
        {rec.data ? (
          <table className="w-full text-sm">
            <caption className="sr-only">Finance reconciliation by day</caption>
            <TableHead
              cell="py-2 pl-3"
              columns={['Day', ...COLUMNS.map((c) => ({ label: c.label, align: 'right' as const })), 'Check']}
            />
            <tbody>
              {rec.data.days
                .filter((d) => d.orders > 0 || d.driverPayMinor > 0)
                .map((d) => (
                  <tr key={d.day} className="border-b border-border">
                    <th scope="row" className="py-2 text-left font-medium">
                      {d.day}
                    </th>
                    {cells(d)}
                    <td className="py-2 pl-3">
                      <Check ok={d.reconciles} />
                    </td>
                  </tr>
                ))}
              <tr className="font-semibold">
                <th scope="row" className="py-2 text-left">
                  Total
                </th>
                {cells(rec.data.totals)}
                <td className="py-2 pl-3">
                  <Check ok={rec.data.totals.reconciles} />
                </td>
              </tr>
            </tbody>
          </table>
        ) : null}
        {rec.data && rec.data.jobsPaidAboveIncome.length > 0 ? (
          <div className="mt-4 text-sm">
            <h3 className="font-semibold">Jobs paid above income</h3>
            <ul className="mt-1 grid gap-0.5 text-muted-foreground">
              {rec.data.jobsPaidAboveIncome.map((j) => (
                <li key={j.orderNumber}>
                  {j.day} {j.orderNumber}: driver paid {formatPrice(j.driverPayMinor)}, order brought in{' '}
                  {formatPrice(j.incomeMinor)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {rec.data ? (
          <div className="mt-6">
            <DriverCashDays lines={rec.data.drivers} />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Every driver's cash in hand, and "Record hand-in" for the cash they bring back (docs/product/admin.md#finance). */
export function DriverCashCard() {
  const [handingIn, setHandingIn] = useState<Driver | null>(null);
  const cash = useQuery({
    queryKey: financeKeys.driverCash,
    queryFn: ({ signal }) => call(endpoints.admin.getAdminFinanceDriverCash, { signal }),
  });
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Driver cash</CardTitle>
        <p className="text-sm text-muted-foreground">Cash collected at doors minus cash handed in.</p>
      </CardHeader>
      <CardContent className="overflow-x-auto" tabIndex={0} role="region" aria-label="Driver cash">
        {cash.isPending ? <Spinner label="Loading driver cash..." /> : null}
        {cash.isError ? <Alert variant="destructive">Could not load driver cash.</Alert> : null}
        {cash.data && cash.data.drivers.length === 0 ? (
          <p className="text-sm text-muted-foreground">No driver has collected cash yet.</p>
        ) : null}
        {cash.data && cash.data.drivers.length > 0 ? (
          <table className="w-full text-sm">
            <caption className="sr-only">Driver cash balances</caption>
            <TableHead
              cell="py-2 pl-3"
              columns={[
                'Driver',
                { label: 'Collected', align: 'right' },
                { label: 'Handed in', align: 'right' },
                { label: 'Cash balance', align: 'right' },
                { label: <span className="sr-only">Actions</span> },
              ]}
            />
            <tbody>
              {cash.data.drivers.map((d) => (
                <tr key={d.driverId} className="border-b border-border last:border-0">
                  <th scope="row" className="py-2 text-left font-medium">
                    {d.name}
                    <span className="block text-xs font-normal text-muted-foreground">{d.email}</span>
                  </th>
                  <td className="py-2 pl-3 text-right tabular-nums">{formatPrice(d.collectedMinor)}</td>
                  <td className="py-2 pl-3 text-right tabular-nums">{formatPrice(d.handedInMinor)}</td>
                  <td className="py-2 pl-3 text-right font-semibold tabular-nums">{formatPrice(d.balanceMinor)}</td>
                  <td className="py-2 pl-3 text-right">
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={d.balanceMinor <= 0}
                      aria-label={`Record hand-in for ${d.name}`}
                      onClick={() => setHandingIn(d)}
                    >
                      Record hand-in
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </CardContent>
      {handingIn ? (
        <HandinDialog key={handingIn.driverId} driver={handingIn} onClose={() => setHandingIn(null)} />
      ) : null}
    </Card>
  );
}

const HANDIN_FIELDS = ['amount', 'note'] as const;

function HandinDialog({ driver, onClose }: { driver: Driver; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState((driver.balanceMinor / 100).toFixed(2));
  const [note, setNote] = useState('');
  // The amount's and the note's refusals show under them; the rest in the dialog's alert.
  const { formRef, errors, formError, check, fail } = useFormErrors(HANDIN_FIELDS, {
    paths: { amountMinor: 'amount' },
    unexpected: 'Could not record the hand-in',
  });
  const [requestId] = useState(() => crypto.randomUUID());
  const save = useMutation({
    mutationFn: (amountMinor: number) =>
      call(endpoints.admin.postAdminDriversByDriverIdCashHandins, {
        params: { driverId: driver.driverId },
        body: { amountMinor, requestId, ...(note.trim() ? { note: note.trim() } : {}) },
      }),
    onSuccess: () => {
      toast.success('Hand-in recorded');
      void queryClient.invalidateQueries({ queryKey: financeKeys.driverCash });
      onClose();
    },
    onError: (e) => void fail(e),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const t = amount.trim();
    const valid = /^\d+(\.\d{1,2})?$/.test(t) && poundsToPence(Number(t)) > 0;
    if (!check({ amount: valid ? undefined : 'Enter an amount above £0.00, like 20.00' })) return;
    save.mutate(poundsToPence(Number(t)));
  };
  return (
    <Dialog
      open
      onClose={save.isPending ? () => undefined : onClose}
      title="Record hand-in"
      description={`${driver.name} holds ${formatPrice(driver.balanceMinor)} in cash.`}
    >
      <form ref={formRef} className="grid gap-3" onSubmit={onSubmit} noValidate>
        <TextField
          label="Amount handed in (£)"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={errors.amount}
          data-autofocus
        />
        <TextField
          label="Note"
          optional
          maxLength={300}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={errors.note}
        />
        {formError ? <Alert variant="destructive">{formError}</Alert> : null}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner className="size-4 text-primary-foreground" /> : null}
          Record hand-in
        </Button>
      </form>
    </Dialog>
  );
}
