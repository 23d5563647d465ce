import { useState } from 'react';
import type { MenuItem } from '../../domain/contracts/catalog/get-restaurant';
import { chooseOptions, groupRuleText, isSingleChoice, lineId } from '../../domain/menu-options';
import type { CartLineInput } from '../lib/cart';
import { formatPrice } from '../lib/format';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { FormAlert } from '../ui/form-alert';
import { useFormErrors } from '../ui/use-form-errors';

/** The kit's key for a refusal about the item rather than one group (an option chosen twice, or gone). */
const ITEM = 'item';

/**
 * The item dialog (docs/product/customer.md#item-options): a radio group for a single required
 * choice, checkboxes up to a group's maximum for the rest, and the live price of the line. The
 * server prices the options again from the menu. The dialog checks the same rules first
 * (`chooseOptions`) through the form kit (docs/decisions/0219-one-form-kit.md): a group's refusal
 * shows under that group and its first option takes the focus; one about the item, in the form's alert.
 */
export function ItemOptionsDialog({
  item,
  quantity,
  onClose,
  onConfirm,
}: {
  item: MenuItem | null;
  quantity: number;
  onClose: () => void;
  onConfirm: (line: CartLineInput) => void;
}) {
  const [picked, setPicked] = useState<string[]>([]);
  const groups = item?.optionGroups ?? [];
  const { formRef, errors, check, clear } = useFormErrors([ITEM, ...groups.map((g) => g.id)]);
  const optionsMinor = groups
    .flatMap((g) => g.options)
    .filter((o) => picked.includes(o.id))
    .reduce((sum, o) => sum + o.priceMinor, 0);
  const unitMinor = (item?.priceMinor ?? 0) + optionsMinor;

  const close = () => {
    setPicked([]);
    clear();
    onClose();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!item) return;
    const choice = chooseOptions(item.name, groups, picked);
    if (!check(choice.ok ? {} : { [choice.groupId ?? ITEM]: choice.message })) return;
    const options = groups.flatMap((g) =>
      g.options.filter((o) => picked.includes(o.id)).map((o) => ({ ...o, group: g.name })),
    );
    onConfirm({
      id: lineId(item.id, picked),
      menuItemId: item.id,
      name: item.name,
      priceMinor: unitMinor,
      description: item.description,
      options: options.map((o) => ({ id: o.id, group: o.group, name: o.name, priceMinor: o.priceMinor })),
    });
    setPicked([]);
    clear();
  };

  return (
    <Dialog open={item !== null} onClose={close} title={item?.name ?? ''} description={item?.description ?? undefined}>
      <form ref={formRef} onSubmit={submit} className="grid gap-4" noValidate>
        {groups.map((g) => {
          const single = isSingleChoice(g);
          const mine = g.options.filter((o) => picked.includes(o.id)).length;
          const error = errors[g.id];
          const errorId = `group-${g.id}-error`;
          return (
            <fieldset key={g.id} className="grid gap-2">
              <legend className="mb-1 font-semibold">
                {g.name} <span className="text-sm font-normal text-muted-foreground">({groupRuleText(g)})</span>
              </legend>
              {g.options.map((o) => {
                const checked = picked.includes(o.id);
                const full = !single && !checked && mine >= g.maxSelect;
                return (
                  <label
                    key={o.id}
                    className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-input px-3 has-[:disabled]:opacity-60"
                  >
                    <input
                      type={single ? 'radio' : 'checkbox'}
                      name={`group-${g.id}`}
                      checked={checked}
                      disabled={full}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                      onChange={() => {
                        clear();
                        setPicked((p) =>
                          single
                            ? [...p.filter((id) => !g.options.some((x) => x.id === id)), o.id]
                            : checked
                              ? p.filter((id) => id !== o.id)
                              : [...p, o.id],
                        );
                      }}
                      className="size-4 accent-primary"
                    />
                    <span className="flex-1">{o.name}</span>
                    <span className="text-sm text-muted-foreground">
                      {o.priceMinor > 0 ? `+${formatPrice(o.priceMinor)}` : ''}
                    </span>
                  </label>
                );
              })}
              {error ? (
                <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
                  {error}
                </p>
              ) : null}
            </fieldset>
          );
        })}
        <FormAlert message={errors[ITEM]} />
        <Button type="submit" data-autofocus>
          Add {quantity} to cart · {formatPrice(unitMinor * quantity)}
        </Button>
      </form>
    </Dialog>
  );
}
