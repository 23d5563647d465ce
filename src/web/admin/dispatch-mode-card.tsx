import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Route from 'lucide-react/icons/route';
import { DISPATCH_MODES, DISPATCH_MODE_LABELS, type DispatchMode } from '../../domain/dispatch-offers';
import { ApiError } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
import { toast } from '../lib/toast';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { SelectField } from '../ui/select-field';
import { adminKeys } from './admin-api';

const OPTIONS = DISPATCH_MODES.map((m) => ({ value: m, label: DISPATCH_MODE_LABELS[m] }));

/**
 * "Dispatch by city" (docs/product/admin.md#dispatch-mode): each city on the jobs board or the
 * dispatcher; a change saves at once and is audited on the server.
 */
export function DispatchModeCard() {
  const queryClient = useQueryClient();
  const modes = useQuery({
    queryKey: adminKeys.cityDispatchModes,
    queryFn: ({ signal }) => call(endpoints.settings.getAdminCitiesDispatchModes, { signal }),
  });
  const save = useMutation({
    mutationFn: (v: { slug: string; name: string; mode: DispatchMode }) =>
      call(endpoints.settings.putAdminCitiesByCitySlugDispatchMode, {
        params: { citySlug: v.slug },
        body: { mode: v.mode },
      }),
    onSuccess: (res, v) => {
      queryClient.setQueryData(adminKeys.cityDispatchModes, res);
      toast.success(
        v.mode === 'dispatcher' ? `${v.name} now uses the dispatcher` : `${v.name} now uses the jobs board`,
      );
    },
    onError: (err) => toast.error(err instanceof ApiError ? err.message : 'Failed to save the dispatch mode'),
  });
  return (
    <Card id="dispatch-mode">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 [&_svg]:size-5 [&_svg]:text-primary">
          <Route aria-hidden="true" />
          Dispatch by city
        </CardTitle>
        <CardDescription>
          How each city&apos;s delivery jobs reach drivers: on the jobs board, or offered to one driver at a time.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {modes.isPending ? (
          <p className="text-sm text-muted-foreground">Loading cities...</p>
        ) : modes.isError ? (
          <p className="text-sm text-destructive">Failed to load the cities</p>
        ) : modes.data.cities.length === 0 ? (
          <p className="text-sm text-muted-foreground">No cities yet.</p>
        ) : (
          <div className="grid gap-4">
            {modes.data.cities.map((c) => (
              <SelectField
                key={c.slug}
                label={c.name}
                value={c.mode}
                options={OPTIONS}
                disabled={save.isPending}
                onChange={(e) => save.mutate({ slug: c.slug, name: c.name, mode: e.target.value as DispatchMode })}
              />
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
