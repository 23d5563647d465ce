import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import ListChecks from 'lucide-react/icons/list-checks';
import Settings from 'lucide-react/icons/settings';
import Trash2 from 'lucide-react/icons/trash';
import UtensilsCrossed from 'lucide-react/icons/utensils-crossed';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from '../lib/router';
import { toast } from '../lib/toast';
import { type SiteDetail, updateSiteBody } from '../../domain/contracts/partner/sites';
import { halalStatusLabel } from '../../domain/halal';
import type { OpeningHours } from '../../domain/opening-hours';
import { canManageBrand } from '../../domain/partner-access';
import { isClientError } from '../lib/api';
import { type BodyOf, call } from '../lib/call';
import { endpoints } from '../lib/endpoints-partner.generated';
import { useDocumentTitle } from '../lib/use-document-title';
import { Badge } from '../ui/badge';
import { Button, buttonClasses } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { PageLoading, Spinner } from '../ui/spinner';
import { fieldErrors } from './field-errors';
import { HalalSection } from './halal-section';
import {
  LOCATION_FIELDS,
  LocationFields,
  type LocationForm,
  hasRequired,
  locationBody,
  locationFormOf,
} from './location-form';
import { useFormErrors } from '../ui/use-form-errors';
import { OpeningHoursEditor } from './opening-hours-editor';
import { messageOf, partnerKeys } from './partner-api';
import { LoadFailed, LocationNotFound } from './partner-states';
import { SiteStaffSection } from './site-staff-section';

/** /partner/location/{siteId}: Edit Location. */
export function EditLocationPage() {
  const { siteId = '' } = useParams();
  const site = useQuery({
    queryKey: partnerKeys.site(siteId),
    queryFn: ({ signal }) =>
      call(endpoints.partner.getPartnerSitesBySiteId, { params: { siteId }, signal }).then((r) => r.site),
    retry: (n, e) => !isClientError(e) && n < 3,
  });
  useDocumentTitle(site.data ? `Edit ${site.data.name}` : 'Edit Location');

  if (site.isPending) return <PageLoading />;
  if (site.isError) {
    return isClientError(site.error) ? (
      <LocationNotFound />
    ) : (
      <LoadFailed title="Error loading location" message={site.error.message} onRetry={() => void site.refetch()} />
    );
  }
  return <EditLocation key={site.data.id} site={site.data} />;
}

function EditLocation({ site }: { site: SiteDetail }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [form, setForm] = useState<LocationForm>(() => locationFormOf(site));
  const [hours, setHours] = useState<OpeningHours>(site.openingHours);
  // The toast says the save failed; each refused field shows under it.
  const { formRef, errors, check, fail } = useFormErrors(LOCATION_FIELDS);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const manage = canManageBrand(site.role);

  const save = useMutation({
    mutationFn: (body: BodyOf<typeof endpoints.partner.patchPartnerSitesBySiteId>) =>
      call(endpoints.partner.patchPartnerSitesBySiteId, { params: { siteId: site.id }, body }),
    onSuccess: async ({ site: saved }) => {
      queryClient.setQueryData(partnerKeys.site(site.id), saved);
      await queryClient.invalidateQueries({ queryKey: partnerKeys.brands });
      toast.success('Location updated');
    },
    onError: (error) => {
      fail(error);
      toast.error('Error updating location', { description: messageOf(error) });
    },
  });

  const remove = useMutation({
    mutationFn: () => call(endpoints.partner.deletePartnerSitesBySiteId, { params: { siteId: site.id } }),
    onSuccess: async () => {
      setConfirmDelete(false);
      await queryClient.invalidateQueries({ queryKey: partnerKeys.all });
      toast.success('Location deleted');
      navigate('/partner');
    },
    onError: (error) => {
      setConfirmDelete(false);
      toast.error('Error deleting site', { description: messageOf(error) });
    },
  });

  const onSaveInfo = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!hasRequired(form)) {
      toast.error('Missing Information', { description: 'Please fill in the required fields.' });
      return;
    }
    const body = locationBody(form);
    const parsed = updateSiteBody.safeParse(body);
    if (!check(parsed.success ? {} : fieldErrors(parsed.error.issues))) return;
    save.mutate(body);
  };

  return (
    <div className="grid gap-6">
      <Link
        to="/partner"
        className="inline-flex items-center gap-1 justify-self-start rounded-sm text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Dashboard
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm text-muted-foreground">{site.brandName}</p>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Edit Location: {site.name}</h1>
          <div className="mt-2 flex flex-wrap gap-2">
            <Badge variant={site.isOpen ? 'secondary' : 'destructive'}>{site.isOpen ? 'Open' : 'Closed'}</Badge>
            <Badge variant="outline">{halalStatusLabel(site.halalStatus)}</Badge>
            <a
              href={`/restaurant/${site.slug}`}
              target="_blank"
              rel="noreferrer"
              className="text-xs font-semibold text-primary underline-offset-4 hover:underline"
            >
              Customer page: /restaurant/{site.slug}
            </a>
          </div>
        </div>
        <nav aria-label="Quick actions" className="flex flex-wrap gap-2">
          <Link to={`/partner/menu?site=${site.id}`} className={buttonClasses({ variant: 'outline' })}>
            <UtensilsCrossed aria-hidden="true" />
            Manage Menu
          </Link>
          <Link to={`/partner/location-menu?site=${site.id}`} className={buttonClasses({ variant: 'outline' })}>
            <ListChecks aria-hidden="true" />
            Location Menu
          </Link>
          <Link to={`/partner/orders?site=${site.id}`} className={buttonClasses({ variant: 'outline' })}>
            <ClipboardList aria-hidden="true" />
            View Orders
          </Link>
          <Link to={`/partner/settings?site=${site.id}`} className={buttonClasses({ variant: 'outline' })}>
            <Settings aria-hidden="true" />
            Branch Settings
          </Link>
        </nav>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Location info</CardTitle>
          </CardHeader>
          <CardContent>
            <form ref={formRef} onSubmit={onSaveInfo} noValidate className="grid gap-4">
              <LocationFields form={form} setForm={setForm} errors={errors} />
              <Button type="submit" className="justify-self-start" disabled={save.isPending}>
                {save.isPending ? <Spinner className="size-4 text-primary-foreground" /> : null}
                Save Location
              </Button>
            </form>
          </CardContent>
        </Card>

        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Opening hours</CardTitle>
              <CardDescription>London time. A closing time before the opening time runs past midnight.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <OpeningHoursEditor value={hours} onChange={setHours} disabled={save.isPending} />
              <Button
                className="justify-self-start"
                onClick={() => save.mutate({ openingHours: hours })}
                disabled={save.isPending}
              >
                Save Hours
              </Button>
            </CardContent>
          </Card>

          <SiteStaffSection site={site} />

          {manage ? (
            <Card className="border-destructive/40">
              <CardHeader>
                <CardTitle>Delete location</CardTitle>
                <CardDescription>
                  Customers will no longer find it. A location with active orders cannot be deleted; one with past
                  orders is archived so its history stays.
                </CardDescription>
              </CardHeader>
              <CardContent>
                <Button variant="destructive" onClick={() => setConfirmDelete(true)}>
                  <Trash2 aria-hidden="true" />
                  Delete Location
                </Button>
              </CardContent>
            </Card>
          ) : null}
        </div>
        <HalalSection siteId={site.id} />
      </div>

      <ConfirmDialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={`Delete ${site.name}?`}
        description="This cannot be undone. Its menu overrides and staff assignments go with it."
        confirmLabel="Delete Location"
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </div>
  );
}
