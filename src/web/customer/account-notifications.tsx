import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../lib/toast';
import type { NotificationSettings } from '../../domain/contracts/account/notifications';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  type NotificationChannel,
  type NotificationEvent,
} from '../../domain/notifications';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { LoadFailed } from '../ui/load-failed';
import { PushOptIn } from '../ui/push-opt-in';

const KEY = ['account', 'notifications'] as const;
const CHANNEL_LABELS: Record<NotificationChannel, string> = { SMS: 'SMS', EMAIL: 'Email', PUSH: 'Push' };

function Grid({ initial }: { initial: NotificationSettings }) {
  const queryClient = useQueryClient();
  const [settings, setSettings] = useState(initial);
  const save = useMutation({
    mutationFn: (body: NotificationSettings) =>
      call(endpoints.account.putAccountNotifications, { body: { settings: body } }),
    onSuccess: (data) => {
      queryClient.setQueryData(KEY, data);
      toast.success('Notification preferences saved');
    },
    onError: (error) => toast.error('Could not save your preferences', { description: error.message }),
  });
  const toggle = (channel: NotificationChannel, event: NotificationEvent) =>
    setSettings((s) => ({ ...s, [channel]: { ...s[channel], [event]: !s[channel][event] } }));

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="overflow-x-auto rounded-lg border border-border bg-card shadow-sm">
        <table className="w-full text-sm">
          <caption className="sr-only">Which order updates reach you on which channel</caption>
          <thead>
            <tr className="border-b border-border bg-muted/50">
              <th scope="col" className="p-3 text-left font-semibold">
                Order update
              </th>
              {NOTIFICATION_CHANNELS.map((c) => (
                <th key={c} scope="col" className="p-3 text-center font-semibold">
                  {CHANNEL_LABELS[c]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_EVENTS.map((e) => (
              <tr key={e.key} className="border-b border-border last:border-b-0">
                <th scope="row" className="p-3 text-left font-medium">
                  {e.label}
                </th>
                {NOTIFICATION_CHANNELS.map((c) => (
                  <td key={c} className="p-0 text-center">
                    <label className="inline-grid size-11 cursor-pointer place-items-center">
                      <input
                        type="checkbox"
                        checked={settings[c][e.key]}
                        onChange={() => toggle(c, e.key)}
                        className="size-5 cursor-pointer accent-[var(--color-primary)]"
                      />
                      <span className="sr-only">
                        {e.label} by {CHANNEL_LABELS[c]}
                      </span>
                    </label>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Button onClick={() => save.mutate(settings)} disabled={save.isPending} className="justify-self-start">
        {save.isPending ? <Spinner className="size-4 text-primary-foreground" /> : <Save aria-hidden="true" />}
        Save Preferences
      </Button>
    </div>
  );
}

/** The Notifications tab: SMS, email and push for each of the six order events. */
export function AccountNotifications() {
  const query = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => call(endpoints.account.getAccountNotifications, { signal }),
    staleTime: Infinity,
  });
  return (
    <div className="grid grid-cols-1 gap-4">
      <div>
        <h2 className="text-lg font-semibold">Notifications</h2>
        <p className="text-sm text-muted-foreground">Choose how we tell you about your orders.</p>
      </div>
      <PushOptIn description="Push updates you switch on below reach this device, even with HalalNosh closed." />
      {query.isPending ? (
        <div role="status" className="flex items-center gap-2 py-8 text-muted-foreground">
          <Spinner className="size-5" />
          Loading your preferences...
        </div>
      ) : query.isError ? (
        <LoadFailed inline title="Failed to load account data" onRetry={() => void query.refetch()} />
      ) : (
        <Grid initial={query.data.settings} />
      )}
    </div>
  );
}
