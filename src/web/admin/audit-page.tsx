import { keepPreviousData, useQuery } from '@tanstack/react-query';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Search from 'lucide-react/icons/search';
import { useEffect, useState } from 'react';
import { useSearchParams } from '../lib/router';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
import { formatDateTime } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { SelectField } from '../ui/select-field';
import { PageLoading } from '../ui/spinner';
import { TableHead } from '../ui/table-head';
import { adminKeys } from './admin-api';
import { AdminHeader, LoadFailed } from './admin-states';

const PAGE_SIZE = 50;

/** "driver_status_changed" -> "Driver status changed". */
function humanize(value: string): string {
  const s = value.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function detailText(value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** /admin/audit (super_admin): every privileged action with who, what, when and details; filters and pages. */
export function AuditPage() {
  useDocumentTitle('Audit Log');
  const [params, setParams] = useSearchParams();
  const action = params.get('action') ?? '';
  const entityType = params.get('entityType') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [q, setQ] = useState(search.trim());
  useEffect(() => {
    const id = setTimeout(() => setQ(search.trim()), 250);
    return () => clearTimeout(id);
  }, [search]);

  const set = (patch: Record<string, string | null>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );

  const filters = { action, entityType, q, page, pageSize: PAGE_SIZE };
  const audit = useQuery({
    queryKey: adminKeys.audit(filters),
    queryFn: ({ signal }) => call(endpoints.audit.getAdminAudit, { query: filters, signal }),
    placeholderData: keepPreviousData,
  });
  const pages = audit.data ? Math.max(1, Math.ceil(audit.data.total / PAGE_SIZE)) : 1;

  return (
    <div className="grid gap-6">
      <AdminHeader title="Audit Log" note="Every privileged action: who did what, when, with the details." />
      <div className="grid gap-3 sm:grid-cols-[1fr_14rem_14rem]">
        <div className="grid gap-2">
          <label htmlFor="audit-search" className="text-sm font-medium leading-none">
            Who or entity
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id="audit-search"
              type="search"
              placeholder="Name or id"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                set({ page: null });
              }}
              className="pl-9"
            />
          </div>
        </div>
        <SelectField
          label="Action"
          value={action}
          onChange={(e) => set({ action: e.target.value || null, page: null })}
          options={[
            { value: '', label: 'All actions' },
            ...(audit.data?.actions ?? []).map((a) => ({ value: a, label: humanize(a) })),
          ]}
        />
        <SelectField
          label="Entity"
          value={entityType}
          onChange={(e) => set({ entityType: e.target.value || null, page: null })}
          options={[
            { value: '', label: 'All entities' },
            ...(audit.data?.entityTypes ?? []).map((a) => ({ value: a, label: humanize(a) })),
          ]}
        />
      </div>
      {audit.isPending ? (
        <PageLoading label="Loading audit log..." />
      ) : audit.isError ? (
        <LoadFailed
          title="Failed to load admin data"
          message={audit.error.message}
          onRetry={() => void audit.refetch()}
        />
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border border-border bg-card">
            <table className="w-full text-sm">
              <caption className="sr-only">Audit log entries</caption>
              <TableHead columns={['When', 'Who', 'Action', 'Entity', 'Details']} />
              <tbody>
                {audit.data.entries.length === 0 ? (
                  <tr>
                    <td colSpan={5} className="px-4 py-8 text-center text-muted-foreground">
                      Nothing recorded matches.
                    </td>
                  </tr>
                ) : (
                  audit.data.entries.map((e) => (
                    <tr key={e.id} className="border-b border-border align-top last:border-0">
                      <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
                        {formatDateTime(e.createdAt)}
                      </td>
                      <td className="px-4 py-3">{e.performedByName ?? 'System'}</td>
                      <td className="px-4 py-3 font-medium">{humanize(e.actionType)}</td>
                      <td className="px-4 py-3">
                        {humanize(e.entityType)}
                        {e.entityId ? (
                          <span
                            className="block max-w-48 truncate font-mono text-xs text-muted-foreground"
                            title={e.entityId}
                          >
                            {e.entityId}
                          </span>
                        ) : null}
                      </td>
                      <td className="px-4 py-3">
                        {Object.keys(e.details).length ? (
                          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
                            {Object.entries(e.details).map(([k, v]) => (
                              <div key={k} className="contents">
                                <dt className="text-muted-foreground">{humanize(k)}</dt>
                                <dd className="break-all">{detailText(v)}</dd>
                              </div>
                            ))}
                          </dl>
                        ) : (
                          '-'
                        )}
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          <nav aria-label="Audit log pages" className="flex items-center justify-between gap-3 text-sm">
            <p className="text-muted-foreground">
              {audit.data.total} {audit.data.total === 1 ? 'entry' : 'entries'} · page {page} of {pages}
            </p>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => set({ page: String(page - 1) })}>
                <ChevronLeft aria-hidden="true" />
                Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= pages}
                onClick={() => set({ page: String(page + 1) })}
              >
                Next
                <ChevronRight aria-hidden="true" />
              </Button>
            </div>
          </nav>
        </>
      )}
    </div>
  );
}
