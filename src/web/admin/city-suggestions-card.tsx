import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import MapPin from 'lucide-react/icons/map-pin';
import { useState } from 'react';
import { canUseAdminArea } from '../../domain/policies';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
import { formatShortDate } from '../lib/format';
import { useMe } from '../lib/me';
import { toast } from '../lib/toast';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Spinner } from '../ui/spinner';
import { TableHead } from '../ui/table-head';
import { adminKeys } from './admin-api';
import { LoadFailed } from './admin-states';

/**
 * Suggested cities from the customer "Suggest a City" form, most asked first. Operations managers
 * and super admins mark a city opened, which e-mails everyone who suggested it (docs/product/admin.md#overview).
 */
export function CitySuggestionsCard() {
  const q = useQuery({
    queryKey: adminKeys.citySuggestions,
    queryFn: ({ signal }) => call(endpoints.admin.getAdminCitySuggestions, { signal }),
  });
  const queryClient = useQueryClient();
  const canOpen = canUseAdminArea(useMe().data?.user?.adminRole ?? null, 'city_openings');
  const [confirming, setConfirming] = useState<string | null>(null);
  const open = useMutation({
    mutationFn: (city: string) => call(endpoints.admin.postAdminCitySuggestionsOpened, { body: { city } }),
    onSuccess: (r) => {
      setConfirming(null);
      toast.success(`${r.city} marked as opened`, {
        description: r.emailed === 1 ? '1 person will be e-mailed.' : `${r.emailed} people will be e-mailed.`,
      });
      void queryClient.invalidateQueries({ queryKey: adminKeys.citySuggestions });
    },
    onError: (error) => toast.error('Could not mark the city as opened', { description: error.message }),
  });
  return (
    // min-w-0: as a grid item the card would otherwise grow to the table's width.
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MapPin aria-hidden="true" className="size-5 text-primary" />
          Suggested Cities
        </CardTitle>
        <CardDescription>Where customers want HalalNosh next, from "Suggest a City".</CardDescription>
      </CardHeader>
      {/* A wide table (long e-mail lists, 200% text) scrolls inside the card, not the page. */}
      <CardContent className="overflow-x-auto">
        {q.isPending ? (
          <Spinner label="Loading suggestions" />
        ) : q.isError ? (
          <LoadFailed title="Failed to load admin data" message={q.error.message} onRetry={() => void q.refetch()} />
        ) : q.data.cities.length === 0 ? (
          <p className="text-sm text-muted-foreground">No suggestions yet.</p>
        ) : (
          <table className="w-full text-sm">
            <caption className="sr-only">Suggested cities</caption>
            <TableHead
              cell="py-2"
              columns={[
                'City',
                { label: 'Requests', align: 'right' },
                'Emails to tell',
                'Last asked',
                ...(canOpen ? ['Opened'] : []),
              ]}
            />
            <tbody>
              {q.data.cities.map((c) => (
                <tr key={c.city} className="border-b border-border last:border-0">
                  <td className="py-2 font-medium">{c.city}</td>
                  <td className="py-2 text-right tabular-nums">{c.count}</td>
                  <td className="max-w-xs truncate py-2 text-muted-foreground" title={c.emails.join(', ')}>
                    {c.emails.length ? c.emails.join(', ') : '-'}
                  </td>
                  <td className="py-2 text-muted-foreground">{formatShortDate(c.lastSuggestedAt)}</td>
                  {canOpen ? (
                    <td className="py-2">
                      {c.openedAt ? (
                        <span className="text-muted-foreground">Opened {formatShortDate(c.openedAt)}</span>
                      ) : (
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => setConfirming(c.city)}
                          aria-label={`Mark ${c.city} as opened`}
                        >
                          Mark as opened
                        </Button>
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={`Mark ${confirming ?? ''} as opened?`}
        description="Everyone who suggested this city and has not been told yet gets one e-mail saying HalalNosh is open there, with a link to it."
        confirmLabel="Mark as opened"
        destructive={false}
        busy={open.isPending}
        onConfirm={() => confirming && open.mutate(confirming)}
      />
    </Card>
  );
}
