import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import MoreHorizontal from 'lucide-react/icons/ellipsis';
import UserPlus from 'lucide-react/icons/user-plus';
import { useState } from 'react';
import { toast } from '../lib/toast';
import { TEAM_MESSAGES, type TeamMember } from '../../domain/contracts/admin/team';
import { mayOffer } from '../../domain/role-grants';
import { ADMIN_ROLE_LABELS } from '../../domain/roles';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
import { formatDateTime, formatShortDate } from '../lib/format';
import { useMe } from '../lib/me';
import { useDocumentTitle } from '../lib/use-document-title';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { DropdownMenu } from '../ui/dropdown-menu';
import { PageLoading } from '../ui/spinner';
import { TableHead } from '../ui/table-head';
import { adminKeys } from './admin-api';
import { AdminHeader, LoadFailed } from './admin-states';
import { InviteDialog } from './invite-dialog';
import { MemberRoleDialog } from './member-role-dialog';

function MemberStatus({ member }: { member: TeamMember }) {
  if (member.pending) return <Badge variant="warning">Pending</Badge>;
  return member.isActive ? <Badge variant="secondary">Active</Badge> : <Badge variant="outline">Inactive</Badge>;
}

/**
 * /admin/team (super_admin, ops_manager): invite, pending invites with Revoke, members with Activate/Deactivate
 * and, for a Super Admin, Change role.
 */
export function TeamPage() {
  useDocumentTitle('Team');
  const me = useMe().data?.user;
  const queryClient = useQueryClient();
  const [inviting, setInviting] = useState(false);
  const [changingRole, setChangingRole] = useState<TeamMember | null>(null);
  const team = useQuery({
    queryKey: adminKeys.team,
    queryFn: ({ signal }) => call(endpoints.admin.getAdminTeam, { signal }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminKeys.team });

  const revoke = useMutation({
    mutationFn: (id: string) => call(endpoints.admin.postAdminTeamInvitesByIdRevoke, { params: { id } }),
    onSuccess: () => toast.success(TEAM_MESSAGES.revoked),
    onError: (error) => toast.error(TEAM_MESSAGES.revokeFailed, { description: error.message }),
    onSettled: refresh,
  });
  const setActive = useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      call(endpoints.admin.postAdminTeamMembersByIdStatus, { params: { id }, body: { isActive } }),
    onSuccess: (_data, vars) => toast.success(vars.isActive ? TEAM_MESSAGES.activated : TEAM_MESSAGES.deactivated),
    onError: (error) => toast.error(TEAM_MESSAGES.statusFailed, { description: error.message }),
    onSettled: refresh,
  });

  const header = (
    <AdminHeader
      title="Team"
      note="Who works in the back office, and with which role."
      actions={
        <Button onClick={() => setInviting(true)}>
          <UserPlus aria-hidden="true" />
          Invite Member
        </Button>
      }
    />
  );

  const body = team.isPending ? (
    <PageLoading label="Loading team..." />
  ) : team.isError ? (
    <LoadFailed title={TEAM_MESSAGES.loadFailed} message={team.error.message} onRetry={() => void team.refetch()} />
  ) : (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Pending Invites</CardTitle>
        </CardHeader>
        <CardContent>
          {team.data.invites.length === 0 ? (
            <p className="text-sm text-muted-foreground">No invites waiting.</p>
          ) : (
            <table className="w-full text-sm">
              <caption className="sr-only">Pending invites</caption>
              <TableHead
                cell="py-2"
                columns={['Email', 'Name', 'Role', 'Invited by', 'Expires', { label: 'Action', align: 'right' }]}
              />
              <tbody>
                {team.data.invites.map((i) => (
                  <tr key={i.id} className="border-b border-border last:border-0">
                    <th scope="row" className="py-2 text-left font-medium">
                      {i.email}
                    </th>
                    <td className="py-2">{i.fullName ?? '-'}</td>
                    <td className="py-2">{ADMIN_ROLE_LABELS[i.role]}</td>
                    <td className="py-2 text-muted-foreground">{i.invitedByName ?? '-'}</td>
                    <td className="py-2">
                      {i.expired ? <Badge variant="destructive">Expired</Badge> : formatShortDate(i.expiresAt)}
                    </td>
                    <td className="py-2 text-right">
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={revoke.isPending}
                        onClick={() => revoke.mutate(i.id)}
                        aria-label={`Revoke invite for ${i.email}`}
                      >
                        Revoke
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Members</CardTitle>
        </CardHeader>
        <CardContent>
          <table className="w-full text-sm">
            <caption className="sr-only">Team members</caption>
            <TableHead
              cell="py-2"
              columns={[
                'Name',
                'Email',
                'Role',
                'Status',
                'Last login',
                { label: <span className="sr-only">Actions</span>, align: 'right' },
              ]}
            />
            <tbody>
              {team.data.members.map((m) => {
                const self = m.userId === me?.id;
                // A member whose role has areas beyond the viewer's own is not theirs to switch (docs/decisions/0200-grant-within-own-role.md).
                const locked = !mayOffer(me?.adminRole, m.role);
                return (
                  <tr key={m.id} className="border-b border-border last:border-0">
                    <th scope="row" className="py-2 text-left font-medium">
                      {m.fullName}
                      {self ? <span className="ml-1 text-xs text-muted-foreground">(you)</span> : null}
                    </th>
                    <td className="py-2 break-all">{m.email}</td>
                    <td className="py-2">{ADMIN_ROLE_LABELS[m.role]}</td>
                    <td className="py-2">
                      <MemberStatus member={m} />
                    </td>
                    <td className="py-2 text-muted-foreground">
                      {m.lastLoginAt ? formatDateTime(m.lastLoginAt) : 'Never'}
                    </td>
                    <td className="py-2 text-right">
                      {m.pending || self || locked ? null : (
                        <DropdownMenu
                          trigger={<MoreHorizontal aria-hidden="true" />}
                          triggerLabel={`Actions for ${m.fullName}`}
                          items={[
                            {
                              kind: 'button',
                              label: m.isActive ? 'Deactivate' : 'Activate',
                              onSelect: () => setActive.mutate({ id: m.id, isActive: !m.isActive }),
                            },
                            ...(me?.adminRole === 'super_admin'
                              ? [{ kind: 'button' as const, label: 'Change role', onSelect: () => setChangingRole(m) }]
                              : []),
                          ]}
                        />
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </CardContent>
      </Card>
    </>
  );

  return (
    <div className="grid gap-6">
      {header}
      {body}
      <InviteDialog open={inviting} onClose={() => setInviting(false)} inviterRole={me?.adminRole ?? null} />
      <MemberRoleDialog key={changingRole?.id ?? 'none'} member={changingRole} onClose={() => setChangingRole(null)} />
    </div>
  );
}
