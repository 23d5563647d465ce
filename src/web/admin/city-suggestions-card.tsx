import { useQuery } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { formatShortDate } from '../lib/format';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { Spinner } from '../ui/spinner';
import { TableHead } from '../ui/table-head';
import { adminKeys } from './admin-api';
import { LoadFailed } from './admin-states';

/** Suggested cities from the customer "Suggest a City" form, most asked first. */
export function CitySuggestionsCard() {
  const q = useQuery({
    queryKey: adminKeys.citySuggestions,
    queryFn: ({ signal }) => call(endpoints.admin.getAdminCitySuggestions, { signal }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MapPin aria-hidden="true" className="size-5 text-primary" />
          Suggested Cities
        </CardTitle>
        <CardDescription>Where customers want HalalNosh next, from "Suggest a City".</CardDescription>
      </CardHeader>
      <CardContent>
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
              columns={['City', { label: 'Requests', align: 'right' }, 'Emails to tell', 'Last asked']}
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
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
