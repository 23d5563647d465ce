import ImagePlus from 'lucide-react/icons/image-plus';
import Trash2 from 'lucide-react/icons/trash';
import { useId, useRef, useState } from 'react';
import { toast } from '../lib/toast';
import { IMAGE_ACCEPT, checkImageFile } from '../../domain/menu';
import { ApiError } from '../lib/api';
import { uploadFile } from '../lib/upload';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { UploadProgress } from '../ui/upload-progress';

/** The product's toast for a refused or failed upload, from the server's answer. */
function uploadFailure(error: unknown): void {
  if (error instanceof ApiError && error.code === 'UNSUPPORTED_MEDIA_TYPE') {
    toast.error('Invalid file type', { description: 'Please select a valid image file' });
  } else if (error instanceof ApiError && error.code === 'PAYLOAD_TOO_LARGE') {
    toast.error('File too large', { description: 'Please select an image smaller than 5MB' });
  } else if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    // The server's own reason: too many pixels, too many uploads, or no submitted location yet
    // (docs/product/partner.md#menu-manager).
    toast.error('Upload failed', { description: error.message });
  } else {
    toast.error('Upload failed', { description: 'Failed to upload image' });
  }
}

/**
 * An image picked from the device: checked here first (type, name, 5 MB), then uploaded; the
 * server checks the content again, resizes it and answers with its address.
 */
export function ImageUpload({
  label,
  value,
  onChange,
  purpose,
}: {
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
  purpose: 'menu_image' | 'brand_logo';
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(0);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return;
    }
    setBusy(true);
    setSent(0);
    try {
      const stored = await uploadFile(file, { purpose, onProgress: setSent, failedMessage: 'Failed to upload image' });
      onChange(stored.url);
      toast.success('Image uploaded successfully.');
    } catch (error) {
      uploadFailure(error);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="grid gap-2">
      <span id={`${id}-label`} className="text-sm font-medium leading-none">
        {label} <span className="font-normal text-muted-foreground">(optional)</span>
      </span>
      <div className="flex items-center gap-3">
        <div className="grid size-20 shrink-0 place-items-center overflow-hidden rounded-md border border-border bg-muted">
          {value ? (
            <img src={value} alt={`${label} preview`} className="size-full object-cover" />
          ) : (
            <ImagePlus aria-hidden="true" className="size-6 text-muted-foreground" />
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            id={id}
            type="file"
            accept={IMAGE_ACCEPT}
            className="sr-only"
            aria-labelledby={`${id}-label`}
            onChange={(e) => void onFile(e.target.files?.[0])}
            disabled={busy}
          />
          <Button
            variant="outline"
            size="sm"
            onClick={() => input.current?.click()}
            disabled={busy}
            aria-describedby={`${id}-hint`}
          >
            {busy ? <Spinner className="size-4" /> : <ImagePlus aria-hidden="true" />}
            {busy ? 'Uploading...' : value ? 'Replace image' : 'Upload image'}
          </Button>
          {value ? (
            <Button variant="ghost" size="sm" onClick={() => onChange(null)} disabled={busy}>
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          ) : null}
        </div>
      </div>
      {busy ? <UploadProgress value={sent} className="max-w-xs" /> : null}
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        JPEG, JPG, PNG, GIF or WebP, up to 5MB.
      </p>
    </div>
  );
}
