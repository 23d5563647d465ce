import { useQueryClient } from '@tanstack/react-query';
import Banknote from 'lucide-react/icons/banknote';
import LogOut from 'lucide-react/icons/log-out';
import { Link, useNavigate, useSearchParams } from '../lib/router';
import { toast } from '../lib/toast';
import { signOut } from '../lib/auth';
import { greetingName, useMe } from '../lib/me';
import { Alert } from '../ui/alert';
import { Button, buttonClasses } from '../ui/button';
import { Card, CardContent } from '../ui/card';
import { PageIntro } from '../ui/page-intro';
import { HelpRequests } from '../ui/help-requests';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs';
import { AccountAddresses } from './account-addresses';
import { AccountFavourites } from './account-favourites';
import { AccountProfile } from './account-profile';
import { AccountNotifications } from './account-notifications';
import { AccountOrders } from './account-orders';
import { withArticle } from './with-article';

const TABS = [
  { value: 'orders', label: 'Orders' },
  { value: 'favourites', label: 'Favourites' },
  { value: 'addresses', label: 'Addresses' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'payment', label: 'Payment' },
  { value: 'help', label: 'Help' },
  { value: 'profile', label: 'Profile' },
] as const;
type Tab = (typeof TABS)[number]['value'];

function PaymentTab() {
  return (
    <Card>
      <CardContent className="flex gap-4 pt-6">
        <span className="grid size-12 shrink-0 place-items-center rounded-full bg-primary-soft text-primary">
          <Banknote aria-hidden="true" className="size-6" />
        </span>
        <div className="grid gap-1">
          <h2 className="font-semibold">Cash on delivery or collection</h2>
          <p className="text-muted-foreground">Only cash on delivery or collection is supported at the moment.</p>
        </div>
      </CardContent>
    </Card>
  );
}

/** /account and /my-account (customer guard): Orders, Favourites, Addresses, Notifications, Payment, Help and Profile (tab in ?tab=). */
export function AccountPage() {
  const { data } = useMe();
  const user = data?.user;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.some((t) => t.value === requested) ? (requested as Tab) : 'orders';
  const setTab = (value: string) =>
    setParams(value === 'orders' ? {} : { tab: value }, { replace: true, preventScrollReset: true });

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
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageIntro title="My Account" note={`Salam, ${greetingName(user)}. Signed in as ${user.email}.`} />
        <Button variant="outline" onClick={() => void onSignOut()}>
          <LogOut aria-hidden="true" />
          Sign Out
        </Button>
      </div>
      {user.userType !== 'customer' ? (
        <Alert variant="warning">
          This is {withArticle(user.userType)} account; My Account is for customers.{' '}
          <Link to={user.home} className={buttonClasses({ variant: 'link' })}>
            Go to your {user.userType} pages
          </Link>
        </Alert>
      ) : null}
      <Tabs value={tab} onValueChange={setTab}>
        {/* On a narrow screen the seven tabs wrap onto more rows rather than scroll out of sight:
            every tab stays visible and in keyboard order (docs/product/customer.md#account). */}
        <TabsList label="Account sections" className="flex-wrap sm:flex-nowrap sm:overflow-x-auto">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="orders">
          <AccountOrders />
        </TabsContent>
        <TabsContent value="favourites">
          <AccountFavourites />
        </TabsContent>
        <TabsContent value="addresses">
          <AccountAddresses />
        </TabsContent>
        <TabsContent value="notifications">
          <AccountNotifications />
        </TabsContent>
        <TabsContent value="payment">
          <PaymentTab />
        </TabsContent>
        <TabsContent value="profile">
          <AccountProfile />
        </TabsContent>
        <TabsContent value="help">
          <HelpRequests userId={user.id} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
