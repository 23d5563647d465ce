import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Search from 'lucide-react/icons/search';
import Settings from 'lucide-react/icons/settings';
import UserCheck from 'lucide-react/icons/user-check';
import Users from 'lucide-react/icons/users';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from '../lib/router';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
import { useDocumentTitle } from '../lib/use-document-title';
import { Badge } from '../ui/badge';
import { buttonClasses } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { Input } from '../ui/input';
import { Spinner } from '../ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs';
import { adminKeys } from './admin-api';
import { AdminHeader, LoadFailed } from './admin-states';
import { DriverDocumentsDialog } from './driver-documents-dialog';
import { DriversTable } from './drivers-table';
import { ActiveJobsTable } from './jobs-table';

const TABS = ['pending', 'all', 'jobs', 'settings'] as const;
type Tab = (typeof TABS)[number];

/** Waits until typing pauses before searching. */
function useDebounced(value: string, ms = 250): string {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

/** /admin/drivers: Driver Console Admin (super_admin, ops_manager). */
export function DriversPage() {
  useDocumentTitle('Driver Console Admin');
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'pending';
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebounced(search.trim());
  const [viewing, setViewing] = useState<string | null>(null);

  useEffect(() => {
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [q, setParams]);

  const drivers = useQuery({
    queryKey: adminKeys.drivers(q),
    queryFn: ({ signal }) => call(endpoints.admin.getAdminDrivers, { query: { q }, signal }),
    placeholderData: keepPreviousData,
    // Drivers going online or offline are not pushed to the back office: refresh the badges every 30 s.
    refetchInterval: 30_000,
  });
  const list = drivers.data?.drivers ?? [];
  const pending = list.filter((d) => d.status === 'pending');

  const setTab = (value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="grid gap-6">
      <AdminHeader
        title="Driver Console Admin"
        note="Approve applications, manage drivers and follow active delivery jobs."
      />

      <div className="flex flex-wrap items-center gap-3">
        <div className="relative min-w-72 flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search drivers"
            placeholder="Search by name, email, phone, licence or vehicle"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="pl-9"
          />
        </div>
        <div className="flex flex-wrap gap-2" aria-live="polite">
          <Badge variant="secondary">{drivers.data?.driversOnline ?? 0} drivers online</Badge>
          <Badge variant="secondary">{drivers.data?.availableJobs ?? 0} available jobs</Badge>
          <Badge variant="outline">{drivers.data?.matches ?? 0} matches found</Badge>
          {drivers.isFetching ? <Spinner className="size-4" label="Searching" /> : null}
        </div>
      </div>

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList label="Driver console sections" className="max-w-2xl">
          <TabsTrigger value="pending">
            Pending Approval
            {pending.length ? (
              <span className="ml-1.5 rounded-full bg-destructive px-1.5 text-xs text-destructive-foreground">
                {pending.length}
              </span>
            ) : null}
          </TabsTrigger>
          <TabsTrigger value="all">All Drivers</TabsTrigger>
          <TabsTrigger value="jobs">Jobs</TabsTrigger>
          <TabsTrigger value="settings">Settings</TabsTrigger>
        </TabsList>

        {drivers.isError && (tab === 'pending' || tab === 'all') ? (
          <div className="mt-4">
            <LoadFailed
              title="Failed to load admin data"
              message={drivers.error.message}
              onRetry={() => void drivers.refetch()}
            />
          </div>
        ) : null}

        <TabsContent value="pending">
          {drivers.isPending ? (
            <Spinner label="Loading drivers" />
          ) : pending.length === 0 ? (
            <EmptyState icon={<UserCheck aria-hidden="true" />} title="No applications waiting">
              {q
                ? 'No pending driver matches your search.'
                : 'New driver applications appear here the moment they are sent.'}
            </EmptyState>
          ) : (
            <DriversTable drivers={pending} onViewDocuments={setViewing} caption="Drivers pending approval" />
          )}
        </TabsContent>

        <TabsContent value="all">
          {drivers.isPending ? (
            <Spinner label="Loading drivers" />
          ) : list.length === 0 ? (
            <EmptyState icon={<Users aria-hidden="true" />} title="No drivers found">
              {q ? 'Try another name, email, phone, licence or vehicle.' : 'No driver has signed up yet.'}
            </EmptyState>
          ) : (
            <DriversTable drivers={list} onViewDocuments={setViewing} caption="All drivers" />
          )}
        </TabsContent>

        <TabsContent value="jobs">
          <ActiveJobsTable />
        </TabsContent>

        <TabsContent value="settings">
          <Card className="max-w-2xl">
            <CardHeader>
              <CardTitle>Driver pay settings</CardTitle>
              <CardDescription>
                The payout model, pickup pay, per-mile rate, minimum pay and distance boost live with the platform
                settings. Changes apply to jobs created afterwards.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Link to="/admin/settings#pay" className={buttonClasses()}>
                <Settings aria-hidden="true" />
                Open pay settings
              </Link>
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>

      <DriverDocumentsDialog driverId={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
