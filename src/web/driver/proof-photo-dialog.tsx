import Camera from 'lucide-react/icons/camera';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { DELIVERY_MESSAGES } from '../../domain/driver-flow';
import { isUnreachable } from '../lib/api';
import { cn } from '../lib/cn';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { FormAlert } from '../ui/form-alert';
import { Spinner } from '../ui/spinner';
import { useFormErrors } from '../ui/use-form-errors';
import { type CashEntry, useCashEntry } from './cash-to-collect';
import { toProofJpeg } from './to-jpeg';

const FIELDS = ['photo', 'cashCollectedMinor', 'cashReason'] as const;

/**
 * "Complete Delivery", step two: the proof-of-delivery photo. On a phone the file input opens
 * the back camera; elsewhere it is a file picker. The photo becomes a JPEG as soon as it is
 * chosen, so a file that is no photo shows its message under the control at once. The form kit
 * (docs/decisions/0219-one-form-kit.md) puts the upload's refusal of the file (`file`) and the
 * completion's of `proofUploadId` under the photo, `cashCollectedMinor` under the amount, and the
 * rest (a code that no longer matches) in the form's alert; no answer at all reads "Failed to
 * update job status".
 */
export function ProofPhotoDialog({
  open,
  cashTotalMinor,
  onClose,
  onConfirm,
}: {
  open: boolean;
  /** The order total the driver was told to collect in cash. */
  cashTotalMinor: number;
  onClose: () => void;
  /** Uploads the JPEG and completes the delivery with the cash taken; rejects with the API's error on failure. */
  onConfirm: (jpeg: Blob, cash: CashEntry) => Promise<void>;
}) {
  const inputId = useId();
  const photoErrorId = `${inputId}-error`;
  const [photo, setPhoto] = useState<File | null>(null);
  const [jpeg, setJpeg] = useState<Blob | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const { formRef, errors, formError, busy, check, submit, clear } = useFormErrors(FIELDS, {
    paths: { file: 'photo', proofUploadId: 'photo' },
    unexpected: DELIVERY_MESSAGES.updateFailed,
  });
  const cashEntry = useCashEntry(cashTotalMinor, errors, clear);

  useEffect(() => {
    if (!photo) return;
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const onPhoto = async (file: File | null) => {
    clear();
    setPhoto(file);
    setJpeg(null);
    if (!file) return;
    try {
      setJpeg(await toProofJpeg(file));
    } catch {
      // Not a picture the browser can draw (a PDF, a text file): refused before anything is sent.
      setPhoto(null);
      setPreview(null);
      check({ photo: DELIVERY_MESSAGES.photoFailed });
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!jpeg) return;
    const cash = cashEntry.read();
    if (!check(cash.errors) || !cash.entry) return;
    const entry = cash.entry;
    await submit(() =>
      onConfirm(jpeg, entry).catch((error: unknown) => {
        // No connection or a server failure says nothing about the fields: the kit's "unexpected" text.
        throw isUnreachable(error) ? new Error('The delivery could not be completed') : error;
      }),
    );
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? () => undefined : onClose}
      title="Proof of Delivery"
      description={DELIVERY_MESSAGES.proofPrompt}
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
        <div className="grid gap-2">
          <label
            htmlFor={inputId}
            className={cn(
              'grid min-h-40 cursor-pointer place-items-center overflow-hidden rounded-lg border-2 border-dashed border-input bg-muted text-sm text-muted-foreground focus-within:ring-2 focus-within:ring-ring',
              errors.photo && 'border-destructive',
            )}
          >
            {preview ? (
              <img src={preview} alt="The delivery photo you took" className="max-h-72 w-full object-contain" />
            ) : (
              <span className="grid place-items-center gap-2 p-6 text-center">
                <Camera aria-hidden="true" className="size-8" />
                <span className="font-medium text-foreground">Take Photo</span>
              </span>
            )}
            <input
              id={inputId}
              type="file"
              accept="image/jpeg,image/*"
              capture="environment"
              aria-label="Delivery photo"
              aria-invalid={errors.photo ? true : undefined}
              aria-describedby={errors.photo ? photoErrorId : undefined}
              className="sr-only"
              onChange={(e) => {
                const file = e.target.files?.[0] ?? null;
                // Emptied, so choosing the same file again after a refusal is a change again.
                e.target.value = '';
                void onPhoto(file);
              }}
            />
          </label>
          {errors.photo ? (
            <p id={photoErrorId} role="alert" className="text-sm text-destructive">
              {errors.photo}
            </p>
          ) : null}
        </div>
        {cashEntry.fields}
        <FormAlert message={formError} />
        <Button type="submit" size="lg" className="w-full" disabled={!jpeg || busy}>
          {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
          {busy ? 'Completing Delivery...' : 'Confirm Delivery'}
        </Button>
      </form>
    </Dialog>
  );
}
