import { useQueryClient } from '@tanstack/react-query';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from '../lib/router';
import { toast } from '../lib/toast';
import { createSiteBody } from '../../domain/contracts/partner/sites';
import { type OpeningHours, defaultOpeningHours } from '../../domain/opening-hours';
import { canManageBrand } from '../../domain/partner-access';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-partner.generated';
import { useDocumentTitle } from '../lib/use-document-title';
import { Button, buttonClasses } from '../ui/button';
import { Card, CardContent } from '../ui/card';
import { PageLoading, Spinner } from '../ui/spinner';
import { EmptyState } from '../ui/empty-state';
import { fieldErrors } from './field-errors';
import {
  LOCATION_FIELDS,
  LocationFields,
  type LocationForm,
  hasRequired,
  locationBody,
  locationFormOf,
} from './location-form';
import { useFormErrors } from '../ui/use-form-errors';
import { onboardingKey } from './onboarding-api';
import { OpeningHoursEditor } from './opening-hours-editor';
import { messageOf, partnerKeys } from './partner-api';
import { LoadFailed } from './partner-states';
import { usePartnerSelection } from './use-partner-selection';

/**
 * /partner/create-site (?brand=): add a location to the selected brand (owner or admin), with its
 * opening hours. The partner's first location is a step of onboarding, so it returns to the
 * checklist (docs/product/partner.md#becoming-a-partner); a later one opens its own page.
 */
export function CreateSitePage() {
  useDocumentTitle('Add Location');
  const selection = usePartnerSelection();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<LocationForm>(() => locationFormOf());
  const [hours, setHours] = useState<OpeningHours>(defaultOpeningHours);
  // The toast says the save failed; each refused field (a postcode the server cannot place) shows under it.
  const { formRef, errors, busy, check, submit } = useFormErrors(LOCATION_FIELDS);

  if (selection.isPending) return <PageLoading />;
  if (selection.error)
    return <LoadFailed title="Error loading brands" message={selection.error.message} onRetry={selection.refetch} />;
  const brand = selection.brand;
  if (!brand) {
    return (
      <EmptyState
        title="No brand information found. Please try logging in again."
        action={
          <Link to="/partner/create-brand" className={buttonClasses()}>
            Create Brand
          </Link>
        }
      >
        A location belongs to a brand: create your brand first.
      </EmptyState>
    );
  }
  if (!canManageBrand(brand.role)) {
    return (
      <EmptyState
        title="Only the brand owner or an admin can add locations"
        action={<Link to="/partner">Back to Dashboard</Link>}
      />
    );
  }

  const first = selection.brands.every((b) => b.sites.length === 0);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!hasRequired(form)) {
      check({
        name: form.name.trim() ? undefined : 'Name is required',
        address: form.address.trim() ? undefined : 'Address is required',
        city: form.city.trim() ? undefined : 'City is required',
      });
      toast.error('Missing Information', { description: 'Please fill in the required fields.' });
      return;
    }
    const body = { ...locationBody(form), openingHours: hours };
    const parsed = createSiteBody.safeParse(body);
    if (!check(parsed.success ? {} : fieldErrors(parsed.error.issues))) return;
    await submit(
      async () => {
        const { site } = await call(endpoints.partner.postPartnerBrandsByBrandIdSites, {
          params: { brandId: brand.id },
          body,
        });
        await queryClient.invalidateQueries({ queryKey: partnerKeys.brands });
        await queryClient.invalidateQueries({ queryKey: onboardingKey });
        toast.success('Site created successfully', { description: `${site.name} has been added.` });
        navigate(first ? '/partner/onboarding' : `/partner/location/${site.id}`);
      },
      (error) =>
        toast.error('Error creating site', {
          description: messageOf(error, 'Failed to create restaurant location. Please try again.'),
        }),
    );
  };

  return (
    <div className="mx-auto grid max-w-2xl gap-4">
      <Link
        to="/partner"
        className="inline-flex items-center gap-1 justify-self-start rounded-sm text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Dashboard
      </Link>
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Add Location</h1>
        <p className="text-muted-foreground">
          A new branch of <span className="font-semibold text-foreground">{brand.name}</span>: where it is, when it
          opens and how far it delivers. Its halal status reads self-declared until HalalNosh verifies it.
        </p>
      </div>
      <Card>
        <CardContent className="pt-6">
          <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
            <LocationFields form={form} setForm={setForm} errors={errors} />
            <fieldset className="grid gap-2">
              <legend className="text-sm font-medium">Opening hours</legend>
              <p className="text-sm text-muted-foreground">
                London time. A closing time before the opening time runs past midnight; the same opening and closing
                time means open round the clock.
              </p>
              <OpeningHoursEditor value={hours} onChange={setHours} disabled={busy} />
            </fieldset>
            <div className="flex gap-2">
              <Button type="submit" disabled={busy}>
                {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
                Create Location
              </Button>
              <Button variant="ghost" onClick={() => navigate('/partner')}>
                Cancel
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
