import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from '../lib/toast';
import type { TeamMember } from '../../domain/contracts/admin/team';
import { ADMIN_ROLES, ADMIN_ROLE_LABELS, type AdminRole } from '../../domain/roles';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';
import { useFormErrors } from '../ui/use-form-errors';
import { adminKeys } from './admin-api';

/**
 * Super Admin only: give a team member another role (docs/product/admin.md#team). A refused role
 * shows under Role; the toast says the change failed, with anything that names no field.
 */
export function MemberRoleDialog({ member, onClose }: { member: TeamMember | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [role, setRole] = useState<AdminRole>(member?.role ?? 'cs_agent');
  const { formRef, errors, fail, clear } = useFormErrors(['role']);
  const save = useMutation({
    mutationFn: ({ id, next }: { id: string; next: AdminRole }) =>
      call(endpoints.admin.postAdminTeamMembersByIdRole, { params: { id }, body: { role: next } }),
    onMutate: () => clear(),
    onSuccess: (_data, vars) => {
      toast.success('Role changed', { description: `${member?.fullName} is now ${ADMIN_ROLE_LABELS[vars.next]}.` });
      onClose();
    },
    onError: (error) => {
      const shown = fail(error);
      toast.error('Failed to change the role', { description: shown.form ?? undefined });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.team }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (member) save.mutate({ id: member.id, next: role });
  };

  return (
    <Dialog
      open={!!member}
      onClose={onClose}
      title="Change role"
      description={member ? `What ${member.fullName} may do in the back office, from their next click.` : undefined}
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
        <SelectField
          label="Role"
          value={role}
          onChange={(e) => setRole(e.target.value as AdminRole)}
          error={errors.role}
          options={ADMIN_ROLES.map((r) => ({ value: r, label: ADMIN_ROLE_LABELS[r] }))}
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending || role === member?.role}>
            {save.isPending ? <Spinner className="size-4 text-primary-foreground" /> : null}
            Save Role
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
