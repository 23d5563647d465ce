import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from '../lib/toast';
import type { CustomerAddress, createAddressBody } from '../../domain/contracts/account/addresses';
import type { z } from 'zod';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { TextareaField } from '../ui/textarea';
import { FormAlert } from '../ui/form-alert';
import { useFormErrors } from '../ui/use-form-errors';

type Form = {
  label: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  postcode: string;
  deliveryInstructions: string;
  isDefault: boolean;
};
const FIELDS = ['label', 'addressLine1', 'addressLine2', 'city', 'postcode', 'deliveryInstructions'] as const;

function initialForm(a: CustomerAddress | null): Form {
  return {
    label: a?.label ?? '',
    addressLine1: a?.addressLine1 ?? '',
    addressLine2: a?.addressLine2 ?? '',
    city: a?.city ?? 'London',
    postcode: a?.postcode ?? '',
    deliveryInstructions: a?.deliveryInstructions ?? '',
    isDefault: a?.isDefault ?? false,
  };
}

/** Adds or edits a saved address; the server checks and normalises the postcode. */
export function AddressFormDialog({
  open,
  onClose,
  address,
}: {
  open: boolean;
  onClose: () => void;
  address: CustomerAddress | null;
}) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(() => initialForm(address));
  const { formRef, errors, formError, check, fail } = useFormErrors(FIELDS);

  const save = useMutation({
    mutationFn: (body: z.input<typeof createAddressBody>) =>
      address
        ? call(endpoints.account.patchAccountAddressesOne, { params: { id: address.id }, body })
        : call(endpoints.account.postAccountAddresses, { body }),
    onSuccess: () => {
      toast.success(address ? 'Address updated' : 'Address saved');
      void queryClient.invalidateQueries({ queryKey: ['account', 'addresses'] });
      onClose();
    },
    onError: (error) => {
      fail(error);
      toast.error('Could not save the address', { description: error.message });
    },
  });

  const set = (key: keyof Form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ok = check({
      addressLine1: form.addressLine1.trim() ? undefined : 'Please enter the first line of the address',
      city: form.city.trim() ? undefined : 'Please enter the town or city',
      postcode: form.postcode.trim() ? undefined : 'Please enter a valid UK postcode',
    });
    if (!ok) return;
    save.mutate({
      label: form.label.trim() || null,
      addressLine1: form.addressLine1.trim(),
      addressLine2: form.addressLine2.trim() || null,
      city: form.city.trim(),
      postcode: form.postcode.trim(),
      deliveryInstructions: form.deliveryInstructions.trim() || null,
      ...(form.isDefault && !address?.isDefault ? { isDefault: true } : {}),
    });
  };

  return (
    <Dialog open={open} onClose={onClose} title={address ? 'Edit address' : 'Add an address'}>
      <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
        <TextField
          label="Label"
          optional
          value={form.label}
          onChange={set('label')}
          error={errors.label}
          placeholder="Home, Work…"
          maxLength={50}
        />
        <TextField
          label="Address line 1"
          value={form.addressLine1}
          onChange={set('addressLine1')}
          error={errors.addressLine1}
          autoComplete="address-line1"
          required
          maxLength={200}
        />
        <TextField
          label="Address line 2"
          optional
          value={form.addressLine2}
          onChange={set('addressLine2')}
          error={errors.addressLine2}
          autoComplete="address-line2"
          maxLength={200}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Town or city"
            value={form.city}
            onChange={set('city')}
            error={errors.city}
            autoComplete="address-level2"
            required
            maxLength={100}
          />
          <TextField
            label="Postcode"
            value={form.postcode}
            onChange={set('postcode')}
            error={errors.postcode}
            autoComplete="postal-code"
            autoCapitalize="characters"
            required
            maxLength={12}
          />
        </div>
        <TextareaField
          label="Delivery instructions"
          optional
          value={form.deliveryInstructions}
          onChange={set('deliveryInstructions')}
          error={errors.deliveryInstructions}
          maxLength={500}
          className="min-h-20"
        />
        {!address?.isDefault ? (
          <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
            <input
              type="checkbox"
              checked={form.isDefault}
              onChange={(e) => setForm((f) => ({ ...f, isDefault: e.target.checked }))}
              className="size-5 accent-[var(--color-primary)]"
            />
            Make this my default address
          </label>
        ) : null}
        <FormAlert message={formError} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner className="size-4 text-primary-foreground" /> : null}
            Save Address
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
