import { type FormEvent, useRef, useState } from 'react';
import { useFocusOnOpen } from './use-focus-on-open';
import type { ManagedItem } from '../../domain/contracts/menu/menu';
import {
  ALLERGEN_LABELS,
  type Allergen,
  DEFAULT_CATEGORY,
  MENU_CATEGORIES,
  UK_ALLERGENS,
  categoryOption,
  isAllergen,
  parsePriceInput,
  penceToInput,
} from '../../domain/menu';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';
import { Switch } from '../ui/switch';
import { TextField } from '../ui/text-field';
import { TextareaField } from '../ui/textarea';
import { useFormErrors } from '../ui/use-form-errors';
import { ImageUpload } from './image-upload';

export type ItemDraft = {
  name: string;
  description: string;
  priceMinor: number;
  imageUrl: string | null;
  category: string;
  isVegetarian: boolean;
  isVegan: boolean;
  isSpicy: boolean;
  allergens: Allergen[];
  isAvailable: boolean;
};

const FIELDS = ['name', 'price', 'description', 'category'] as const;

/**
 * Add or edit a base menu item: name and price required (pounds in, pence out), the rest optional.
 * `onSave` rejects when the server refuses; the refused fields show beside their fields
 * (docs/decisions/0219-one-form-kit.md).
 */
export function ItemDialog({
  open,
  onClose,
  item,
  onSave,
}: {
  open: boolean;
  onClose: () => void;
  item: ManagedItem | null;
  onSave: (draft: ItemDraft) => Promise<unknown>;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={item ? 'Edit Item' : 'Add Item'}
      className="max-h-[90dvh] max-w-2xl overflow-y-auto"
    >
      {open ? <ItemForm item={item} onSave={onSave} onCancel={onClose} /> : null}
    </Dialog>
  );
}

function ItemForm({
  item,
  onSave,
  onCancel,
}: {
  item: ManagedItem | null;
  onSave: (draft: ItemDraft) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(item?.name ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [price, setPrice] = useState(item ? penceToInput(item.priceMinor) : '');
  const [imageUrl, setImageUrl] = useState<string | null>(item?.imageUrl ?? null);
  const [category, setCategory] = useState(categoryOption(item?.category ?? DEFAULT_CATEGORY));
  const [isVegetarian, setVegetarian] = useState(item?.isVegetarian ?? false);
  const [isVegan, setVegan] = useState(item?.isVegan ?? false);
  const [isSpicy, setSpicy] = useState(item?.isSpicy ?? false);
  const [allergens, setAllergens] = useState<Allergen[]>(() => (item?.allergens ?? []).filter(isAllergen));
  const [isAvailable, setAvailable] = useState(item?.isAvailable ?? true);
  // The price is entered in pounds; the server names it `priceMinor`. The page's toast says what
  // failed, so the form has no alert of its own.
  const { formRef, errors, busy, check, submit } = useFormErrors(FIELDS, { paths: { priceMinor: 'price' } });
  const nameInput = useRef<HTMLInputElement>(null);
  useFocusOnOpen(nameInput);

  const categories = (MENU_CATEGORIES as readonly string[]).includes(category)
    ? MENU_CATEGORIES
    : [category, ...MENU_CATEGORIES];

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const priceMinor = parsePriceInput(price);
    const filled = check({
      name: name.trim() ? undefined : 'Item name is required',
      price: priceMinor === null ? 'Enter a price in pounds, e.g. 6.50' : undefined,
    });
    if (!filled || priceMinor === null) return;
    await submit(() =>
      onSave({
        name: name.trim(),
        description,
        priceMinor,
        imageUrl,
        category,
        isVegetarian,
        isVegan,
        isSpicy,
        allergens,
        isAvailable,
      }),
    );
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <TextField
          label="Item name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          required
          ref={nameInput}
          maxLength={120}
        />
        <TextField
          label="Price (£)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          error={errors.price}
          required
        />
      </div>
      <TextareaField
        label="Description"
        optional
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.description}
        maxLength={1000}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Category"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          error={errors.category}
          options={categories.map((c) => ({ value: c, label: c }))}
        />
        <div className="grid content-end gap-1">
          <Switch label="Available" checked={isAvailable} onCheckedChange={setAvailable} />
        </div>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Dietary</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="inline-flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              className="size-5 accent-primary"
              checked={isVegetarian}
              onChange={(e) => setVegetarian(e.target.checked)}
            />
            Vegetarian
          </label>
          <label className="inline-flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              className="size-5 accent-primary"
              checked={isVegan}
              onChange={(e) => setVegan(e.target.checked)}
            />
            Vegan
          </label>
          <label className="inline-flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              className="size-5 accent-primary"
              checked={isSpicy}
              onChange={(e) => setSpicy(e.target.checked)}
            />
            Spicy
          </label>
        </div>
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Allergens</legend>
        <div className="grid grid-cols-2 gap-x-4 text-sm sm:grid-cols-3">
          {UK_ALLERGENS.map((a) => (
            <label key={a} className="inline-flex min-h-9 items-center gap-2">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={allergens.includes(a)}
                onChange={(e) =>
                  setAllergens((list) => (e.target.checked ? [...list, a] : list.filter((x) => x !== a)))
                }
              />
              {ALLERGEN_LABELS[a]}
            </label>
          ))}
        </div>
      </fieldset>
      <ImageUpload label="Image" purpose="menu_image" value={imageUrl} onChange={setImageUrl} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || !name.trim() || !price.trim()}>
          {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
          {item ? 'Save Item' : 'Add Item'}
        </Button>
      </div>
    </form>
  );
}
