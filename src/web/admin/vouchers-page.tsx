import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Plus from 'lucide-react/icons/plus';
import { type FormEvent, useState } from 'react';
import type { AdminVoucherView } from '../../domain/contracts/vouchers/vouchers';
import { poundsToPence } from '../../domain/money';
import { ApiError } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
import { formatDateTime, formatPrice } from '../lib/format';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { Button } from '../ui/button';
import { SelectField } from '../ui/select-field';
import { PageLoading } from '../ui/spinner';
import { TableHead } from '../ui/table-head';
import { TextField } from '../ui/text-field';
import { AdminHeader, LoadFailed } from './admin-states';

const voucherKeys = { all: ['admin', 'vouchers'] as const, usage: (id: string) => ['admin', 'vouchers', id] as const };

const STATE_LABELS: Record<AdminVoucherView['state'], string> = {
  scheduled: 'Scheduled',
  active: 'Active',
  used_up: 'Budget used',
  ended: 'Ended',
};

/** "£5.00 off" or "10% off (up to £8.00)". */
function valueText(v: AdminVoucherView): string {
  if (v.kind === 'amount') return `${formatPrice(v.amountMinor ?? 0)} off`;
  return `${v.percent}% off${v.maxDiscountMinor ? ` (up to ${formatPrice(v.maxDiscountMinor)})` : ''}`;
}

/** The rules of a voucher in one line: minimum spend, per-person limit, first order, place, dates. */
function rulesText(v: AdminVoucherView): string {
  return [
    v.minSpendMinor ? `min ${formatPrice(v.minSpendMinor)}` : null,
    `${v.perCustomerLimit} per person`,
    v.firstOrderOnly ? 'first order only' : null,
    v.citySlug ? `city: ${v.citySlug}` : null,
    v.brandName ? `brand: ${v.brandName}` : null,
    v.startsAt ? `from ${formatDateTime(v.startsAt)}` : null,
    v.endsAt ? `until ${formatDateTime(v.endsAt)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

type Draft = {
  name: string;
  kind: 'amount' | 'percent';
  amount: string;
  percent: string;
  maxDiscount: string;
  minSpend: string;
  budget: string;
  perCustomerLimit: string;
  firstOrderOnly: boolean;
  citySlug: string;
  endsOn: string;
};
const EMPTY: Draft = {
  name: '',
  kind: 'amount',
  amount: '',
  percent: '',
  maxDiscount: '',
  minSpend: '15',
  budget: '',
  perCustomerLimit: '1',
  firstOrderOnly: false,
  citySlug: '',
  endsOn: '',
};
const pence = (pounds: string) => (pounds.trim() ? poundsToPence(Number(pounds)) : null);

/**
 * /admin/vouchers (finance, operations, super admin; docs/product/admin.md#vouchers): platform
 * vouchers with what each has paid out, a new voucher (the server makes its code), End, and the
 * orders a voucher was used on.
 */
export function VouchersPage() {
  useDocumentTitle('Vouchers');
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const list = useQuery({
    queryKey: voucherKeys.all,
    queryFn: ({ signal }) => call(endpoints.vouchers.getAdminVouchers, { signal }),
  });
  const create = useMutation({
    mutationFn: (d: Draft) =>
      call(endpoints.vouchers.postAdminVouchers, {
        body: {
          name: d.name,
          kind: d.kind,
          ...(d.kind === 'amount'
            ? { amountMinor: pence(d.amount) }
            : { percent: d.percent ? Number(d.percent) : null, maxDiscountMinor: pence(d.maxDiscount) }),
          minSpendMinor: pence(d.minSpend) ?? 0,
          budgetMinor: pence(d.budget) ?? 0,
          perCustomerLimit: Number(d.perCustomerLimit) || 1,
          firstOrderOnly: d.firstOrderOnly,
          citySlug: d.citySlug.trim() || null,
          endsAt: d.endsOn ? new Date(`${d.endsOn}T23:59:59`).toISOString() : null,
        },
      }),
    onSuccess: (res) => {
      toast.success(`Voucher ${res.voucher.code} created`);
      setDraft(EMPTY);
      setCreating(false);
      void queryClient.invalidateQueries({ queryKey: voucherKeys.all });
    },
  });
  const end = useMutation({
    mutationFn: (id: string) => call(endpoints.vouchers.postAdminVouchersByVoucherIdEnd, { params: { voucherId: id } }),
    onSuccess: (res) => {
      toast.success(`Voucher ${res.voucher.code} ended`);
      void queryClient.invalidateQueries({ queryKey: voucherKeys.all });
    },
    onError: (error) => toast.error('Could not end the voucher', { description: error.message }),
  });
  const fieldError = (path: string) =>
    create.error instanceof ApiError ? (create.error.fields.find((f) => f.path === path)?.message ?? null) : null;
  const set = (key: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(draft);
  };

  return (
    <div className="grid gap-6">
      <AdminHeader
        title="Vouchers"
        note="Platform vouchers: HalalNosh pays every penny of their discounts, never the restaurant or the driver."
        actions={
          <Button onClick={() => setCreating((c) => !c)} aria-expanded={creating}>
            <Plus aria-hidden="true" />
            New voucher
          </Button>
        }
      />
      {creating ? (
        <form
          onSubmit={submit}
          noValidate
          className="grid gap-4 rounded-lg border border-border bg-card p-5 sm:grid-cols-2"
        >
          <TextField label="Name" value={draft.name} onChange={set('name')} error={fieldError('name')} />
          <SelectField
            label="Discount"
            value={draft.kind}
            onChange={set('kind')}
            options={[
              { value: 'amount', label: 'An amount off' },
              { value: 'percent', label: 'A percentage off' },
            ]}
          />
          {draft.kind === 'amount' ? (
            <TextField
              label="Amount off (£)"
              inputMode="decimal"
              value={draft.amount}
              onChange={set('amount')}
              error={fieldError('amountMinor')}
            />
          ) : (
            <>
              <TextField
                label="Percentage off"
                inputMode="numeric"
                value={draft.percent}
                onChange={set('percent')}
                error={fieldError('percent')}
              />
              <TextField
                label="Most off (£)"
                optional
                inputMode="decimal"
                value={draft.maxDiscount}
                onChange={set('maxDiscount')}
                error={fieldError('maxDiscountMinor')}
              />
            </>
          )}
          <TextField
            label="Minimum order (£)"
            inputMode="decimal"
            value={draft.minSpend}
            onChange={set('minSpend')}
            error={fieldError('minSpendMinor')}
          />
          <TextField
            label="Total budget (£)"
            hint="The most HalalNosh pays out on this code"
            inputMode="decimal"
            value={draft.budget}
            onChange={set('budget')}
            error={fieldError('budgetMinor')}
          />
          <TextField
            label="Uses per person"
            inputMode="numeric"
            value={draft.perCustomerLimit}
            onChange={set('perCustomerLimit')}
            error={fieldError('perCustomerLimit')}
          />
          <TextField
            label="City (slug)"
            optional
            hint="Only at restaurants in this city, e.g. london"
            value={draft.citySlug}
            onChange={set('citySlug')}
            error={fieldError('citySlug')}
          />
          <TextField
            label="Last day"
            optional
            type="date"
            value={draft.endsOn}
            onChange={set('endsOn')}
            error={fieldError('endsAt')}
          />
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input
              type="checkbox"
              checked={draft.firstOrderOnly}
              onChange={(e) => setDraft((d) => ({ ...d, firstOrderOnly: e.target.checked }))}
              className="size-4"
            />
            First order only
          </label>
          {create.error && !(create.error instanceof ApiError && create.error.fields.length) ? (
            <p role="alert" className="text-sm text-destructive sm:col-span-2">
              {create.error.message}
            </p>
          ) : null}
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create voucher'}
            </Button>
            <Button type="button" variant="outline" onClick={() => setCreating(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
      {list.isPending ? (
        <PageLoading label="Loading vouchers..." />
      ) : list.isError ? (
        <LoadFailed title="Failed to load vouchers" message={list.error.message} onRetry={() => void list.refetch()} />
      ) : list.data.vouchers.length === 0 ? (
        <p className="text-muted-foreground">No vouchers yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border bg-card">
          <table className="w-full text-sm">
            <caption className="sr-only">Platform vouchers</caption>
            <TableHead columns={['Code', 'Voucher', 'Rules', 'Used', 'Paid out / budget', 'State', '']} />
            <tbody>
              {list.data.vouchers.map((v) => (
                <VoucherRow
                  key={v.id}
                  v={v}
                  shown={shown === v.id}
                  onShow={() => setShown(shown === v.id ? null : v.id)}
                  onEnd={() => end.mutate(v.id)}
                  ending={end.isPending && end.variables === v.id}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function VoucherRow(props: {
  v: AdminVoucherView;
  shown: boolean;
  onShow: () => void;
  onEnd: () => void;
  ending: boolean;
}) {
  const { v } = props;
  return (
    <>
      <tr className="border-t border-border align-top">
        <td className="px-3 py-2 font-mono">{v.code}</td>
        <td className="px-3 py-2">
          <span className="font-medium">{v.name}</span>
          <span className="block text-muted-foreground">{valueText(v)}</span>
        </td>
        <td className="px-3 py-2 text-muted-foreground">{rulesText(v)}</td>
        <td className="px-3 py-2 tabular-nums">{v.orders}</td>
        <td className="px-3 py-2 tabular-nums">
          {formatPrice(v.spentMinor)} / {formatPrice(v.budgetMinor)}
        </td>
        <td className="px-3 py-2">{STATE_LABELS[v.state]}</td>
        <td className="flex flex-wrap justify-end gap-2 px-3 py-2">
          <Button variant="outline" size="sm" onClick={props.onShow} aria-expanded={props.shown}>
            {props.shown ? 'Hide orders' : 'Orders'}
          </Button>
          {v.state !== 'ended' ? (
            <Button variant="outline" size="sm" onClick={props.onEnd} disabled={props.ending}>
              End
            </Button>
          ) : null}
        </td>
      </tr>
      {props.shown ? (
        <tr>
          <td colSpan={7} className="bg-muted/40 px-3 py-2">
            <VoucherOrders voucherId={v.id} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

function VoucherOrders({ voucherId }: { voucherId: string }) {
  const usage = useQuery({
    queryKey: voucherKeys.usage(voucherId),
    queryFn: ({ signal }) =>
      call(endpoints.vouchers.getAdminVouchersByVoucherIdUsage, { params: { voucherId }, signal }),
  });
  if (usage.isPending) return <PageLoading label="Loading orders..." />;
  if (usage.isError) return <p role="alert">{usage.error.message}</p>;
  if (!usage.data.orders.length) return <p className="text-muted-foreground">Not used yet.</p>;
  return (
    <ul className="grid gap-1" aria-label="Orders with this voucher">
      {usage.data.orders.map((o) => (
        <li key={o.orderNumber} className="flex flex-wrap justify-between gap-3">
          <span>
            {o.orderNumber} · {formatDateTime(o.placedAt)} · {o.status.toLowerCase().replace(/_/g, ' ')}
          </span>
          <span className="tabular-nums">
            {formatPrice(o.discountMinor)}
            {o.released ? ' (given back)' : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
