import { CircleAlert, Clock, FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useMe } from '../lib/me';
import { useDocumentTitle } from '../lib/use-document-title';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { DriverFrame } from './driver-frame';

/** What a driver needs to apply (spec 3, section 5: driver application). */
function ApplicationRequirements() {
  return (
    <Card>
      <CardHeader>
        <span className="grid size-10 place-items-center rounded-lg bg-primary-soft text-primary">
          <FileText aria-hidden="true" className="size-5" />
        </span>
        <CardTitle as="h1" className="text-2xl">
          Driver application
        </CardTitle>
        <CardDescription>To deliver with HalalNosh you apply once; our team checks your documents and approves your account.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <div className="grid gap-2">
          <h2 className="font-semibold">You will need</h2>
          <ul className="grid list-disc gap-1 pl-5">
            <li>Your name, phone number, postcode and driving licence number.</li>
            <li>Your vehicle type: bike, scooter or car.</li>
            <li>A photo ID (passport or driving licence).</li>
            <li>Proof of your right to work in the UK.</li>
            <li>Vehicle insurance if you deliver by car or scooter (not needed for a bike).</li>
          </ul>
        </div>
        <p className="text-muted-foreground">
          You also accept the driver terms and the safety guidelines. Once approved, you can go online, set your postcode and
          accept delivery jobs in your area.
        </p>
      </CardContent>
    </Card>
  );
}

function StatusCard({ title, icon, children, tone }: { title: string; icon: ReactNode; children: ReactNode; tone: 'wait' | 'stop' }) {
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
 * /driver/onboarding (spec 3, 2.3): the route's guard sends anyone but a driver to /driver/login;
 * an approved driver goes on to /driver/jobs; otherwise it shows the application's state.
 */
export function OnboardingPage() {
  useDocumentTitle('Driver onboarding');
  const user = useMe().data?.user;
  // The route's driver guard has loaded the account; this is only a safety net.
  if (!user || user.userType !== 'driver') return <Navigate to="/driver/login" replace />;
  if (user.status === 'approved') return <Navigate to="/driver/jobs" replace />;

  let content;
  if (user.status === 'pending') {
    content = (
      <StatusCard title="Application Under Review" tone="wait" icon={<Clock aria-hidden="true" className="size-6" />}>
        <p>Thank you for applying. Our team is checking your details and documents; we will email you as soon as a decision is made.</p>
      </StatusCard>
    );
  } else if (user.status === 'rejected') {
    content = (
      <StatusCard title="Application Rejected" tone="stop" icon={<CircleAlert aria-hidden="true" className="size-6" />}>
        <p>We are sorry, your driver application was not approved. Please contact HalalNosh support if you would like to know why or think this is a mistake.</p>
      </StatusCard>
    );
  } else if (user.status === 'suspended') {
    content = (
      <StatusCard title="Account Suspended" tone="stop" icon={<CircleAlert aria-hidden="true" className="size-6" />}>
        <p>Your driver account is suspended, so you cannot take jobs at the moment. Please contact HalalNosh support.</p>
      </StatusCard>
    );
  } else {
    content = <ApplicationRequirements />;
  }
  return <DriverFrame nav={false}>{content}</DriverFrame>;
}
