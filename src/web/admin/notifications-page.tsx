import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { useSearchParams } from '../lib/router';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
import { formatDateTime } from '../lib/format';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { Button } from '../ui/button';
import { SelectField } from '../ui/select-field';
import { PageLoading, Spinner } from '../ui/spinner';
import { TableHead } from '../ui/table-head';
import { adminKeys } from './admin-api';
import { AdminHeader, LoadFailed } from './admin-states';

const CHANNEL = { email: 'E-mail', push: 'Push', sms: 'SMS' } as const;
const STATUS = { pending: 'Pending', sending: 'Sending', sent: 'Sent', failed: 'Failed', skipped: 'Skipped' } as const;

/**
 * /admin/notifications (ops_manager, super_admin; docs/product/admin.md#notifications): the sends
 * that failed or are still waiting, with their last error, and Retry for one of them.
 */
export function NotificationsPage() {
  useDocumentTitle('Notifications');
  const [params, setParams] = useSearchParams();
  const status = (params.get('status') ?? '') as '' | 'failed' | 'pending';
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: adminKeys.notifications(status),
    queryFn: ({ signal }) => call(endpoints.admin.getAdminNotifications, { query: status ? { status } : {}, signal }),
    refetchInterval: 15_000,
  });
  const retry = useMutation({
    mutationFn: (id: string) => call(endpoints.admin.postAdminNotificationRetry, { params: { id } }),
    onSuccess: () => {
      toast.success('Queued to send again');
      void queryClient.invalidateQueries({ queryKey: adminKeys.notificationsAll });
    },
    onError: (error) => toast.error('Could not retry', { description: error.message }),
  });

  return (
    <div className="grid gap-6">
      <AdminHeader
        title="Notifications"
        note={
          list.data
            ? `${list.data.counts.failed} failed, ${list.data.counts.pending} waiting to send.`
            : 'Failed and pending e-mails, push notifications and texts.'
        }
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
          onChange={(e) => setParams(e.target.value ? { status: e.target.value } : {}, { replace: true })}
          options={[
            { value: '', label: 'Failed and pending' },
            { value: 'failed', label: 'Failed' },
            { value: 'pending', label: 'Pending' },
          ]}
        />
      </div>
      {list.isPending ? (
        <PageLoading label="Loading notifications..." />
      ) : list.isError ? (
        <LoadFailed
          title="Failed to load admin data"
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border bg-card">
          <table className="w-full text-sm">
            <caption className="sr-only">Failed and pending notification sends</caption>
            <TableHead columns={['Created', 'Kind', 'Channel', 'To', 'Status', 'Attempts', 'Last error', 'Action']} />
            <tbody>
              {list.data.items.length === 0 ? (
                <tr>
                  <td colSpan={8} className="px-4 py-8 text-center text-muted-foreground">
                    Nothing failed or waiting. Every notification has gone out.
                  </td>
                </tr>
              ) : (
                list.data.items.map((n) => (
                  <tr key={n.id} className="border-b border-border align-top last:border-0">
                    <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">{formatDateTime(n.createdAt)}</td>
                    <td className="px-4 py-3">
                      <span className="font-medium">{n.kindLabel}</span>
                      <span className="block text-xs text-muted-foreground">{n.title}</span>
                    </td>
                    <td className="px-4 py-3">{CHANNEL[n.channel]}</td>
                    <td className="break-all px-4 py-3">{n.recipient}</td>
                    <td className="px-4 py-3">
                      {STATUS[n.status]}
                      {n.status === 'pending' ? (
                        <span className="block text-xs text-muted-foreground">
                          next {formatDateTime(n.nextAttemptAt)}
                        </span>
                      ) : null}
                    </td>
                    <td className="px-4 py-3">{n.attempts}</td>
                    <td className="max-w-xs break-words px-4 py-3 text-muted-foreground">{n.lastError ?? '-'}</td>
                    <td className="px-4 py-3">
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => retry.mutate(n.id)}
                        disabled={n.status === 'sending' || (retry.isPending && retry.variables === n.id)}
                        aria-label={`Retry ${n.kindLabel} to ${n.recipient}`}
                      >
                        {retry.isPending && retry.variables === n.id ? (
                          <Spinner className="size-4" />
                        ) : (
                          <RotateCcw aria-hidden="true" />
                        )}
                        Retry
                      </Button>
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
