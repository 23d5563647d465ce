import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  JOB_RETURN_NOTE_MAX,
  JOB_RETURN_REASONS,
  JOB_RETURN_REASON_LABELS,
  type JobReturnReason,
} from '../../domain/job-returns';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-driver.generated';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import { TextareaField } from '../ui/textarea';
import { FormAlert } from '../ui/form-alert';
import { useFormErrors } from '../ui/use-form-errors';

/**
 * "Can't do this job" (docs/product/driver.md#cant-do-this-job): the driver picks a reason (and
 * says why for "Other") and gives the job back; it is on the board again at once.
 */
export function ReturnJobDialog({
  jobId,
  open,
  onClose,
  onReturned,
}: {
  jobId: string;
  open: boolean;
  onClose: () => void;
  onReturned: (message: string) => void;
}) {
  const [reason, setReason] = useState<JobReturnReason | null>(null);
  const [note, setNote] = useState('');
  // A missing reason marks the reasons; a note the server refuses shows under the note; the rest in the alert.
  const { formRef, errors, formError, check, fail } = useFormErrors(['reason', 'note']);
  const send = useMutation({
    mutationFn: () =>
      call(endpoints.dispatch.postDriverJobsByJobIdReturn, {
        params: { jobId },
        body: { reason: reason!, ...(note.trim() ? { note: note.trim() } : {}) },
      }),
    onSuccess: (res) => onReturned(res.message),
    onError: (err) => fail(err),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ok = check({
      reason: reason ? undefined : 'Please choose a reason',
      note: reason === 'other' && !note.trim() ? 'Please say in a few words why' : undefined,
    });
    if (ok) send.mutate();
  };

  return (
    <Dialog
      open={open}
      onClose={send.isPending ? () => undefined : onClose}
      title="Give this job back?"
      description="The job goes back on the board for other drivers at once. Returned jobs are counted on your record."
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
        <fieldset className="grid gap-2" aria-describedby={errors.reason ? 'return-reason-error' : undefined}>
          <legend className="mb-1 text-sm font-medium">Reason</legend>
          {JOB_RETURN_REASONS.map((r) => (
            <label
              key={r}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
            >
              <input
                type="radio"
                name="return-reason"
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
                aria-invalid={errors.reason ? true : undefined}
                className="size-4 accent-primary"
              />
              {JOB_RETURN_REASON_LABELS[r]}
            </label>
          ))}
          {errors.reason ? (
            <p id="return-reason-error" role="alert" className="text-sm text-destructive">
              {errors.reason}
            </p>
          ) : null}
        </fieldset>
        <TextareaField
          label="Tell us more"
          optional={reason !== 'other'}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={errors.note}
          maxLength={JOB_RETURN_NOTE_MAX}
          placeholder="E.g. my bike has a flat tyre"
        />
        <FormAlert message={formError} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={send.isPending}>
            Keep the job
          </Button>
          <Button type="submit" variant="destructive" disabled={send.isPending}>
            {send.isPending ? <Spinner className="size-4 text-current" /> : null}
            Give job back
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
