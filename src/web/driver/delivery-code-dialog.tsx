import { type FormEvent, useState } from 'react';
import { DELIVERY_MESSAGES, isFourDigitCode } from '../../domain/driver-flow';
import { isUnreachable } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-driver.generated';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { FormAlert } from '../ui/form-alert';
import { Spinner } from '../ui/spinner';
import { useFormErrors } from '../ui/use-form-errors';
import { CodeBoxes } from './code-boxes';

/**
 * "Complete Delivery", step one: the customer's 4-digit code, checked by the server. A wrong code
 * (the server names `code`) shows under the boxes; too many tries, in the form's alert; no answer
 * at all reads "Failed to verify code".
 */
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
  const { formRef, errors, formError, busy, check, submit, clear } = useFormErrors(['code'], {
    unexpected: DELIVERY_MESSAGES.verifyFailed,
  });

  const close = () => {
    setCode('');
    clear();
    onClose();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!check({ code: isFourDigitCode(code) ? undefined : DELIVERY_MESSAGES.invalidCode })) return;
    const verified = await submit(() =>
      call(endpoints.dispatch.postDriverJobsByJobIdVerifyCode, { params: { jobId }, body: { code } }).catch(
        (error: unknown) => {
          // No connection or a server failure is no answer about the code: the kit's "unexpected" text.
          throw isUnreachable(error) ? new Error('The code could not be checked') : error;
        },
      ),
    );
    setCode('');
    if (verified) onVerified(code);
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Enter Delivery Code"
      description="Ask the customer for the 4-digit code shown on their order page."
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
        <CodeBoxes value={code} onChange={setCode} label="Customer's delivery code" error={errors.code} />
        <FormAlert message={formError} />
        <Button type="submit" size="lg" className="w-full" disabled={busy || code.length !== 4}>
          {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
          Verify Code
        </Button>
      </form>
    </Dialog>
  );
}
