import Camera from 'lucide-react/icons/camera';
import { useEffect, useId, useState } from 'react';
import { DELIVERY_MESSAGES } from '../../domain/driver-flow';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import { type CashEntry, useCashEntry } from './cash-to-collect';
import { toProofJpeg } from './to-jpeg';

/**
 * "Complete Delivery", step two: the proof-of-delivery photo. On a phone the file input opens
 * the back camera; elsewhere it is a file picker. The photo becomes a JPEG before it is sent.
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
  /** Uploads the JPEG and completes the delivery with the cash taken; throws with a message to show on failure. */
  onConfirm: (jpeg: Blob, cash: CashEntry) => Promise<void>;
}) {
  const inputId = useId();
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cashEntry = useCashEntry(cashTotalMinor);

  useEffect(() => {
    if (!photo) return;
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const onSubmit = async () => {
    if (!photo) return;
    const cash = cashEntry.check();
    if (!cash) return;
    setBusy(true);
    setError(null);
    let jpeg: Blob;
    try {
      jpeg = await toProofJpeg(photo);
    } catch {
      setError(DELIVERY_MESSAGES.photoFailed);
      setBusy(false);
      return;
    }
    try {
      await onConfirm(jpeg, cash);
    } catch (err) {
      setError(err instanceof Error ? err.message : DELIVERY_MESSAGES.updateFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? () => undefined : onClose}
      title="Proof of Delivery"
      description={DELIVERY_MESSAGES.proofPrompt}
    >
      <div className="grid gap-4">
        <label
          htmlFor={inputId}
          className="grid min-h-40 cursor-pointer place-items-center overflow-hidden rounded-lg border-2 border-dashed border-input bg-muted text-sm text-muted-foreground focus-within:ring-2 focus-within:ring-ring"
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
            className="sr-only"
            onChange={(e) => {
              setError(null);
              setPhoto(e.target.files?.[0] ?? null);
            }}
          />
        </label>
        {cashEntry.fields}
        {error ? <Alert variant="destructive">{error}</Alert> : null}
        <Button size="lg" className="w-full" disabled={!photo || busy} onClick={() => void onSubmit()}>
          {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
          {busy ? 'Completing Delivery...' : 'Confirm Delivery'}
        </Button>
      </div>
    </Dialog>
  );
}
