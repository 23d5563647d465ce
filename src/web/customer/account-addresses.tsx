import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Home from 'lucide-react/icons/house';
import MapPin from 'lucide-react/icons/map-pin';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import Star from 'lucide-react/icons/star';
import Trash2 from 'lucide-react/icons/trash';
import { useState } from 'react';
import { toast } from '../lib/toast';
import type { CustomerAddress } from '../../domain/contracts/account/addresses';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { EmptyState } from '../ui/empty-state';
import { Spinner } from '../ui/spinner';
import { LoadFailed } from '../ui/load-failed';
import { AddressFormDialog } from './address-form-dialog';

const KEY = ['account', 'addresses'] as const;

/** The Addresses tab: saved addresses, default first; add, edit, delete (after asking) and set default. */
export function AccountAddresses() {
  const queryClient = useQueryClient();
  const addresses = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => call(endpoints.account.getAccountAddresses, { signal }),
  });
  // A fresh form for every opening.
  const [editing, setEditing] = useState<{ address: CustomerAddress | null; session: number } | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<CustomerAddress | null>(null);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: KEY });
  const makeDefault = useMutation({
    mutationFn: (id: string) =>
      call(endpoints.account.patchAccountAddressesOne, { params: { id }, body: { isDefault: true } }),
    onSuccess: () => {
      toast.success('Default address updated');
      refresh();
    },
    onError: (error) => toast.error('Could not update the address', { description: error.message }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => call(endpoints.account.deleteAccountAddressesOne, { params: { id } }),
    onSuccess: () => {
      toast.success('Address deleted');
      setDeleting(null);
      refresh();
    },
    onError: (error) => toast.error('Could not delete the address', { description: error.message }),
  });

  const openForm = (address: CustomerAddress | null) => {
    setEditing((e) => ({ address, session: (e?.session ?? 0) + 1 }));
    setFormOpen(true);
  };

  let body;
  if (addresses.isPending) {
    body = (
      <div role="status" className="flex items-center gap-2 py-8 text-muted-foreground">
        <Spinner className="size-5" />
        Loading your addresses...
      </div>
    );
  } else if (addresses.isError) {
    body = <LoadFailed inline title="Failed to load account data" onRetry={() => void addresses.refetch()} />;
  } else if (addresses.data.addresses.length === 0) {
    body = (
      <EmptyState
        icon={<MapPin aria-hidden="true" />}
        title="No saved addresses"
        action={<Button onClick={() => openForm(null)}>Add Address</Button>}
      >
        Save your address once and checkout fills it in for you.
      </EmptyState>
    );
  } else {
    const sorted = [...addresses.data.addresses].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
    body = (
      <ul className="grid gap-3 md:grid-cols-2" aria-label="Saved addresses">
        {sorted.map((a) => (
          <li key={a.id} className="grid gap-3 rounded-lg border border-border bg-card p-4 shadow-sm">
            <div className="flex items-start justify-between gap-2">
              <p className="flex items-center gap-2 font-semibold">
                <Home aria-hidden="true" className="size-4 text-primary" />
                {a.label || a.addressLine1}
              </p>
              {a.isDefault ? (
                <span className="rounded-full bg-primary-soft px-2.5 py-0.5 text-xs font-semibold text-primary">
                  Default
                </span>
              ) : null}
            </div>
            <address className="text-sm not-italic text-muted-foreground">
              {[a.addressLine1, a.addressLine2, a.city, a.postcode].filter(Boolean).join(', ')}
              {a.deliveryInstructions ? (
                <span className="mt-1 block">Instructions: {a.deliveryInstructions}</span>
              ) : null}
            </address>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => openForm(a)} aria-label={`Edit ${a.label || a.addressLine1}`}>
                <Pencil aria-hidden="true" />
                Edit
              </Button>
              {!a.isDefault ? (
                <Button
                  variant="outline"
                  onClick={() => makeDefault.mutate(a.id)}
                  disabled={makeDefault.isPending}
                  aria-label={`Make ${a.label || a.addressLine1} the default`}
                >
                  <Star aria-hidden="true" />
                  Set as Default
                </Button>
              ) : null}
              <Button
                variant="ghost"
                onClick={() => setDeleting(a)}
                aria-label={`Delete ${a.label || a.addressLine1}`}
                className="text-destructive"
              >
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Saved addresses</h2>
        {addresses.data?.addresses.length ? (
          <Button onClick={() => openForm(null)}>
            <Plus aria-hidden="true" />
            Add Address
          </Button>
        ) : null}
      </div>
      {body}
      {editing ? (
        <AddressFormDialog
          key={editing.session}
          open={formOpen}
          onClose={() => setFormOpen(false)}
          address={editing.address}
        />
      ) : null}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} title="Delete this address?">
        {deleting ? (
          <div className="grid grid-cols-1 gap-5">
            <p className="text-sm text-muted-foreground">
              {[deleting.addressLine1, deleting.city, deleting.postcode].join(', ')} will be removed from your account.
              {deleting.isDefault ? ' Another saved address becomes your default.' : ''}
            </p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => setDeleting(null)}>
                Keep Address
              </Button>
              <Button variant="destructive" onClick={() => remove.mutate(deleting.id)} disabled={remove.isPending}>
                {remove.isPending ? (
                  <Spinner className="size-4 text-destructive-foreground" />
                ) : (
                  <Trash2 aria-hidden="true" />
                )}
                Delete Address
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </div>
  );
}
