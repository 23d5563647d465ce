import { useQuery, useQueryClient } from '@tanstack/react-query';
import Send from 'lucide-react/icons/send';
import UserX from 'lucide-react/icons/user-x';
import { type FormEvent, useState } from 'react';
import { toast } from '../lib/toast';
import type { SiteSummary } from '../../domain/contracts/partner/brands';
import type { Invitation } from '../../domain/contracts/partner/invitations';
import { INVITE_ROLE_LABELS, type InviteRole, type InviteStatus } from '../../domain/partner-access';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-partner.generated';
import { formatDateTime } from '../lib/format';
import { useMe } from '../lib/me';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { TableHead } from '../ui/table-head';
import { useFormErrors } from '../ui/use-form-errors';
import { messageOf, partnerKeys } from './partner-api';
import { LoadFailed } from './partner-states';
import { LocationsFieldset, StaffMemberActions } from './staff-member-actions';

export function useInvitations(brandId: string) {
  return useQuery({
    queryKey: partnerKeys.invitations(brandId),
    queryFn: ({ signal }) =>
      call(endpoints.partner.getPartnerBrandsByBrandIdInvitations, { params: { brandId }, signal }).then(
        (r) => r.invitations,
      ),
  });
}

export function useStaff(brandId: string) {
  return useQuery({
    queryKey: partnerKeys.staff(brandId),
    queryFn: ({ signal }) =>
      call(endpoints.partner.getPartnerBrandsByBrandIdStaff, { params: { brandId }, signal }).then((r) => r.staff),
  });
}

const INVITE_FIELDS = ['email', 'role', 'sites'] as const;

/**
 * Invite by e-mail as site manager (with at least one location) or admin. A refused field (an
 * e-mail already on the staff or already invited) shows under it; the toast says the invite failed.
 */
export function InviteForm({
  brandId,
  sites,
  initialSiteIds = [],
}: {
  brandId: string;
  sites: SiteSummary[];
  initialSiteIds?: string[];
}) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InviteRole>('site_manager');
  const [siteIds, setSiteIds] = useState<string[]>(initialSiteIds);
  const { formRef, errors, busy, check, submit } = useFormErrors(INVITE_FIELDS, { paths: { siteIds: 'sites' } });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const filled = check({
      email: email.trim()
        ? /^\S+@\S+\.\S+$/.test(email.trim())
          ? undefined
          : 'Please enter a valid email address'
        : 'Email is required',
      sites: role === 'site_manager' && siteIds.length === 0 ? 'Select at least one location' : undefined,
    });
    if (!filled) return;
    const sent = await submit(
      () =>
        call(endpoints.partner.postPartnerBrandsByBrandIdInvitations, {
          params: { brandId },
          body: { email: email.trim(), role, siteIds: role === 'admin' ? [] : siteIds },
        }),
      (error, shown) =>
        toast.error('Error sending invitation', {
          description: Object.keys(shown.fields).length ? undefined : messageOf(error),
        }),
    );
    if (!sent) return;
    toast.success('Invitation sent', { description: `Staff invitation sent to ${email.trim()}` });
    setEmail('');
    setSiteIds(initialSiteIds);
    await queryClient.invalidateQueries({ queryKey: partnerKeys.invitations(brandId) });
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          required
        />
        <SelectField
          label="Role"
          value={role}
          onChange={(e) => setRole(e.target.value as InviteRole)}
          error={errors.role}
          options={[
            { value: 'site_manager', label: INVITE_ROLE_LABELS.site_manager },
            { value: 'admin', label: INVITE_ROLE_LABELS.admin },
          ]}
        />
      </div>
      {role === 'site_manager' ? (
        <LocationsFieldset
          sites={sites}
          value={siteIds}
          onChange={setSiteIds}
          error={errors.sites}
          errorId="invite-sites-error"
        />
      ) : (
        <p className="text-sm text-muted-foreground">Admins run every location of the brand, its menu and its staff.</p>
      )}
      <Button type="submit" className="justify-self-start" disabled={busy}>
        {busy ? <Spinner className="size-4 text-primary-foreground" /> : <Send aria-hidden="true" />}
        Send Invitation
      </Button>
    </form>
  );
}

const STATUS_VARIANT: Record<InviteStatus, 'warning' | 'secondary' | 'outline' | 'destructive'> = {
  pending: 'warning',
  accepted: 'secondary',
  revoked: 'destructive',
  expired: 'outline',
};

/** Invitations with their status; a pending one can be revoked (after a confirmation). */
export function InvitationsList({ brandId, siteId }: { brandId: string; siteId?: string }) {
  const queryClient = useQueryClient();
  const list = useInvitations(brandId);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const [busy, setBusy] = useState(false);

  if (list.isPending) return <Spinner label="Loading invitations" />;
  if (list.isError)
    return <LoadFailed title="Error loading staff" message={list.error.message} onRetry={() => void list.refetch()} />;
  const rows = siteId ? list.data.filter((i) => i.role === 'admin' || i.sites.some((s) => s.id === siteId)) : list.data;
  if (!rows.length) return <p className="text-sm text-muted-foreground">No invitations yet.</p>;

  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    try {
      await call(endpoints.partner.deletePartnerInvitationsByInvitationId, { params: { invitationId: revoking.id } });
      toast.success('Invitation revoked');
      await queryClient.invalidateQueries({ queryKey: partnerKeys.invitations(brandId) });
    } catch (error) {
      toast.error('Error revoking invitation', { description: messageOf(error) });
    } finally {
      setBusy(false);
      setRevoking(null);
    }
  };

  return (
    <>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Invitations</caption>
          <TableHead
            cell="py-2 pr-3"
            columns={[
              'Email',
              'Role',
              'Locations',
              'Status',
              'Expires',
              { label: <span className="sr-only">Actions</span>, cell: 'py-2' },
            ]}
            plain
          />
          <tbody>
            {rows.map((i) => (
              <tr key={i.id} className="border-t border-border">
                <td className="py-2 pr-3">{i.email}</td>
                <td className="py-2 pr-3">{INVITE_ROLE_LABELS[i.role]}</td>
                <td className="py-2 pr-3">
                  {i.role === 'admin' ? 'All' : i.sites.map((s) => s.name).join(', ') || '–'}
                </td>
                <td className="py-2 pr-3">
                  <Badge variant={STATUS_VARIANT[i.status]}>{i.status}</Badge>
                </td>
                <td className="py-2 pr-3 text-muted-foreground">{formatDateTime(i.expiresAt)}</td>
                <td className="py-2 text-right">
                  {i.status === 'pending' ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setRevoking(i)}
                      aria-label={`Revoke invitation to ${i.email}`}
                    >
                      <UserX aria-hidden="true" />
                      Revoke
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={!!revoking}
        onClose={() => setRevoking(null)}
        title="Revoke invitation?"
        description={revoking ? `The link sent to ${revoking.email} will stop working.` : ''}
        confirmLabel="Revoke"
        busy={busy}
        onConfirm={() => void revoke()}
      />
    </>
  );
}

/**
 * The people who work for the brand (or at one location). Given the brand's locations, each member
 * but the owner and yourself has Edit and Remove.
 */
export function StaffList({ brandId, siteId, sites }: { brandId: string; siteId?: string; sites?: SiteSummary[] }) {
  const staff = useStaff(brandId);
  const me = useMe().data?.user;
  if (staff.isPending) return <Spinner label="Loading staff" />;
  if (staff.isError)
    return (
      <LoadFailed title="Error loading staff" message={staff.error.message} onRetry={() => void staff.refetch()} />
    );
  const rows = siteId
    ? staff.data.filter((m) => m.role !== 'site_manager' || m.sites.some((s) => s.id === siteId))
    : staff.data;
  return (
    <ul className="divide-y divide-border">
      {rows.map((m) => (
        <li key={m.userId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
          <span>
            <span className="font-medium">{m.name}</span> <span className="text-muted-foreground">{m.email}</span>
          </span>
          <span className="flex items-center gap-2">
            {m.role === 'site_manager' ? (
              <span className="text-muted-foreground">{m.sites.map((s) => s.name).join(', ')}</span>
            ) : null}
            <Badge variant="outline">{INVITE_ROLE_LABELS[m.role]}</Badge>
            {sites && m.role !== 'owner' && m.userId !== me?.id ? (
              <StaffMemberActions brandId={brandId} member={m} sites={sites} />
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
