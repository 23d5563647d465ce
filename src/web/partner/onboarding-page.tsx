import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Circle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { OnboardingSite } from '../../domain/contracts/partner/onboarding-endpoints';
import { REVIEW_STATUS_LABELS, REVIEW_STATUS_NOTES, reviewMove } from '../../domain/restaurant-review';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
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

function Step({ done, title, children }: { done: boolean; title: string; children: ReactNode }) {
  const Icon = done ? CheckCircle2 : Circle;
  return (
    <li className="flex gap-3">
      <Icon
        aria-hidden="true"
        className={done ? 'mt-0.5 size-5 text-primary' : 'mt-0.5 size-5 text-muted-foreground'}
      />
      <div className="grid flex-1 gap-2">
        <p className="font-semibold">
          {title}
          <span className="sr-only">{done ? ' (done)' : ' (to do)'}</span>
        </p>
        {children}
      </div>
    </li>
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
    <div className="grid gap-2 rounded-md border border-border p-3">
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
      <div className="flex flex-wrap gap-2">
        <Link to={`/partner/menu?site=${site.id}`} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Edit menu ({site.menuItemCount} {site.menuItemCount === 1 ? 'item' : 'items'})
        </Link>
        <Link to={`/partner/location/${site.id}`} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Edit location
        </Link>
        {canSubmit ? (
          <Button size="sm" disabled={submit.isPending || site.menuItemCount === 0} onClick={() => submit.mutate()}>
            {submit.isPending ? <Spinner className="size-4 text-primary-foreground" /> : null}
            Submit for review
          </Button>
        ) : null}
      </div>
      {canSubmit && site.menuItemCount === 0 ? (
        <p className="text-sm text-muted-foreground">Add at least one menu item before you submit for review.</p>
      ) : null}
    </div>
  );
}

/** /partner/onboarding: the steps to put a restaurant on HalalNosh and where its review stands. */
export function OnboardingPage() {
  const onboarding = useOnboarding();
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
  const hasMenu = sites.some((s) => s.menuItemCount > 0);
  const submitted = sites.some((s) => s.reviewStatus !== 'draft');
  void queryClient;
  return (
    <div className="grid gap-6">
      <PageIntro
        title="Become a partner"
        documentTitle="Become a partner"
        note="Set up your brand, your first location and your menu, then submit it for review. Customers see your restaurant once HalalNosh approves it."
      />
      {brands.some((b) => b.suspended) ? (
        <Alert variant="destructive">
          HalalNosh has suspended {brands.find((b) => b.suspended)!.name}.{' '}
          {brands.find((b) => b.suspended)!.suspensionReason ?? ''}
        </Alert>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle as="h2">Your steps</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="grid gap-5">
            <Step done={!!brand} title="1. Your brand">
              {brand ? (
                <p className="text-sm">{brand.name}</p>
              ) : (
                <Link to="/partner/create-brand" className={buttonClasses({ size: 'sm' })}>
                  Create your brand
                </Link>
              )}
            </Step>
            <Step done={sites.length > 0} title="2. Your first location">
              <p className="text-sm text-muted-foreground">
                Address, opening hours, delivery radius and fee. Your halal status starts as self-declared until
                HalalNosh verifies a certificate.
              </p>
              {brand && sites.length === 0 ? (
                <Link to={`/partner/create-site?brand=${brand.id}`} className={buttonClasses({ size: 'sm' })}>
                  Add your first location
                </Link>
              ) : null}
            </Step>
            <Step done={hasMenu} title="3. Your menu">
              <p className="text-sm text-muted-foreground">A category and an item are enough to start.</p>
              {sites.length > 0 && !hasMenu ? (
                <Link to={`/partner/menu?site=${sites[0].id}`} className={buttonClasses({ size: 'sm' })}>
                  Build your menu
                </Link>
              ) : null}
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
