import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Save from 'lucide-react/icons/save';
import { useState } from 'react';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from '../../domain/notifications';
import { toast } from '../lib/toast';
import { Button } from './button';
import { LoadFailed } from './load-failed';
import { Spinner } from './spinner';

const CHANNEL_LABELS: Record<NotificationChannel, string> = { SMS: 'SMS', EMAIL: 'Email', PUSH: 'Push' };

type Grid<K extends string> = Record<NotificationChannel, Record<K, boolean>>;

export type NotificationGridProps<K extends string> = {
  events: readonly { key: K; label: string }[];
  queryKey: readonly unknown[];
  load: (signal: AbortSignal) => Promise<{ settings: Grid<K> }>;
  save: (settings: Grid<K>) => Promise<{ settings: Grid<K> }>;
  /** The table's accessible caption. */
  caption: string;
  /** The first column's heading. */
  rowHeading: string;
};

function GridForm<K extends string>({ initial, ...p }: NotificationGridProps<K> & { initial: Grid<K> }) {
  const queryClient = useQueryClient();
  const [settings, setSettings] = useState(initial);
  const save = useMutation({
    mutationFn: p.save,
    onSuccess: (data) => {
      queryClient.setQueryData(p.queryKey, data);
      toast.success('Notification preferences saved');
    },
    onError: (error) => toast.error('Could not save your preferences', { description: error.message }),
  });
  const toggle = (channel: NotificationChannel, event: K) =>
    setSettings((s) => ({ ...s, [channel]: { ...s[channel], [event]: !s[channel][event] } }));

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="overflow-x-auto rounded-lg border border-border bg-card shadow-sm">
        <table className="w-full text-sm">
          <caption className="sr-only">{p.caption}</caption>
          <thead>
            <tr className="border-b border-border bg-muted/50">
              <th scope="col" className="p-3 text-left font-semibold">
                {p.rowHeading}
              </th>
              {NOTIFICATION_CHANNELS.map((c) => (
                <th key={c} scope="col" className="p-3 text-center font-semibold">
                  {CHANNEL_LABELS[c]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {p.events.map((e) => (
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

/**
 * A channel × event grid of notification preferences (docs/product/orders.md#notifications), with its
 * loading and error states: the customer's Notifications tab, the driver's and the partner's settings.
 */
export function NotificationGrid<K extends string>(props: NotificationGridProps<K>) {
  const query = useQuery({
    queryKey: props.queryKey,
    queryFn: ({ signal }) => props.load(signal),
    staleTime: Infinity,
  });
  if (query.isPending) {
    return (
      <div role="status" className="flex items-center gap-2 py-8 text-muted-foreground">
        <Spinner className="size-5" />
        Loading your preferences...
      </div>
    );
  }
  if (query.isError) {
    return <LoadFailed inline title="Failed to load your preferences" onRetry={() => void query.refetch()} />;
  }
  return <GridForm {...props} initial={query.data.settings} />;
}
