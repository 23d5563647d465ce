import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { useSearchParams } from '../lib/router';
import { formatSortCode } from '../../domain/payout-details';
import { formatArrivalDate } from '../../domain/payout-arrival';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
import { formatDateTime, formatPrice } from '../lib/format';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { Button } from '../ui/button';
import { SelectField } from '../ui/select-field';
import { PageLoading, Spinner } from '../ui/spinner';
import { TableHead } from '../ui/table-head';
import { AdminHeader, LoadFailed } from './admin-states';

const payoutKeys = {
  all: ['admin', 'payouts'] as const,
  list: (status: string) => ['admin', 'payouts', status] as const,
};

/**
 * /admin/payouts (finance, super_admin; docs/product/admin.md#payouts): drivers' payout requests
 * with the bank details to pay them to, oldest first; Mark paid once the transfer is sent.
 */
export function PayoutsPage() {
  useDocumentTitle('Payouts');
  const [params, setParams] = useSearchParams();
  const status = params.get('status') === 'paid' ? 'paid' : 'requested';
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: payoutKeys.list(status),
    queryFn: ({ signal }) => call(endpoints.admin.getAdminPayouts, { query: { status }, signal }),
  });
  const markPaid = useMutation({
    mutationFn: (id: string) =>
      call(endpoints.admin.postAdminPayoutsByPayoutIdPaid, { params: { payoutId: id }, body: {} }),
    onSuccess: (res) => {
      toast.success(`Marked paid: ${formatPrice(res.payout.netMinor)} to ${res.payout.driverName}`);
      void queryClient.invalidateQueries({ queryKey: payoutKeys.all });
    },
    onError: (error) => toast.error('Could not mark paid', { description: error.message }),
  });

  return (
    <div className="grid gap-6">
      <AdminHeader
        title="Payouts"
        note="Send each request by bank transfer to the details shown, then mark it paid. The driver sees it as paid at once."
        actions={
          <Button variant="outline" onClick={() => void list.refetch()} disabled={list.isFetching}>
            <RefreshCw aria-hidden="true" />
            Refresh
          </Button>
        }
      />
      <div className="max-w-xs">
        <SelectField
          label="Show"
          value={status}
          onChange={(e) => setParams(e.target.value === 'paid' ? { status: 'paid' } : {}, { replace: true })}
          options={[
            { value: 'requested', label: 'Waiting to be paid' },
            { value: 'paid', label: 'Paid' },
          ]}
        />
      </div>
      {list.isPending ? (
        <PageLoading label="Loading payouts..." />
      ) : list.isError ? (
        <LoadFailed
          title="Failed to load admin data"
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border bg-card">
          <table className="w-full text-sm">
            <caption className="sr-only">Driver payout requests</caption>
            <TableHead columns={['Requested', 'Driver', 'Amount', 'Pay to', status === 'paid' ? 'Paid' : 'Action']} />
            <tbody>
              {list.data.payouts.length === 0 ? (
                <tr>
                  <td colSpan={5} className="px-4 py-8 text-center text-muted-foreground">
                    {status === 'paid' ? 'No payouts paid yet.' : 'No payout requests waiting.'}
                  </td>
                </tr>
              ) : (
                list.data.payouts.map((p) => (
                  <tr key={p.id} className="border-b border-border align-top last:border-0">
                    <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
                      {formatDateTime(p.createdAt)}
                      {p.status === 'requested' ? (
                        <span className="block text-xs font-medium text-foreground">
                          Due in the driver's bank by {formatArrivalDate(p.arrivesBy)}
                        </span>
                      ) : null}
                    </td>
                    <td className="px-4 py-3">
                      <span className="font-medium">{p.driverName}</span>
                      <span className="block text-xs text-muted-foreground">{p.driverEmail}</span>
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 tabular-nums">
                      {formatPrice(p.netMinor)}
                      <span className="block text-xs text-muted-foreground">
                        gross {formatPrice(p.grossMinor)}
                        {p.feeMinor > 0 ? `, cash-out fee ${formatPrice(p.feeMinor)}` : ''}
                      </span>
                      {/* The cash the driver held, netted off, and what they hold now (docs/product/admin.md#payouts). */}
                      <span className="block text-xs text-muted-foreground">
                        cash netted {formatPrice(p.cashNettedMinor)}
                      </span>
                      <span className="block text-xs text-muted-foreground">
                        cash held now {formatPrice(p.driverCashHeldMinor)}
                      </span>
                    </td>
                    <td className="px-4 py-3">
                      {p.accountName && p.sortCode && p.accountNumber ? (
                        <>
                          {p.accountName}
                          <span className="block tabular-nums text-muted-foreground">
                            {formatSortCode(p.sortCode)} · {p.accountNumber}
                          </span>
                        </>
                      ) : (
                        <span className="text-muted-foreground">No details on the request</span>
                      )}
                    </td>
                    <td className="px-4 py-3">
                      {p.status === 'paid' ? (
                        <span className="whitespace-nowrap">{p.paidAt ? formatDateTime(p.paidAt) : 'Paid'}</span>
                      ) : (
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => markPaid.mutate(p.id)}
                          disabled={markPaid.isPending && markPaid.variables === p.id}
                          aria-label={`Mark ${formatPrice(p.netMinor)} to ${p.driverName} paid`}
                        >
                          {markPaid.isPending && markPaid.variables === p.id ? (
                            <Spinner className="size-4" />
                          ) : (
                            <CheckCircle2 aria-hidden="true" />
                          )}
                          Mark paid
                        </Button>
                      )}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
