import { type FormEvent, useState } from 'react';
import { DELIVERY_MESSAGES, isFourDigitCode } from '../../domain/driver-flow';
import { ApiError } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import { CodeBoxes } from './code-boxes';

/** "Complete Delivery", step one: the customer's 4-digit code, checked by the server. */
export function DeliveryCodeDialog({
  jobId,
  open,
  onClose,
  onVerified,
}: {
  jobId: string;
  open: boolean;
  onClose: () => void;
  onVerified: (code: string) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setCode('');
    setError(null);
    onClose();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isFourDigitCode(code)) {
      setError(DELIVERY_MESSAGES.invalidCode);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await call(endpoints.dispatch.postDriverJobsByJobIdVerifyCode, { params: { jobId }, body: { code } });
      setCode('');
      onVerified(code);
    } catch (err) {
      setError(
        err instanceof ApiError && err.status < 500 && err.status > 0 ? err.message : DELIVERY_MESSAGES.verifyFailed,
      );
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Enter Delivery Code"
      description="Ask the customer for the 4-digit code shown on their order page."
    >
      <form onSubmit={onSubmit} className="grid gap-4">
        <CodeBoxes value={code} onChange={setCode} label="Customer's delivery code" invalid={!!error} />
        {error ? <Alert variant="destructive">{error}</Alert> : null}
        <Button type="submit" size="lg" className="w-full" disabled={busy || code.length !== 4}>
          {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
          Verify Code
        </Button>
      </form>
    </Dialog>
  );
}
