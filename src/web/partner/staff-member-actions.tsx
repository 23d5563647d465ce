import { useQueryClient } from '@tanstack/react-query';
import Pencil from 'lucide-react/icons/pencil';
import UserMinus from 'lucide-react/icons/user-minus';
import { type FormEvent, useState } from 'react';
import { toast } from '../lib/toast';
import type { SiteSummary } from '../../domain/contracts/partner/brands';
import type { StaffMember } from '../../domain/contracts/partner/invitations';
import { INVITE_ROLE_LABELS, type InviteRole } from '../../domain/partner-access';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-partner.generated';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Dialog } from '../ui/dialog';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';
import { useFormErrors } from '../ui/use-form-errors';
import { messageOf, partnerKeys } from './partner-api';

/**
 * The brand's locations as checkboxes: a site manager runs only the ones ticked. An error marks the
 * boxes invalid, so a form kit's focus lands on the first of them.
 */
export function LocationsFieldset({
  sites,
  value,
  onChange,
  error,
  errorId,
}: {
  sites: SiteSummary[];
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
  errorId: string;
}) {
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">Locations</legend>
      {sites.length === 0 ? <p className="text-sm text-muted-foreground">Add a location first.</p> : null}
      <div className="grid gap-1 sm:grid-cols-2">
        {sites.map((s) => (
          <label key={s.id} className="inline-flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-5 accent-primary"
              checked={value.includes(s.id)}
              aria-invalid={error ? true : undefined}
              onChange={(e) => onChange(e.target.checked ? [...value, s.id] : value.filter((x) => x !== s.id))}
            />
            {s.name}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

const EDIT_FIELDS = ['role', 'siteIds'] as const;

/**
 * Change a member's role and locations (docs/product/partner.md#staff). A refused field (locations
 * of another brand) shows beside it and takes the focus (docs/decisions/0219-one-form-kit.md).
 */
function EditStaffDialog({
  brandId,
  member,
  sites,
  onClose,
}: {
  brandId: string;
  member: StaffMember;
  sites: SiteSummary[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [role, setRole] = useState<InviteRole>(member.role === 'admin' ? 'admin' : 'site_manager');
  const [siteIds, setSiteIds] = useState(member.sites.map((s) => s.id));
  // The server names `siteIds`; the toast says the update failed and carries what lands on no field.
  const { formRef, errors, busy, check, submit } = useFormErrors(EDIT_FIELDS);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (
      !check({ siteIds: role === 'site_manager' && siteIds.length === 0 ? 'Select at least one location' : undefined })
    )
      return;
    const saved = await submit(
      () =>
        call(endpoints.partner.patchPartnerBrandsByBrandIdStaffByUserId, {
          params: { brandId, userId: member.userId },
          body: { role, siteIds: role === 'admin' ? [] : siteIds },
        }),
      (_error, shown) => toast.error('Error updating staff member', { description: shown.form ?? undefined }),
    );
    if (!saved) return;
    toast.success('Staff member updated', {
      description: `${member.name || member.email} is now ${INVITE_ROLE_LABELS[role]}.`,
    });
    await queryClient.invalidateQueries({ queryKey: partnerKeys.staff(brandId) });
    onClose();
  };

  return (
    <Dialog open onClose={onClose} title={`Edit ${member.name || member.email}`} description={member.email}>
      <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
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
        {role === 'site_manager' ? (
          <LocationsFieldset
            sites={sites}
            value={siteIds}
            onChange={setSiteIds}
            error={errors.siteIds}
            errorId="edit-staff-sites-error"
          />
        ) : (
          <p className="text-sm text-muted-foreground">
            Admins run every location of the brand, its menu and its staff.
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
            Save Changes
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Edit and Remove on a staff row; never on the owner or on yourself (the server refuses those too). */
export function StaffMemberActions({
  brandId,
  member,
  sites,
}: {
  brandId: string;
  member: StaffMember;
  sites: SiteSummary[];
}) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [busy, setBusy] = useState(false);
  const who = member.name || member.email;

  const remove = async () => {
    setBusy(true);
    try {
      await call(endpoints.partner.deletePartnerBrandsByBrandIdStaffByUserId, {
        params: { brandId, userId: member.userId },
      });
      toast.success('Staff member removed', { description: `${who} no longer has access to this brand.` });
      await queryClient.invalidateQueries({ queryKey: partnerKeys.staff(brandId) });
    } catch (e) {
      toast.error('Error removing staff member', { description: messageOf(e) });
    } finally {
      setBusy(false);
      setRemoving(false);
    }
  };

  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setEditing(true)} aria-label={`Edit ${who}`}>
        <Pencil aria-hidden="true" />
        Edit
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setRemoving(true)} aria-label={`Remove ${who}`}>
        <UserMinus aria-hidden="true" />
        Remove
      </Button>
      {editing ? (
        <EditStaffDialog brandId={brandId} member={member} sites={sites} onClose={() => setEditing(false)} />
      ) : null}
      <ConfirmDialog
        open={removing}
        onClose={() => setRemoving(false)}
        title="Remove staff member?"
        description={`${who} loses access to this brand and its locations at once.`}
        confirmLabel="Remove"
        busy={busy}
        onConfirm={() => void remove()}
      />
    </>
  );
}
