import { useQueryClient } from '@tanstack/react-query';
import Bike from 'lucide-react/icons/bike';
import Car from 'lucide-react/icons/car';
import FileText from 'lucide-react/icons/file-text';
import { type FormEvent, useState } from 'react';
import { toast } from '../lib/toast';
import type { SubmitApplicationBody } from '../../domain/contracts/driver/application';
import {
  APPLICATION_MESSAGES,
  type ApplicationInput,
  applicationProblem,
  needsInsurance,
} from '../../domain/driver-application';
import type { VehicleType } from '../../domain/roles';
import { ApiError } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-driver.generated';
import { cn } from '../lib/cn';
import { refreshMe } from '../lib/me';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { hasErrors } from '../ui/form-errors';
import { useFormErrors } from '../ui/use-form-errors';
import { DocumentField, type UploadedDocument } from './document-field';
import { driverKeys } from './driver-api';

const VEHICLES: { value: VehicleType; label: string; icon: typeof Bike }[] = [
  { value: 'bike', label: 'Bike', icon: Bike },
  { value: 'scooter', label: 'Scooter', icon: Bike },
  { value: 'car', label: 'Car', icon: Car },
];

const FIELDS = ['firstName', 'lastName', 'phone', 'drivingLicenceNumber'] as const;

const DOC_HINT = 'JPEG, PNG, WebP or PDF, up to 5 MB';

/** The driver application (docs/product/driver.md#onboarding): the same rules as the server, checked before sending. */
export function ApplicationForm() {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ firstName: '', lastName: '', phone: '', drivingLicenceNumber: '' });
  const [vehicleType, setVehicleType] = useState<VehicleType>('car');
  const [docs, setDocs] = useState<{
    photoId: UploadedDocument | null;
    rightToWork: UploadedDocument | null;
    insurance: UploadedDocument | null;
  }>({
    photoId: null,
    rightToWork: null,
    insurance: null,
  });
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [acceptSafety, setAcceptSafety] = useState(false);
  // The product's "Failed to submit application" alert and toast spell a failure; a field the
  // server refuses shows under it instead of the alert.
  const [problem, setProblem] = useState<string | null>(null);
  const { formRef, errors, busy, submit } = useFormErrors(FIELDS);

  const field = (key: keyof typeof form) => ({
    value: form[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
    required: true,
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body: SubmitApplicationBody & ApplicationInput = {
      ...form,
      vehicleType,
      photoIdUploadId: docs.photoId?.id ?? null,
      rightToWorkUploadId: docs.rightToWork?.id ?? null,
      insuranceUploadId: needsInsurance(vehicleType) ? (docs.insurance?.id ?? null) : null,
      acceptTerms,
      acceptSafety,
    };
    const found = applicationProblem(body);
    setProblem(found);
    if (found) {
      toast.error(found);
      return;
    }
    const sent = await submit(
      () => call(endpoints.driver.postDriverApplication, { body }),
      (error, shown) => {
        const message = error instanceof ApiError && error.status < 500 ? error.message : 'Please try again.';
        setProblem(hasErrors(shown.fields) ? null : APPLICATION_MESSAGES.failed);
        toast.error(APPLICATION_MESSAGES.failed, { description: message });
      },
    );
    if (!sent) return;
    toast.success('Application submitted', { description: 'We will let you know as soon as it has been reviewed.' });
    await queryClient.invalidateQueries({ queryKey: driverKeys.profile });
    await refreshMe(queryClient);
  };

  return (
    <Card>
      <CardHeader>
        <span className="grid size-10 place-items-center rounded-lg bg-primary-soft text-primary">
          <FileText aria-hidden="true" className="size-5" />
        </span>
        <CardTitle as="h1" className="text-2xl">
          Driver application
        </CardTitle>
        <CardDescription>
          Apply once; our team checks your documents and approves your account. All fields are required.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-6">
          <fieldset className="grid gap-4">
            <legend className="mb-2 text-base font-semibold">Personal details</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
              <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
            </div>
            <TextField label="Phone number" type="tel" autoComplete="tel" inputMode="tel" {...field('phone')} />
          </fieldset>

          <fieldset className="grid gap-3">
            <legend className="mb-2 text-base font-semibold">Vehicle</legend>
            <div className="grid grid-cols-3 gap-2" role="radiogroup" aria-label="Vehicle type">
              {VEHICLES.map(({ value, label, icon: Icon }) => (
                <label
                  key={value}
                  className={cn(
                    'flex min-h-14 cursor-pointer flex-col items-center justify-center gap-1 rounded-md border border-input bg-card text-sm font-medium focus-within:ring-2 focus-within:ring-ring',
                    vehicleType === value && 'border-primary bg-primary-soft text-primary',
                  )}
                >
                  <input
                    type="radio"
                    name="vehicle"
                    value={value}
                    checked={vehicleType === value}
                    onChange={() => setVehicleType(value)}
                    className="sr-only"
                  />
                  <Icon aria-hidden="true" className="size-5" />
                  {label}
                </label>
              ))}
            </div>
            <TextField label="Driving licence number" autoCapitalize="characters" {...field('drivingLicenceNumber')} />
          </fieldset>

          <fieldset className="grid gap-4">
            <legend className="mb-2 text-base font-semibold">Documents</legend>
            <DocumentField
              label="Photo ID (passport or driving licence)"
              hint={DOC_HINT}
              value={docs.photoId}
              onChange={(d) => setDocs((x) => ({ ...x, photoId: d }))}
            />
            <DocumentField
              label="Right to work in the UK"
              hint={DOC_HINT}
              value={docs.rightToWork}
              onChange={(d) => setDocs((x) => ({ ...x, rightToWork: d }))}
            />
            {needsInsurance(vehicleType) ? (
              <DocumentField
                label="Vehicle insurance"
                hint={`Required for cars and scooters. ${DOC_HINT}`}
                value={docs.insurance}
                onChange={(d) => setDocs((x) => ({ ...x, insurance: d }))}
              />
            ) : (
              <p className="text-sm text-muted-foreground">No insurance document is needed for a bike.</p>
            )}
          </fieldset>

          <fieldset className="grid gap-3">
            <legend className="mb-2 text-base font-semibold">Terms</legend>
            <Check
              checked={acceptTerms}
              onChange={setAcceptTerms}
              label="I accept the HalalNosh driver terms and conditions"
            />
            <Check
              checked={acceptSafety}
              onChange={setAcceptSafety}
              label="I have read and will follow the HalalNosh safety guidelines"
            />
          </fieldset>

          {problem ? <Alert variant="destructive">{problem}</Alert> : null}
          <Button type="submit" size="lg" disabled={busy} className="w-full">
            {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
            Submit Application
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function Check({ checked, onChange, label }: { checked: boolean; onChange: (v: boolean) => void; label: string }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 size-5 shrink-0 accent-primary"
      />
      <span>{label}</span>
    </label>
  );
}
