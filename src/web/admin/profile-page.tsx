import { useQuery } from '@tanstack/react-query';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
import { formatDateTime } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { Card, CardContent } from '../ui/card';
import { PageLoading } from '../ui/spinner';
import { adminKeys } from './admin-api';
import { AdminHeader, LoadFailed } from './admin-states';

/** /admin/profile: the signed-in admin's name, e-mail, role and last sign-in. */
export function ProfilePage() {
  useDocumentTitle('Profile');
  const profile = useQuery({
    queryKey: adminKeys.profile,
    queryFn: ({ signal }) => call(endpoints.admin.getAdminProfile, { signal }),
  });
  return (
    <div className="grid gap-6">
      <AdminHeader title="Profile" note="Your back-office account." />
      {profile.isPending ? (
        <PageLoading label="Loading profile..." />
      ) : profile.isError ? (
        <LoadFailed
          title="Failed to load admin data"
          message={profile.error.message}
          onRetry={() => void profile.refetch()}
        />
      ) : (
        <Card className="max-w-lg">
          <CardContent className="pt-6">
            <dl className="grid grid-cols-[8rem_1fr] gap-y-3 text-sm">
              <dt className="text-muted-foreground">Name</dt>
              <dd>{profile.data.name || '-'}</dd>
              <dt className="text-muted-foreground">Email</dt>
              <dd className="break-all">{profile.data.email}</dd>
              <dt className="text-muted-foreground">Role</dt>
              <dd>{profile.data.roleLabel}</dd>
              <dt className="text-muted-foreground">Last login</dt>
              <dd>{profile.data.lastLoginAt ? formatDateTime(profile.data.lastLoginAt) : 'Not recorded yet'}</dd>
              {profile.data.memberSince ? (
                <>
                  <dt className="text-muted-foreground">Team member since</dt>
                  <dd>{formatDateTime(profile.data.memberSince)}</dd>
                </>
              ) : null}
            </dl>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
