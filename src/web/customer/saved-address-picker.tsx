import type { CustomerAddress } from '../../domain/contracts/account/addresses';
import { SelectField } from '../ui/select-field';

export const NEW_ADDRESS = 'new';

/** One line for an address in the picker: "Home: 12 Commercial Street, London, E1 6AN". */
export function addressLine(a: CustomerAddress): string {
  const text = [a.addressLine1, a.addressLine2, a.city, a.postcode].filter(Boolean).join(', ');
  return a.label ? `${a.label}: ${text}` : text;
}

/** How the picker flags a saved address the branch does not deliver to (docs/product/customer.md#checkout). */
export const OUTSIDE_RANGE_NOTE = 'outside the delivery area';

/**
 * Checkout's choice among the customer's saved addresses, or a new one (docs/product/customer.md#checkout).
 * `outside` holds the ids of the addresses the server says the branch does not deliver to.
 */
export function SavedAddressPicker({
  addresses,
  value,
  onChange,
  outside,
}: {
  addresses: readonly CustomerAddress[];
  value: string;
  onChange: (id: string) => void;
  outside?: ReadonlySet<string>;
}) {
  if (!addresses.length) return null;
  return (
    <SelectField
      label="Saved addresses"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={[
        ...addresses.map((a) => ({
          value: a.id,
          label: outside?.has(a.id) ? `${addressLine(a)} (${OUTSIDE_RANGE_NOTE})` : addressLine(a),
        })),
        { value: NEW_ADDRESS, label: 'A new address' },
      ]}
    />
  );
}

/** "Save this address to my account", shown with a new address. */
export function SaveAddressCheckbox({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-5 accent-[var(--color-primary)]"
      />
      Save this address to my account
    </label>
  );
}
