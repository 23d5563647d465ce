import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from '../lib/toast';
import { TEAM_MESSAGES, inviteBody } from '../../domain/contracts/admin/team';
import { offerableRoles } from '../../domain/role-grants';
import { ADMIN_ROLE_LABELS, type AdminRole } from '../../domain/roles';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { useFormErrors } from '../ui/use-form-errors';
import { adminKeys } from './admin-api';

const FIELDS = ['fullName', 'email', 'role'] as const;

/**
 * Invite a team member: full name, e-mail and role (default Customer Service). Only the roles the
 * inviter may offer are listed, the server's own rule (docs/decisions/0200-grant-within-own-role.md).
 * A refused field (an address already invited) shows under it; the toast says the invite failed.
 */
export function InviteDialog({
  open,
  onClose,
  inviterRole,
}: {
  open: boolean;
  onClose: () => void;
  inviterRole: AdminRole | null;
}) {
  const queryClient = useQueryClient();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AdminRole>('cs_agent');
  const roles = offerableRoles(inviterRole);
  // The toast carries what lands on no field, so the dialog has no alert of its own.
  const { formRef, errors, check, fail, clear } = useFormErrors(FIELDS);

  const send = useMutation({
    mutationFn: (body: { fullName: string; email: string; role: AdminRole }) =>
      call(endpoints.admin.postAdminTeamInvites, { body }),
    onSuccess: () => {
      toast.success(TEAM_MESSAGES.sent);
      setFullName('');
      setEmail('');
      setRole('cs_agent');
      clear();
      onClose();
    },
    onError: (error) => {
      const shown = fail(error);
      toast.error(TEAM_MESSAGES.sendFailed, { description: shown.form ?? undefined });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.team }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const filled = check({
      fullName: fullName.trim() ? undefined : 'Full name is required',
      email: email.trim() ? undefined : 'Email is required',
    });
    if (!filled) {
      toast.error(TEAM_MESSAGES.fillAll);
      return;
    }
    const parsed = inviteBody.safeParse({ fullName, email, role });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = FIELDS.find((f) => f === issue?.path[0]);
      if (field) check({ [field]: issue!.message });
      else toast.error(issue?.message ?? TEAM_MESSAGES.fillAll);
      return;
    }
    send.mutate(parsed.data);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Invite Team Member"
      description="They receive an e-mail with a link that is valid for 7 days."
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
        <TextField
          label="Full name"
          value={fullName}
          onChange={(e) => setFullName(e.target.value)}
          error={errors.fullName}
          autoComplete="off"
          required
        />
        <TextField
          label="Email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          autoComplete="off"
          required
        />
        <SelectField
          label="Role"
          value={role}
          onChange={(e) => setRole(e.target.value as AdminRole)}
          error={errors.role}
          options={roles.map((r) => ({ value: r, label: ADMIN_ROLE_LABELS[r] }))}
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={send.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? <Spinner className="size-4 text-primary-foreground" /> : null}
            Send Invite
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
