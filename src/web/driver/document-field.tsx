import CircleCheck from 'lucide-react/icons/circle-check';
import Upload from 'lucide-react/icons/upload';
import { useId, useState } from 'react';
import { toast } from '../lib/toast';
import { ApiError } from '../lib/api';
import { cn } from '../lib/cn';
import { uploadFile } from '../lib/upload';
import { Spinner } from '../ui/spinner';
import { UploadProgress } from '../ui/upload-progress';
import { useFormErrors } from '../ui/use-form-errors';

export type UploadedDocument = { id: string; name: string };

/**
 * One application document: chosen, then uploaded at once to private storage (only the driver and
 * the admins who approve drivers can open it). The server checks the file's real type and size.
 */
export function DocumentField({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  value: UploadedDocument | null;
  onChange: (doc: UploadedDocument | null) => void;
}) {
  const id = useId();
  const [sent, setSent] = useState(0);
  // The form kit (docs/decisions/0219-one-form-kit.md): a refusal of the file (its type or size,
  // the upload's `file` field) shows under this control; anything else in the "Upload failed" toast.
  const { errors, busy, submit } = useFormErrors(['file']);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setSent(0);
    await submit(
      async () => {
        const stored = await uploadFile(file, { purpose: 'driver_document', filename: file.name, onProgress: setSent });
        onChange({ id: stored.id, name: file.name });
      },
      (error, shown) => {
        onChange(null);
        if (!shown.fields.file)
          toast.error('Upload failed', {
            description: error instanceof ApiError ? error.message : 'Please try again.',
          });
      },
    );
  };

  return (
    <div className="grid gap-2">
      <span id={`${id}-label`} className="text-sm font-medium">
        {label}
      </span>
      <label
        htmlFor={id}
        className={cn(
          'flex min-h-14 cursor-pointer items-center gap-3 rounded-md border border-dashed border-input bg-card px-4 py-3 text-sm',
          'focus-within:ring-2 focus-within:ring-ring hover:bg-muted',
          value && 'border-solid border-primary bg-primary-soft',
          errors.file && 'border-destructive',
        )}
      >
        {busy ? (
          <Spinner className="size-5" label="Uploading" />
        ) : value ? (
          <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-primary" />
        ) : (
          <Upload aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
        )}
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium">
            {value ? value.name : busy ? 'Uploading...' : 'Choose a file or take a photo'}
          </span>
          <span className="block text-xs text-muted-foreground">{value ? 'Uploaded. Tap to replace it.' : hint}</span>
        </span>
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp,application/pdf"
          aria-labelledby={`${id}-label`}
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={errors.file ? `${id}-error` : undefined}
          className="sr-only"
          disabled={busy}
          onChange={(e) => {
            void onFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
      {busy ? <UploadProgress value={sent} /> : null}
      {errors.file ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {errors.file}
        </p>
      ) : null}
    </div>
  );
}
