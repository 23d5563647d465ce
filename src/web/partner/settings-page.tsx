import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import PauseCircle from 'lucide-react/icons/circle-pause';
import PlayCircle from 'lucide-react/icons/circle-play';
import Users from 'lucide-react/icons/users';
import { type FormEvent, useState } from 'react';
import { Link } from '../lib/router';
import { toast } from '../lib/toast';
import {
  BUSY_EXTRA_CHOICES,
  RESPONSE_TIMEOUT_CHOICES,
  DRIVER_SEARCH_CHOICES,
  PAUSE_CHOICES_MINUTES,
  commonHours,
  isPaused,
  numberOrZero,
  poundsFieldToPence,
  roundRadius,
} from '../../domain/branch-settings';
import type { SiteDetail } from '../../domain/contracts/partner/sites';
import { halalStatusLabel } from '../../domain/halal';
import { penceToInput } from '../../domain/menu';
import { isClientError } from '../lib/api';
import { type BodyOf, call } from '../lib/call';
import { endpoints } from '../lib/endpoints-partner.generated';
import { formatDateTime, formatTime } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { Alert } from '../ui/alert';
import { Button, buttonClasses } from '../ui/button';
import { PartnerNotifications } from './partner-notifications';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { SelectField } from '../ui/select-field';
import { PageLoading, Spinner } from '../ui/spinner';
import { Switch } from '../ui/switch';
import { isTermsRefusal, useTermsBeforeNewWork } from '../ui/terms-gate';
import { TextField } from '../ui/text-field';
import { useFormErrors } from '../ui/use-form-errors';
import { partnerKeys } from './partner-api';
import { LoadFailed, LocationNotFound, NoSiteSelected } from './partner-states';
import { usePartnerSelection } from './use-partner-selection';
import { PushOptIn } from '../ui/push-opt-in';
import { formatPhone } from '../../domain/phone';

/** /partner/settings?site=: Branch Settings, stored on the server per location. */
export function BranchSettingsPage() {
  useDocumentTitle('Branch Settings');
  const selection = usePartnerSelection();
  const siteId = selection.site?.id ?? null;
  const site = useQuery({
    queryKey: partnerKeys.site(siteId ?? 'none'),
    queryFn: ({ signal }) =>
      call(endpoints.partner.getPartnerSitesBySiteId, { params: { siteId: siteId! }, signal }).then((r) => r.site),
    enabled: !!siteId,
    retry: (n, e) => !isClientError(e) && n < 3,
  });

  if (selection.isPending) return <PageLoading />;
  if (selection.error)
    return <LoadFailed title="Error loading brands" message={selection.error.message} onRetry={selection.refetch} />;
  if (selection.unknownSite) return <LocationNotFound />;
  if (!selection.site) return <NoSiteSelected />;
  if (site.isPending) return <PageLoading label="Loading settings..." />;
  if (site.isError)
    return isClientError(site.error) ? (
      <LocationNotFound />
    ) : (
      <LoadFailed title="Could not load settings" message={site.error.message} onRetry={() => void site.refetch()} />
    );
  return <BranchSettings key={site.data.id} site={site.data} />;
}

type Form = {
  isOpen: boolean;
  name: string;
  phone: string;
  openingTime: string;
  closingTime: string;
  deliveryFee: string;
  deliveryRadius: string;
  minOrder: string;
  busy: string;
  responseTimeout: string;
  driverSearch: string;
};

const FIELDS = [
  'name',
  'phone',
  'openingTime',
  'closingTime',
  'deliveryFee',
  'deliveryRadius',
  'minOrder',
  'busy',
  'responseTimeout',
  'driverSearch',
] as const;

/** The server's names of the fields the form names differently (pence, kilometres, minutes). */
const PATHS = {
  deliveryFeeMinor: 'deliveryFee',
  deliveryRadiusKm: 'deliveryRadius',
  minOrderMinor: 'minOrder',
  busyExtraMinutes: 'busy',
  responseTimeoutMinutes: 'responseTimeout',
  driverSearchMinutes: 'driverSearch',
} as const;

function formOf(site: SiteDetail): Form {
  const hours = commonHours(site.openingHours);
  return {
    isOpen: site.isOpen,
    name: site.name,
    phone: site.phone ? formatPhone(site.phone) : '',
    openingTime: hours?.open ?? '09:00',
    closingTime: hours?.close ?? '22:00',
    deliveryFee: penceToInput(site.deliveryFeeMinor),
    deliveryRadius: String(site.deliveryRadiusKm),
    minOrder: penceToInput(site.minOrderMinor),
    busy: String(site.busyExtraMinutes),
    responseTimeout: String(site.responseTimeoutMinutes),
    driverSearch: String(site.driverSearchMinutes),
  };
}

/** The next moment the clock shows hh:mm (today, or tomorrow if that has passed), in the browser's time zone. */
function nextTime(hhmm: string, now = new Date()): Date {
  const [h, m] = hhmm.split(':').map(Number);
  const at = new Date(now);
  at.setHours(h, m, 0, 0);
  if (at.getTime() <= now.getTime()) at.setDate(at.getDate() + 1);
  return at;
}

function BranchSettings({ site }: { site: SiteDetail }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(() => formOf(site));
  // The toast says the save failed; each refused field shows under its control, the rest in the toast.
  const { formRef, errors, check, fail } = useFormErrors(FIELDS, { paths: PATHS });
  const [pauseFor, setPauseFor] = useState('30');
  const [pauseUntil, setPauseUntil] = useState('');
  const set = (key: keyof Form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const save = useMutation({
    mutationFn: (body: BodyOf<typeof endpoints.partner.patchPartnerSitesBySiteId>) =>
      call(endpoints.partner.patchPartnerSitesBySiteId, { params: { siteId: site.id }, body }),
    onSuccess: async ({ site: saved }, body) => {
      queryClient.setQueryData(partnerKeys.site(site.id), saved);
      await queryClient.invalidateQueries({ queryKey: partnerKeys.brands });
      toast.success(
        'pausedUntil' in body ? (body.pausedUntil ? 'Orders paused' : 'Taking orders again') : 'Settings saved',
      );
    },
    // A refusal for the terms opens the terms dialog instead (ui/terms-gate.tsx).
    onError: (error, body) => {
      if (isTermsRefusal(error)) return;
      // A pause or resume is no edit of the form: its refusal is in the toast alone.
      const shown = 'pausedUntil' in body ? null : fail(error);
      toast.error('Failed to save settings. Please try again.', {
        description: shown && !Object.keys(shown.fields).length ? (shown.form ?? undefined) : undefined,
      });
    },
  });
  // Opening a closed branch or ending a pause early takes new orders, and may need new terms first;
  // closing and pausing never do (docs/decisions/0206-new-terms-hold-back-new-work-only.md).
  const terms = useTermsBeforeNewWork();
  const saveOpening = async (body: BodyOf<typeof endpoints.partner.patchPartnerSitesBySiteId>) => {
    if (!(await terms.beforeNewWork())) return;
    save.mutate(body);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const radius = roundRadius(numberOrZero(form.deliveryRadius));
    const filled = check({
      name: form.name.trim() ? undefined : 'Branch name is required',
      deliveryRadius: radius < 0.5 || radius > 20 ? 'Delivery radius is 0.5 to 20 km' : undefined,
    });
    if (!filled) return;
    void (form.isOpen && !site.isOpen ? saveOpening : save.mutate)({
      isOpen: form.isOpen,
      name: form.name.trim(),
      phone: form.phone,
      openingTime: form.openingTime,
      closingTime: form.closingTime,
      deliveryFeeMinor: poundsFieldToPence(form.deliveryFee),
      deliveryRadiusKm: radius,
      minOrderMinor: poundsFieldToPence(form.minOrder),
      busyExtraMinutes: Number(form.busy),
      responseTimeoutMinutes: Number(form.responseTimeout),
      driverSearchMinutes: Number(form.driverSearch),
    });
  };

  const paused = isPaused(site.pausedUntil, new Date());

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm text-muted-foreground">
            {site.brandName} · {site.name}
          </p>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Branch Settings</h1>
        </div>
        <Link to={`/partner/staff?site=${site.id}`} className={buttonClasses({ variant: 'outline' })}>
          <Users aria-hidden="true" />
          Manage Staff
        </Link>
      </div>

      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Card>
          <CardHeader>
            <CardTitle>Branch</CardTitle>
            <CardDescription>What customers see and what they pay.</CardDescription>
          </CardHeader>
          <CardContent>
            <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
              <Switch
                label={form.isOpen ? 'Open for orders' : 'Closed for orders'}
                checked={form.isOpen}
                onCheckedChange={(isOpen) => setForm((f) => ({ ...f, isOpen }))}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField label="Branch name" value={form.name} onChange={set('name')} error={errors.name} required />
                <TextField
                  label="Phone"
                  type="tel"
                  value={form.phone}
                  onChange={set('phone')}
                  error={errors.phone}
                  optional
                />
                <TextField
                  label="Opening time"
                  type="time"
                  value={form.openingTime}
                  onChange={set('openingTime')}
                  error={errors.openingTime}
                  hint="Every open day; set single days on the location page."
                />
                <TextField
                  label="Closing time"
                  type="time"
                  value={form.closingTime}
                  onChange={set('closingTime')}
                  error={errors.closingTime}
                  hint="Before the opening time means past midnight."
                />
                <TextField
                  label="Delivery fee (£)"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.01}
                  value={form.deliveryFee}
                  onChange={set('deliveryFee')}
                  error={errors.deliveryFee}
                />
                <TextField
                  label="Delivery radius (km)"
                  type="number"
                  inputMode="decimal"
                  min={0.5}
                  max={20}
                  step={0.5}
                  value={form.deliveryRadius}
                  onChange={set('deliveryRadius')}
                  error={errors.deliveryRadius}
                />
                <TextField
                  label="Minimum order (£)"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.01}
                  value={form.minOrder}
                  onChange={set('minOrder')}
                  error={errors.minOrder}
                />
                <SelectField
                  label="Busy mode"
                  value={form.busy}
                  onChange={set('busy')}
                  error={errors.busy}
                  options={BUSY_EXTRA_CHOICES.map((m) => ({
                    value: String(m),
                    label: m ? `Busy: +${m} minutes on every ETA` : 'Not busy',
                  }))}
                />
                <SelectField
                  label="Answer new orders within"
                  value={form.responseTimeout}
                  onChange={set('responseTimeout')}
                  error={errors.responseTimeout}
                  options={RESPONSE_TIMEOUT_CHOICES.map((m) => ({ value: String(m), label: `${m} minutes` }))}
                />
                <SelectField
                  label="Look for a driver for"
                  hint="Then the customer may collect or cancel, and support is told"
                  value={form.driverSearch}
                  onChange={set('driverSearch')}
                  error={errors.driverSearch}
                  // A value set through the API outside the usual choices stays selectable.
                  options={[...new Set([...DRIVER_SEARCH_CHOICES, Number(form.driverSearch)])]
                    .sort((a, b) => a - b)
                    .map((m) => ({ value: String(m), label: `${m} minutes` }))}
                />
              </div>
              <Button type="submit" className="justify-self-start" disabled={save.isPending}>
                {save.isPending ? <Spinner className="size-4 text-primary-foreground" /> : null}
                Save Settings
              </Button>
            </form>
          </CardContent>
        </Card>

        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Pause new orders</CardTitle>
              <CardDescription>
                For a rush or a break: customers see the branch closed until then. Orders already in stay.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3">
              {paused ? (
                <>
                  <Alert variant="warning">Paused until {formatTime(site.pausedUntil!)}.</Alert>
                  <Button
                    className="justify-self-start"
                    onClick={() => void saveOpening({ pausedUntil: null })}
                    disabled={save.isPending}
                  >
                    <PlayCircle aria-hidden="true" />
                    Resume orders now
                  </Button>
                </>
              ) : (
                <>
                  <div className="flex flex-wrap items-end gap-2">
                    <SelectField
                      label="Pause for"
                      value={pauseFor}
                      onChange={(e) => setPauseFor(e.target.value)}
                      options={PAUSE_CHOICES_MINUTES.map((m) => ({
                        value: String(m),
                        label: m < 60 ? `${m} minutes` : `${m / 60} hour${m > 60 ? 's' : ''}`,
                      }))}
                    />
                    <Button
                      variant="outline"
                      onClick={() =>
                        save.mutate({ pausedUntil: new Date(Date.now() + Number(pauseFor) * 60_000).toISOString() })
                      }
                      disabled={save.isPending}
                    >
                      <PauseCircle aria-hidden="true" />
                      Pause
                    </Button>
                  </div>
                  <div className="flex flex-wrap items-end gap-2">
                    <TextField
                      label="Or until"
                      type="time"
                      value={pauseUntil}
                      onChange={(e) => setPauseUntil(e.target.value)}
                    />
                    <Button
                      variant="outline"
                      disabled={!pauseUntil || save.isPending}
                      onClick={() => save.mutate({ pausedUntil: nextTime(pauseUntil).toISOString() })}
                    >
                      <PauseCircle aria-hidden="true" />
                      Pause until {pauseUntil || '…'}
                    </Button>
                  </div>
                </>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Branch info</CardTitle>
              <CardDescription>Change the address on the location page.</CardDescription>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                <dt className="text-muted-foreground">Address</dt>
                <dd>
                  {site.address}, {site.city} {site.postcode ?? ''}
                </dd>
                <dt className="text-muted-foreground">Halal status</dt>
                <dd>
                  {halalStatusLabel(site.halalStatus)}
                  {site.lastVerifiedAt ? ` (verified ${formatDateTime(site.lastVerifiedAt)})` : ''}
                </dd>
                <dt className="text-muted-foreground">Customer page</dt>
                <dd>
                  <a
                    href={`/restaurant/${site.slug}`}
                    target="_blank"
                    rel="noreferrer"
                    className="text-primary underline-offset-4 hover:underline"
                  >
                    /restaurant/{site.slug}
                  </a>
                </dd>
                <dt className="text-muted-foreground">Since</dt>
                <dd>{formatDateTime(site.createdAt)}</dd>
              </dl>
              <Link
                to={`/partner/location/${site.id}`}
                className={buttonClasses({ variant: 'link', className: 'mt-3' })}
              >
                Edit location and opening hours
              </Link>
            </CardContent>
          </Card>
        </div>
      </div>
      <PushOptIn description="New orders for your branches and cancelled orders, even with the console closed." />
      <PartnerNotifications />
    </div>
  );
}
