import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from '../lib/toast';
import type { PayoutDetailsResponse } from '../../domain/contracts/driver/payout-details';
import { PAYOUT_DETAILS_MESSAGES, normaliseAccountNumber, normaliseSortCode } from '../../domain/payout-details';
import { ApiError } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-driver.generated';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { hasErrors } from '../ui/form-errors';
import { useFormErrors } from '../ui/use-form-errors';

export const payoutDetailsKey = ['driver', 'payout-details'] as const;

/** The driver's own payout details, the account number masked (docs/product/driver.md#payout-details). */
export function usePayoutDetails(enabled = true) {
  return useQuery({
    queryKey: payoutDetailsKey,
    queryFn: () => call(endpoints.driver.getDriverPayoutDetails),
    enabled,
  });
}

const FIELDS = ['accountName', 'sortCode', 'accountNumber'] as const;

/** Account name, sort code and account number; the server checks them with the UK modulus rules. */
export function PayoutDetailsForm({ onSaved, onCancel }: { onSaved: () => void; onCancel?: () => void }) {
  const queryClient = useQueryClient();
  const [accountName, setAccountName] = useState('');
  const [sortCode, setSortCode] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const { formRef, errors, busy, check, submit } = useFormErrors(FIELDS);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = check({
      accountName: accountName.trim() ? undefined : PAYOUT_DETAILS_MESSAGES.accountName,
      sortCode: normaliseSortCode(sortCode) ? undefined : PAYOUT_DETAILS_MESSAGES.sortCode,
      accountNumber: normaliseAccountNumber(accountNumber) ? undefined : PAYOUT_DETAILS_MESSAGES.accountNumber,
    });
    if (!valid) return;
    await submit(
      async () => {
        const saved = await call(endpoints.driver.putDriverPayoutDetails, {
          body: { accountName: accountName.trim(), sortCode, accountNumber },
        });
        queryClient.setQueryData<PayoutDetailsResponse>(payoutDetailsKey, saved);
        toast.success(PAYOUT_DETAILS_MESSAGES.saved);
        onSaved();
      },
      // A refusal the server names a field for (the modulus check) shows beside it; the rest in a toast.
      (error, shown) => {
        if (hasErrors(shown.fields)) return;
        toast.error(
          error instanceof ApiError && error.status === 400 ? error.message : 'Failed to save payout details',
        );
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-1">
      <TextField
        label="Name on the account"
        value={accountName}
        onChange={(e) => setAccountName(e.target.value)}
        autoComplete="name"
        error={errors.accountName}
      />
      <TextField
        label="Sort code"
        value={sortCode}
        onChange={(e) => setSortCode(e.target.value)}
        inputMode="numeric"
        placeholder="12-34-56"
        error={errors.sortCode}
      />
      <TextField
        label="Account number"
        value={accountNumber}
        onChange={(e) => setAccountNumber(e.target.value)}
        inputMode="numeric"
        placeholder="12345678"
        error={errors.accountNumber}
        hint="Only you and our finance team can see these details."
      />
      <div className="flex gap-2">
        {onCancel ? (
          <Button type="button" variant="outline" className="flex-1" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" className="flex-1" disabled={busy}>
          {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
          Save payout details
        </Button>
      </div>
    </form>
  );
}

/** The earnings page's payout details: the masked summary with "Change", or the form (docs/product/driver.md#payout-details). */
export function PayoutDetailsCard() {
  const details = usePayoutDetails();
  const [editing, setEditing] = useState(false);
  const saved = details.data?.details ?? null;
  return (
    <section aria-labelledby="payout-details-title" className="grid gap-2 rounded-lg border border-border bg-card p-4">
      <h2 id="payout-details-title" className="font-semibold">
        Payout details
      </h2>
      {details.isPending ? (
        <Spinner className="size-5" label="Loading payout details..." />
      ) : details.isError ? (
        <p className="text-sm text-destructive">Failed to load your payout details</p>
      ) : saved && !editing ? (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span>
            {saved.accountName}, {saved.sortCode}, {saved.accountNumberMasked}
          </span>
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            Change payout details
          </Button>
        </div>
      ) : (
        <PayoutDetailsForm onSaved={() => setEditing(false)} onCancel={saved ? () => setEditing(false) : undefined} />
      )}
    </section>
  );
}
