import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  JOB_RETURN_NOTE_MAX,
  JOB_RETURN_REASONS,
  JOB_RETURN_REASON_LABELS,
  type JobReturnReason,
} from '../../domain/job-returns';
import { ApiError } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import { TextareaField } from '../ui/textarea';

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
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () =>
      call(endpoints.dispatch.postDriverJobsByJobIdReturn, {
        params: { jobId },
        body: { reason: reason!, ...(note.trim() ? { note: note.trim() } : {}) },
      }),
    onSuccess: (res) => onReturned(res.message),
    onError: (err) =>
      setError(
        err instanceof ApiError && err.status > 0 && err.status < 500
          ? err.message
          : 'Something went wrong. Please try again.',
      ),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason) return setError('Please choose a reason');
    if (reason === 'other' && !note.trim()) return setError('Please say in a few words why');
    setError(null);
    send.mutate();
  };

  return (
    <Dialog
      open={open}
      onClose={send.isPending ? () => undefined : onClose}
      title="Give this job back?"
      description="The job goes back on the board for other drivers at once. Returned jobs are counted on your record."
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <fieldset className="grid gap-2">
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
                onChange={() => {
                  setReason(r);
                  setError(null);
                }}
                className="size-4 accent-primary"
              />
              {JOB_RETURN_REASON_LABELS[r]}
            </label>
          ))}
        </fieldset>
        <TextareaField
          label="Tell us more"
          optional={reason !== 'other'}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={JOB_RETURN_NOTE_MAX}
          placeholder="E.g. my bike has a flat tyre"
        />
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
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
