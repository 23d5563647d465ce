import { useMutation, useQueryClient } from '@tanstack/react-query';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import Circle from 'lucide-react/icons/circle';
import { type ReactNode, useId } from 'react';
import { Link } from '../lib/router';
import { toast } from '../lib/toast';
import type { OnboardingSite } from '../../domain/contracts/partner/onboarding-endpoints';
import {
  READINESS_CHECKS,
  READINESS_DONE,
  READINESS_TODO,
  REVIEW_STATUS_LABELS,
  REVIEW_STATUS_NOTES,
  type ReadinessCheck,
  reviewMove,
} from '../../domain/restaurant-review';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-partner.generated';
import { formatDateTime } from '../lib/format';
import { Alert } from '../ui/alert';
import { Badge } from '../ui/badge';
import { Button, buttonClasses } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { LoadFailed } from '../ui/load-failed';
import { PageIntro } from '../ui/page-intro';
import { PageLoading, Spinner } from '../ui/spinner';
import { onboardingKey, useOnboarding } from './onboarding-api';
import { messageOf, partnerKeys } from './partner-api';

/** The checks of the location step; the menu has a step of its own. */
const LOCATION_CHECKS: ReadinessCheck[] = ['address', 'hours', 'delivery'];

function DoneIcon({ done, className }: { done: boolean; className: string }) {
  const Icon = done ? CheckCircle2 : Circle;
  return <Icon aria-hidden="true" className={`${className} ${done ? 'text-primary' : 'text-muted-foreground'}`} />;
}

/** One step of the checklist, named by its title and whether it is done ("2. Your first location (done)"). */
function Step({ done, title, children }: { done: boolean; title: string; children: ReactNode }) {
  const id = useId();
  return (
    <li className="flex gap-3" aria-labelledby={id}>
      <DoneIcon done={done} className="mt-0.5 size-5 shrink-0" />
      <div className="grid flex-1 gap-2">
        <p id={id} className="font-semibold">
          {title}
          <span className="sr-only">{done ? ' (done)' : ' (to do)'}</span>
        </p>
        {children}
      </div>
    </li>
  );
}

/** The readiness checks of a location, each done or still to do, in the partner's words. */
function Checks({ site, checks, label }: { site: OnboardingSite; checks: readonly ReadinessCheck[]; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-1 text-sm">
      {checks.map((check) => {
        const done = site.readiness[check];
        return (
          <li key={check} className="flex gap-2">
            <DoneIcon done={done} className="mt-0.5 size-4 shrink-0" />
            <span>
              {done ? READINESS_DONE[check] : READINESS_TODO[check]}
              <span className="sr-only">{done ? ' (done)' : ' (to do)'}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function SiteReview({ site }: { site: OnboardingSite }) {
  const queryClient = useQueryClient();
  const submit = useMutation({
    mutationFn: () => call(endpoints.partner.postPartnerSitesBySiteIdSubmitReview, { params: { siteId: site.id } }),
    onSuccess: () => {
      toast.success('Submitted for review');
      void queryClient.invalidateQueries({ queryKey: onboardingKey });
    },
    onError: (error) => toast.error('Could not submit', { description: messageOf(error) }),
  });
  const canSubmit = reviewMove(site.reviewStatus, 'submit') !== null;
  return (
    <section aria-label={`${site.name} review`} className="grid gap-2 rounded-md border border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">
          {site.name}, {site.city}
        </p>
        <Badge>{REVIEW_STATUS_LABELS[site.reviewStatus]}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">{REVIEW_STATUS_NOTES[site.reviewStatus]}</p>
      {site.reviewMessage ? (
        <Alert>
          <p className="font-medium">Message from HalalNosh</p>
          <p>{site.reviewMessage}</p>
        </Alert>
      ) : null}
      {site.submittedAt ? (
        <p className="text-xs text-muted-foreground">Submitted {formatDateTime(site.submittedAt)}</p>
      ) : null}
      {canSubmit && !site.readyForReview ? (
        <Checks
          site={site}
          checks={READINESS_CHECKS.filter((c) => !site.readiness[c])}
          label={`Still to do for ${site.name}`}
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Link to={`/partner/menu?site=${site.id}`} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Edit menu ({site.menuItemCount} {site.menuItemCount === 1 ? 'item' : 'items'})
        </Link>
        <Link to={`/partner/location/${site.id}`} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Edit location
        </Link>
        {canSubmit ? (
          // Enabled only when the server says the location is ready; the server refuses it otherwise too.
          <Button size="sm" disabled={submit.isPending || !site.readyForReview} onClick={() => submit.mutate()}>
            {submit.isPending ? <Spinner className="size-4 text-primary-foreground" /> : null}
            Submit for review
          </Button>
        ) : null}
      </div>
    </section>
  );
}

/**
 * /partner/onboarding: the steps that put a restaurant on HalalNosh (brand, first location, menu,
 * review), each done or not and linking to where it is done, and where each location's review
 * stands (docs/product/partner.md#becoming-a-partner).
 */
export function OnboardingPage() {
  // Always fresh on arrival: the partner comes back here after each step elsewhere in the console.
  const onboarding = useOnboarding({ refetchOnMount: 'always' });
  const queryClient = useQueryClient();
  if (onboarding.isPending) return <PageLoading />;
  if (onboarding.isError)
    return (
      <LoadFailed
        title="Could not load your restaurant"
        retryLabel="Try again"
        onRetry={() => void onboarding.refetch()}
      />
    );
  const brands = onboarding.data.brands;
  const brand = brands[0];
  const sites = brands.flatMap((b) => b.sites);
  const first = sites[0];
  const suspended = brands.find((b) => b.suspended);
  const locationDone = !!first && LOCATION_CHECKS.every((c) => first.readiness[c]);
  const menuDone = !!first && first.readiness.menu;
  const submitted = !!first && first.reviewStatus !== 'draft';
  return (
    <div className="grid gap-6">
      <PageIntro
        title="Become a partner"
        documentTitle="Become a partner"
        note="Set up your brand, your first location and your menu, then submit it for review. Customers see your restaurant once HalalNosh approves it."
      />
      {suspended ? (
        <Alert variant="destructive">
          HalalNosh has suspended {suspended.name}. {suspended.suspensionReason ?? ''}
        </Alert>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle as="h2">Your steps</CardTitle>
        </CardHeader>
        <CardContent>
          <ol aria-label="Your steps" className="grid gap-5">
            <Step done={!!brand} title="1. Your brand">
              <p className="text-sm text-muted-foreground">Your restaurant's name and logo, as customers see them.</p>
              {brand ? (
                <div className="flex flex-wrap items-center gap-3">
                  <p className="text-sm font-medium">{brand.name}</p>
                  <Link
                    to={`/partner/create-brand?edit=${brand.id}`}
                    className={buttonClasses({ variant: 'outline', size: 'sm' })}
                  >
                    Edit brand
                  </Link>
                </div>
              ) : (
                <Link
                  to="/partner/create-brand"
                  className={buttonClasses({ size: 'sm', className: 'justify-self-start' })}
                >
                  Create your brand
                </Link>
              )}
            </Step>
            <Step done={locationDone} title="2. Your first location">
              <p className="text-sm text-muted-foreground">
                Address, opening hours, delivery radius and fee. Your halal status starts as self-declared until
                HalalNosh verifies a certificate.
              </p>
              {first ? (
                <>
                  <Checks site={first} checks={LOCATION_CHECKS} label={`${first.name} checks`} />
                  <Link
                    to={`/partner/location/${first.id}`}
                    className={buttonClasses({
                      variant: locationDone ? 'outline' : 'default',
                      size: 'sm',
                      className: 'justify-self-start',
                    })}
                  >
                    Edit location
                  </Link>
                </>
              ) : brand ? (
                <Link
                  to={`/partner/create-site?brand=${brand.id}`}
                  className={buttonClasses({ size: 'sm', className: 'justify-self-start' })}
                >
                  Add your first location
                </Link>
              ) : (
                <p className="text-sm text-muted-foreground">Create your brand first.</p>
              )}
            </Step>
            <Step done={menuDone} title="3. Your menu">
              <p className="text-sm text-muted-foreground">
                At least one item. A category and an item are enough to start.
              </p>
              {first ? (
                <Link
                  to={`/partner/menu?site=${first.id}`}
                  className={buttonClasses({
                    variant: menuDone ? 'outline' : 'default',
                    size: 'sm',
                    className: 'justify-self-start',
                  })}
                >
                  {menuDone
                    ? `Edit menu (${first.menuItemCount} ${first.menuItemCount === 1 ? 'item' : 'items'})`
                    : 'Build your menu'}
                </Link>
              ) : (
                <p className="text-sm text-muted-foreground">Add a location first.</p>
              )}
            </Step>
            <Step done={submitted} title="4. Submit for review">
              {sites.length === 0 ? (
                <p className="text-sm text-muted-foreground">Add a location first.</p>
              ) : (
                <div className="grid gap-3">
                  {sites.map((site) => (
                    <SiteReview key={site.id} site={site} />
                  ))}
                </div>
              )}
            </Step>
          </ol>
        </CardContent>
      </Card>
      <p className="text-sm text-muted-foreground">
        <Link
          to="/partner/dashboard"
          className="underline"
          onClick={() => void queryClient.invalidateQueries({ queryKey: partnerKeys.all })}
        >
          Go to the dashboard
        </Link>
      </p>
    </div>
  );
}
