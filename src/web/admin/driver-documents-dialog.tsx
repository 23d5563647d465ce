import { useQuery } from '@tanstack/react-query';
import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import Download from 'lucide-react/icons/download';
import FileX from 'lucide-react/icons/file-x';
import type { DriverDocument, DriverDocumentsResponse } from '../../domain/contracts/admin/drivers';
import {
  DRIVER_DOCUMENT_LABELS,
  type DriverDocumentKind,
  INCOMPLETE_APPLICATION_WARNING,
  driverActionsFor,
} from '../../domain/driver-approval';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-admin.generated';
import { formatDateTime } from '../lib/format';
import { Alert } from '../ui/alert';
import { Button, buttonClasses } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import { adminKeys } from './admin-api';
import { LoadFailed } from './admin-states';
import { DriverStatusBadge } from './driver-status-badge';
import { useDriverAction } from './use-driver-action';

function driverName(d: DriverDocumentsResponse['driver']): string {
  return [d.firstName, d.lastName].filter(Boolean).join(' ') || d.displayName || d.email;
}

/** One document: a preview (image, or the PDF in a frame) with Download, or the fallback when it cannot be shown. */
function DocumentPanel({
  kind,
  doc,
  required,
}: {
  kind: DriverDocumentKind;
  doc: DriverDocument | undefined;
  required: boolean;
}) {
  const label = DRIVER_DOCUMENT_LABELS[kind];
  return (
    <section aria-label={label} className="grid gap-2 rounded-md border border-border p-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">{label}</h3>
        {doc ? (
          <a
            href={doc.url}
            download={`${kind}`}
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
            aria-label={`Download ${label}`}
          >
            <Download aria-hidden="true" />
            Download
          </a>
        ) : null}
      </div>
      {!doc ? (
        <div className="flex min-h-32 flex-col items-center justify-center gap-2 rounded bg-muted p-4 text-center text-sm text-muted-foreground">
          <FileX aria-hidden="true" className="size-6" />
          {required ? 'Not uploaded' : 'Not needed for a bike'}
        </div>
      ) : doc.contentType.startsWith('image/') ? (
        <img
          src={doc.url}
          alt={`${label} uploaded by the driver`}
          className="max-h-72 w-full rounded bg-muted object-contain"
        />
      ) : (
        <iframe
          src={doc.previewUrl}
          title={`${label} (PDF)`}
          className="h-72 w-full rounded border border-border bg-muted"
        >
          <p className="p-4 text-sm">This PDF cannot be previewed here. Use Download to open it.</p>
        </iframe>
      )}
      {doc ? <p className="text-xs text-muted-foreground">Uploaded {formatDateTime(doc.uploadedAt)}</p> : null}
    </section>
  );
}

/** "View Documents": Photo ID, Right to Work and Vehicle Insurance, the missing-documents warning, and the status actions. */
export function DriverDocumentsDialog({ driverId, onClose }: { driverId: string | null; onClose: () => void }) {
  const docs = useQuery({
    queryKey: adminKeys.driverDocuments(driverId ?? ''),
    queryFn: ({ signal }) =>
      call(endpoints.admin.getAdminDriversByDriverIdDocuments, { params: { driverId: driverId! }, signal }),
    enabled: !!driverId,
  });
  const action = useDriverAction(onClose);
  const d = docs.data;
  const kinds: DriverDocumentKind[] = ['photo_id', 'right_to_work', 'insurance'];
  return (
    <Dialog
      open={!!driverId}
      onClose={onClose}
      title={d ? `Documents: ${driverName(d.driver)}` : 'Driver documents'}
      description="Check each document before deciding on the application."
      className="max-w-5xl!"
    >
      {docs.isPending ? (
        <Spinner label="Loading documents" />
      ) : docs.isError ? (
        <LoadFailed
          title="Failed to load admin data"
          message={docs.error.message}
          onRetry={() => void docs.refetch()}
        />
      ) : (
        <div className="grid gap-4">
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <DriverStatusBadge status={d!.driver.status} />
            <span>Vehicle: {d!.driver.vehicleType ?? '-'}</span>
            <span>Licence: {d!.driver.drivingLicenceNumber ?? '-'}</span>
          </div>
          {d!.missing.length ? (
            <Alert variant="warning" className="flex items-start gap-2">
              <AlertTriangle aria-hidden="true" className="mt-0.5 shrink-0" />
              <span>{INCOMPLETE_APPLICATION_WARNING}</span>
            </Alert>
          ) : null}
          <div className="grid gap-3 md:grid-cols-3">
            {kinds.map((kind) => (
              <DocumentPanel
                key={kind}
                kind={kind}
                doc={d!.documents.find((x) => x.kind === kind)}
                required={d!.required.includes(kind)}
              />
            ))}
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
            {driverActionsFor(d!.driver.status).map((a) => (
              <Button
                key={a.action}
                variant={a.to === 'approved' ? 'default' : 'destructive'}
                disabled={action.isPending}
                onClick={() => action.mutate({ driverId: d!.driver.id, action: a.action })}
              >
                {a.label}
              </Button>
            ))}
          </div>
        </div>
      )}
    </Dialog>
  );
}
