import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from '../lib/toast';
import type { CertificateView, PartnerHalalResponse } from '../../domain/contracts/halal/partner-halal';
import { halalStatusLabel } from '../../domain/halal';
import { topicName } from '../../domain/topics';
import {
  CERTIFICATE_STATUS_LABELS,
  CERTIFYING_BODIES,
  CERTIFYING_BODY_LABELS,
  type CertificateScope,
  type CertifyingBody,
  HALAL_SCOPE_LABELS,
  HALAL_SCOPES,
  type HalalScope,
  SLAUGHTER_METHOD_LABELS,
  SLAUGHTER_METHODS,
  type SlaughterMethod,
  certificateDatesProblem,
  londonDate,
} from '../../domain/halal-facts';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-partner.generated';
import { useLiveEvents } from '../lib/live';
import { uploadFile } from '../lib/upload';
import { formatDate } from '../lib/format';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { useFormErrors } from '../ui/use-form-errors';

const key = (siteId: string) => ['partner', 'halal', siteId] as const;

/**
 * The location page's halal section (docs/decisions/0070-halal-trust.md): read-only status,
 * certificates and the declared facts. A refused field (an expired certificate's expiry date) shows
 * beside it and takes the focus; the toast says what failed (docs/decisions/0219-one-form-kit.md).
 */
export function HalalSection({ siteId }: { siteId: string }) {
  const halal = useQuery({
    queryKey: key(siteId),
    queryFn: ({ signal }) => call(endpoints.halal.getPartnerSitesBySiteIdHalal, { params: { siteId }, signal }),
  });
  // A verifier's decision, an expiry or a suspension shows up while the page is open.
  useLiveEvents([topicName.site(siteId)], {
    refetch: [key(siteId)],
    refetchOn: ['halal.certificate', 'halal.facts', 'halal.status'],
  });
  if (!halal.data) return null;
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>Halal certification</CardTitle>
        <CardDescription>
          Status: <Badge variant="outline">{halalStatusLabel(halal.data.halalStatus)}</Badge>
          {halal.data.lastVerifiedAt ? ` · last verified ${formatDate(halal.data.lastVerifiedAt)}` : ''}. Only HalalNosh
          sets the halal status, after checking a certificate.
        </CardDescription>
        {halal.data.renewsSoon ? (
          <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <strong>Certificate renews soon</strong>: upload the renewed certificate before the current one expires to
            stay Halal Verified.
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-8 lg:grid-cols-2">
        <div className="grid content-start gap-6">
          <CertificateForm siteId={siteId} items={halal.data.items} />
          <CertificateList certificates={halal.data.certificates} />
        </div>
        <FactsForm key={halal.data.facts.updatedAt ?? 'new'} data={halal.data} />
      </CardContent>
    </Card>
  );
}

function ItemChecklist({
  legend,
  items,
  chosen,
  onChange,
  error,
  errorId,
}: {
  legend: string;
  items: PartnerHalalResponse['items'];
  chosen: string[];
  onChange: (ids: string[]) => void;
  error?: string;
  errorId: string;
}) {
  return (
    <fieldset className="grid gap-1 rounded-md border p-3" aria-describedby={error ? errorId : undefined}>
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      {items.length === 0 ? <p className="text-sm text-muted-foreground">The menu has no items yet.</p> : null}
      {items.map((item) => (
        <label key={item.id} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={chosen.includes(item.id)}
            aria-invalid={error ? true : undefined}
            onChange={(e) => onChange(e.target.checked ? [...chosen, item.id] : chosen.filter((id) => id !== item.id))}
          />
          {item.name}
        </label>
      ))}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

const CERTIFICATE_FIELDS = [
  'certifyingBody',
  'certifyingBodyOther',
  'certificateNumber',
  'issuedOn',
  'expiresOn',
  'file',
  'scope',
  'itemIds',
] as const;

function CertificateForm({ siteId, items }: { siteId: string; items: PartnerHalalResponse['items'] }) {
  const queryClient = useQueryClient();
  const [body, setBody] = useState<CertifyingBody>('hmc');
  const [other, setOther] = useState('');
  const [number, setNumber] = useState('');
  const [issuedOn, setIssuedOn] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [scope, setScope] = useState<CertificateScope>('whole_menu');
  const [itemIds, setItemIds] = useState<string[]>([]);
  // The upload is named `uploadId` by the server and is the file field here; the toast carries the rest.
  const { formRef, errors, busy, check, submit } = useFormErrors(CERTIFICATE_FIELDS, { paths: { uploadId: 'file' } });
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const dates = issuedOn && expiresOn ? certificateDatesProblem(issuedOn, expiresOn, londonDate(new Date())) : null;
    const filled = check({
      certifyingBodyOther: body === 'other' && !other.trim() ? 'Enter the name of the certifying body' : undefined,
      certificateNumber: number.trim() ? undefined : 'Enter the certificate number',
      issuedOn: issuedOn ? (dates?.field === 'issuedOn' ? dates.message : undefined) : 'Enter a date as YYYY-MM-DD',
      expiresOn: expiresOn ? (dates?.field === 'expiresOn' ? dates.message : undefined) : 'Enter a date as YYYY-MM-DD',
      file: file ? undefined : 'Choose the certificate document (PDF or image)',
      itemIds: scope === 'listed_items' && !itemIds.length ? 'Choose the items the certificate covers' : undefined,
    });
    if (!filled || !file) return;
    const sent = await submit(
      async () => {
        const upload = await uploadFile(file, {
          purpose: 'halal_certificate',
          failedMessage: 'Failed to upload the certificate',
        });
        await call(endpoints.halal.postPartnerSitesBySiteIdHalalCertificates, {
          params: { siteId },
          body: {
            certifyingBody: body,
            ...(body === 'other' ? { certifyingBodyOther: other } : {}),
            certificateNumber: number,
            issuedOn,
            expiresOn,
            uploadId: upload.id,
            scope,
            itemIds: scope === 'listed_items' ? itemIds : [],
          },
        });
      },
      (_error, shown) => toast.error('Error submitting certificate', { description: shown.form ?? undefined }),
    );
    if (!sent) return;
    toast.success('Certificate submitted', { description: 'HalalNosh will review it shortly.' });
    setNumber('');
    setFile(null);
    await queryClient.invalidateQueries({ queryKey: key(siteId) });
  };
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-3" aria-labelledby="halal-cert-heading">
      <h3 id="halal-cert-heading" className="font-semibold">
        Submit a certificate
      </h3>
      <SelectField
        label="Certifying body"
        value={body}
        onChange={(e) => setBody(e.target.value as CertifyingBody)}
        error={errors.certifyingBody}
        options={CERTIFYING_BODIES.map((b) => ({ value: b, label: CERTIFYING_BODY_LABELS[b] }))}
      />
      {body === 'other' ? (
        <TextField
          label="Name of the certifying body"
          value={other}
          onChange={(e) => setOther(e.target.value)}
          error={errors.certifyingBodyOther}
          required
        />
      ) : null}
      <TextField
        label="Certificate number"
        value={number}
        onChange={(e) => setNumber(e.target.value)}
        error={errors.certificateNumber}
        required
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Issue date"
          type="date"
          value={issuedOn}
          onChange={(e) => setIssuedOn(e.target.value)}
          error={errors.issuedOn}
          required
        />
        <TextField
          label="Expiry date"
          type="date"
          value={expiresOn}
          onChange={(e) => setExpiresOn(e.target.value)}
          error={errors.expiresOn}
          required
        />
      </div>
      <TextField
        label="Certificate document (PDF or image)"
        type="file"
        accept="application/pdf,image/png,image/jpeg,image/webp"
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        error={errors.file}
        required
      />
      <SelectField
        label="Scope"
        value={scope}
        onChange={(e) => setScope(e.target.value as CertificateScope)}
        error={errors.scope}
        options={[
          { value: 'whole_menu', label: 'Whole menu' },
          { value: 'listed_items', label: 'Listed items only' },
        ]}
      />
      {scope === 'listed_items' ? (
        <ItemChecklist
          legend="Items the certificate covers"
          items={items}
          chosen={itemIds}
          onChange={setItemIds}
          error={errors.itemIds}
          errorId="halal-cert-items-error"
        />
      ) : null}
      <Button type="submit" className="justify-self-start" disabled={busy}>
        {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
        Submit Certificate
      </Button>
    </form>
  );
}

function CertificateList({ certificates }: { certificates: CertificateView[] }) {
  if (!certificates.length) return <p className="text-sm text-muted-foreground">No certificates submitted yet.</p>;
  return (
    <section aria-labelledby="halal-certs-heading" className="grid gap-2">
      <h3 id="halal-certs-heading" className="font-semibold">
        Your certificates
      </h3>
      <ul className="grid gap-2">
        {certificates.map((c) => (
          <li key={c.id} className="rounded-md border p-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium">
                {c.certifyingBodyName} · {c.certificateNumber}
              </span>
              <Badge
                variant={c.status === 'approved' ? 'secondary' : c.status === 'rejected' ? 'destructive' : 'outline'}
              >
                {CERTIFICATE_STATUS_LABELS[c.status]}
              </Badge>
            </div>
            <p className="text-muted-foreground">
              Valid {formatDate(c.issuedOn)} to {formatDate(c.expiresOn)} ·{' '}
              <a className="underline" href={c.documentUrl} target="_blank" rel="noreferrer">
                Document
              </a>
            </p>
            {c.rejectionReason ? <p className="text-destructive">Reason: {c.rejectionReason}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

const FACTS_FIELDS = ['alcoholServed', 'porkOnPremises', 'slaughterMethod', 'halalScope', 'halalItemIds'] as const;

function FactsForm({ data }: { data: PartnerHalalResponse }) {
  const queryClient = useQueryClient();
  const [alcohol, setAlcohol] = useState(data.facts.alcoholServed);
  const [pork, setPork] = useState(data.facts.porkOnPremises);
  const [slaughter, setSlaughter] = useState<SlaughterMethod>(data.facts.slaughterMethod);
  const [scope, setScope] = useState<HalalScope>(data.facts.halalScope);
  const [itemIds, setItemIds] = useState<string[]>(data.halalItemIds);
  const { formRef, errors, busy, submit } = useFormErrors(FACTS_FIELDS);
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    await submit(
      async () => {
        const saved = await call(endpoints.halal.putPartnerSitesBySiteIdHalalFacts, {
          params: { siteId: data.siteId },
          body: {
            alcoholServed: alcohol,
            porkOnPremises: pork,
            slaughterMethod: slaughter,
            halalScope: scope,
            halalItemIds: scope === 'some_items' ? itemIds : [],
          },
        });
        queryClient.setQueryData(key(data.siteId), saved);
        toast.success('Halal facts saved');
      },
      (_error, shown) => toast.error('Error saving halal facts', { description: shown.form ?? undefined }),
    );
  };
  return (
    <form
      ref={formRef}
      noValidate
      className="grid content-start gap-3"
      aria-labelledby="halal-facts-heading"
      onSubmit={onSubmit}
    >
      <h3 id="halal-facts-heading" className="font-semibold">
        Halal facts shown to customers
      </h3>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={alcohol} onChange={(e) => setAlcohol(e.target.checked)} />
        Alcohol is served on the premises
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={pork} onChange={(e) => setPork(e.target.checked)} />
        Pork is on the premises
      </label>
      <SelectField
        label="Meat slaughter method (as declared)"
        value={slaughter}
        onChange={(e) => setSlaughter(e.target.value as SlaughterMethod)}
        error={errors.slaughterMethod}
        options={SLAUGHTER_METHODS.map((m) => ({ value: m, label: SLAUGHTER_METHOD_LABELS[m] }))}
      />
      <SelectField
        label="Halal menu"
        value={scope}
        onChange={(e) => setScope(e.target.value as HalalScope)}
        error={errors.halalScope}
        options={HALAL_SCOPES.map((s) => ({ value: s, label: HALAL_SCOPE_LABELS[s] }))}
      />
      {scope === 'some_items' ? (
        <ItemChecklist
          legend="Halal items"
          items={data.items}
          chosen={itemIds}
          onChange={setItemIds}
          error={errors.halalItemIds}
          errorId="halal-facts-items-error"
        />
      ) : null}
      <Button type="submit" className="justify-self-start" disabled={busy}>
        {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
        Save Halal Facts
      </Button>
    </form>
  );
}
