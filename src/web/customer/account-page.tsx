import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { signOut } from '../lib/auth';
import { greetingName, useMe } from '../lib/me';
import { Alert } from '../ui/alert';
import { Button, buttonClasses } from '../ui/button';
import { Card, CardContent } from '../ui/card';
import { PageIntro } from '../ui/page-intro';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs';

const TABS = [
  { value: 'orders', label: 'Orders', note: 'Your 20 most recent orders with their status, and re-order, will be listed here.' },
  { value: 'addresses', label: 'Addresses', note: 'Your saved delivery addresses, default first, will be managed here.' },
  {
    value: 'notifications',
    label: 'Notifications',
    note: 'Choose which order updates reach you by SMS, email and push: accepted, driver assigned, driver arrived, out for delivery, delivered and running late.',
  },
  { value: 'payment', label: 'Payment', note: 'HalalNosh currently takes cash only: pay the driver on delivery or the restaurant on pickup.' },
] as const;

/** /account and /my-account (customer guard). The tabs fill in with the account issue. */
export function AccountPage() {
  const { data } = useMe();
  const user = data?.user;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [tab, setTab] = useState<string>('orders');

  const onSignOut = async () => {
    // Leave first: once the session is gone this page's guard would send the user to /auth.
    navigate('/', { replace: true });
    try {
      await signOut(queryClient);
      toast.success('Signed out');
    } catch {
      toast.error('Something went wrong', { description: 'We could not sign you out. Please try again.' });
    }
  };

  if (!user) return null;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageIntro title="My Account" note={`Salam, ${greetingName(user)}. Signed in as ${user.email}.`} />
        <Button variant="outline" onClick={() => void onSignOut()}>
          <LogOut aria-hidden="true" />
          Sign Out
        </Button>
      </div>
      {user.userType !== 'customer' ? (
        <Alert variant="warning">
          This is a {user.userType} account; My Account is for customers.{' '}
          <Link to={user.home} className={buttonClasses({ variant: 'link' })}>
            Go to your {user.userType} pages
          </Link>
        </Alert>
      ) : null}
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList label="Account sections" className="overflow-x-auto">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            <Card>
              <CardContent className="pt-6">
                <h2 className="mb-1 font-semibold">{t.label}</h2>
                <p className="text-muted-foreground">{t.note}</p>
              </CardContent>
            </Card>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
