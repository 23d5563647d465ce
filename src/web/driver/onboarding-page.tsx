import CircleAlert from 'lucide-react/icons/circle-exclamation-point';
import Clock from 'lucide-react/icons/clock';
import type { ReactNode } from 'react';
import { Navigate } from '../lib/router';
import { topicName } from '../../domain/topics';
import { useLiveEvents } from '../lib/live';
import { meQueryKey, useMe } from '../lib/me';
import { useDocumentTitle } from '../lib/use-document-title';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { ApplicationForm } from './application-form';
import { driverKeys } from './driver-api';
import { DriverFrame } from './driver-frame';

function StatusCard({
  title,
  icon,
  children,
  tone,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  tone: 'wait' | 'stop';
}) {
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <span
          className={
            tone === 'wait'
              ? 'grid size-12 place-items-center rounded-full bg-accent text-accent-foreground'
              : 'grid size-12 place-items-center rounded-full bg-destructive-soft text-destructive'
          }
        >
          {icon}
        </span>
        <CardTitle as="h1" className="text-2xl">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="text-center text-muted-foreground">{children}</CardContent>
    </Card>
  );
}

/**
 * /driver/onboarding (docs/product/driver.md#onboarding): the route's guard sends anyone but a driver to /driver/login;
 * an approved driver goes on to /driver/jobs; otherwise it shows the application or its state.
 * A decision by the back office arrives live on `user:{id}` and unlocks the app at once.
 */
export function OnboardingPage() {
  useDocumentTitle('Driver onboarding');
  const user = useMe().data?.user;
  useLiveEvents(user ? [topicName.user(user.id)] : [], {
    enabled: !!user && user.userType === 'driver',
    refetch: [driverKeys.profile, meQueryKey],
    refetchOn: ['driver.status'],
  });

  // The route's driver guard has loaded the account; this is only a safety net.
  if (!user || user.userType !== 'driver') return <Navigate to="/driver/login" replace />;
  if (user.status === 'approved') return <Navigate to="/driver/jobs" replace />;

  let content;
  if (user.status === 'pending') {
    content = (
      <StatusCard title="Application Under Review" tone="wait" icon={<Clock aria-hidden="true" className="size-6" />}>
        <p>
          Thank you for applying. Our team is checking your details and documents; this page opens your driver app as
          soon as you are approved.
        </p>
      </StatusCard>
    );
  } else if (user.status === 'rejected') {
    content = (
      <StatusCard title="Application Rejected" tone="stop" icon={<CircleAlert aria-hidden="true" className="size-6" />}>
        <p>
          We are sorry, your driver application was not approved. Please contact HalalNosh support if you would like to
          know why or think this is a mistake.
        </p>
      </StatusCard>
    );
  } else if (user.status === 'suspended') {
    content = (
      <StatusCard title="Account Suspended" tone="stop" icon={<CircleAlert aria-hidden="true" className="size-6" />}>
        <p>
          Your driver account is suspended, so you cannot take jobs at the moment. Please contact HalalNosh support.
        </p>
      </StatusCard>
    );
  } else {
    content = <ApplicationForm />;
  }
  return <DriverFrame nav={false}>{content}</DriverFrame>;
}
