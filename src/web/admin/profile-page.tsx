import { ADMIN_ROLE_LABELS } from '../../domain/roles';
import { useMe } from '../lib/me';
import { Card, CardContent } from '../ui/card';
import { PageIntro } from '../ui/page-intro';

/** /admin/profile: the signed-in admin. */
export function ProfilePage() {
  const user = useMe().data?.user;
  return (
    <div className="grid gap-6">
      <PageIntro title="Profile" note="Your back-office account." />
      {user ? (
        <Card className="max-w-lg">
          <CardContent className="pt-6">
            <dl className="grid grid-cols-[8rem_1fr] gap-y-3 text-sm">
              <dt className="text-muted-foreground">Name</dt>
              <dd>{user.name || '-'}</dd>
              <dt className="text-muted-foreground">Email</dt>
              <dd className="break-all">{user.email}</dd>
              <dt className="text-muted-foreground">Role</dt>
              <dd>{user.adminRole ? ADMIN_ROLE_LABELS[user.adminRole] : '-'}</dd>
            </dl>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
