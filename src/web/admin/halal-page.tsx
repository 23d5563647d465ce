import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../lib/toast';
import type { AdminCertificateView } from '../../domain/contracts/halal/admin-halal';
import { halalStatusLabel } from '../../domain/halal';
import { CERTIFICATE_STATUS_LABELS, CERTIFICATE_STATUSES } from '../../domain/halal-facts';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
import { formatDate } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';

type Filter = (typeof CERTIFICATE_STATUSES)[number] | 'all';
const listKey = (status: Filter) => ['admin', 'halal', 'certificates', status] as const;

/** /admin/halal: halal verifiers review certificates (document preview, approve, reject with a reason). */
export function HalalPage() {
  useDocumentTitle('Halal Verification');
  const [status, setStatus] = useState<Filter>('pending');
  const list = useQuery({
    queryKey: listKey(status),
    queryFn: ({ signal }) => call(endpoints.halal.getAdminHalalCertificates, { query: { status }, signal }),
  });
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Halal Verification</h1>
          <p className="text-sm text-muted-foreground">
            Check each certificate against its document before approving. Approval makes the location Halal Verified.
          </p>
        </div>
        <SelectField
          label="Show"
          value={status}
          onChange={(e) => setStatus(e.target.value as Filter)}
          options={[
            ...CERTIFICATE_STATUSES.map((s) => ({ value: s, label: CERTIFICATE_STATUS_LABELS[s] })),
            { value: 'all', label: 'All' },
          ]}
        />
      </div>
      {list.isPending ? <Spinner label="Loading certificates" /> : null}
      {list.data && list.data.certificates.length === 0 ? (
        <p className="text-muted-foreground">No certificates here.</p>
      ) : null}
      <div className="grid gap-4">
        {list.data?.certificates.map((c) => (
          <CertificateCard key={c.id} cert={c} />
        ))}
      </div>
    </div>
  );
}

function CertificateCard({ cert }: { cert: AdminCertificateView }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [showPreview, setShowPreview] = useState(false);
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'reject') =>
      decision === 'approve'
        ? call(endpoints.halal.postAdminHalalCertificatesByCertificateIdApprove, { params: { certificateId: cert.id } })
        : call(endpoints.halal.postAdminHalalCertificatesByCertificateIdReject, {
            params: { certificateId: cert.id },
            body: { reason },
          }),
    onSuccess: async (_data, decision) => {
      toast.success(
        decision === 'approve' ? `Certificate approved: ${cert.siteName} is Halal Verified` : 'Certificate rejected',
      );
      await queryClient.invalidateQueries({ queryKey: ['admin', 'halal'] });
    },
    onError: (error) => toast.error('Could not record the decision', { description: error.message }),
  });
  const title = `${cert.brandName} (${cert.siteName})`;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex flex-wrap items-center gap-2 text-lg">
          {title}
          <Badge variant="outline">{halalStatusLabel(cert.halalStatus)}</Badge>
          <Badge
            variant={cert.status === 'approved' ? 'secondary' : cert.status === 'rejected' ? 'destructive' : 'outline'}
          >
            {CERTIFICATE_STATUS_LABELS[cert.status]}
          </Badge>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
          <div>
            <dt className="inline font-medium">Certifying body: </dt>
            <dd className="inline">{cert.certifyingBodyName}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Certificate number: </dt>
            <dd className="inline">{cert.certificateNumber}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Issued: </dt>
            <dd className="inline">{formatDate(cert.issuedOn)}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Valid until: </dt>
            <dd className="inline">{formatDate(cert.expiresOn)}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Scope: </dt>
            <dd className="inline">
              {cert.scope === 'whole_menu' ? 'Whole menu' : `${cert.itemIds.length} listed items`}
            </dd>
          </div>
          <div>
            <dt className="inline font-medium">Submitted: </dt>
            <dd className="inline">{formatDate(cert.createdAt)}</dd>
          </div>
        </dl>
        {cert.rejectionReason ? <p className="text-destructive">Rejected: {cert.rejectionReason}</p> : null}
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" aria-expanded={showPreview} onClick={() => setShowPreview((v) => !v)}>
            {showPreview ? 'Hide Document' : 'View Document'}
          </Button>
          <a
            className="inline-flex items-center text-sm font-semibold text-primary underline-offset-4 hover:underline"
            href={cert.documentUrl}
            download
          >
            Download
          </a>
        </div>
        {showPreview ? (
          cert.contentType === 'application/pdf' ? (
            <iframe title={`Certificate of ${title}`} src={cert.previewUrl} className="h-96 w-full rounded-md border" />
          ) : (
            <img
              src={cert.documentUrl}
              alt={`Certificate of ${title}`}
              className="max-h-96 rounded-md border object-contain"
            />
          )
        ) : null}
        {cert.status === 'pending' ? (
          <div className="flex flex-wrap items-end gap-2">
            <Button onClick={() => decide.mutate('approve')} disabled={decide.isPending}>
              Approve Certificate
            </Button>
            <TextField
              label="Reason for rejecting"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              containerClassName="min-w-64 flex-1"
            />
            <Button
              variant="destructive"
              onClick={() => decide.mutate('reject')}
              disabled={decide.isPending || reason.trim().length < 3}
            >
              Reject
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
