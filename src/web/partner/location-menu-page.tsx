import { useQueryClient } from '@tanstack/react-query';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import UtensilsCrossed from 'lucide-react/icons/utensils-crossed';
import { type FormEvent, useState } from 'react';
import { Link } from '../lib/router';
import { toast } from '../lib/toast';
import type { ItemOverride, ManagedItem, SiteMenuResponse } from '../../domain/contracts/menu/menu';
import { parsePriceInput, penceToInput } from '../../domain/menu';
import { isClientError } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-partner.generated';
import { formatPrice } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { Badge } from '../ui/badge';
import { Button, buttonClasses } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { Dialog } from '../ui/dialog';
import { PageLoading, Spinner } from '../ui/spinner';
import { Switch } from '../ui/switch';
import { TextField } from '../ui/text-field';
import { TextareaField } from '../ui/textarea';
import { EmptyState } from '../ui/empty-state';
import { useFormErrors } from '../ui/use-form-errors';
import { messageOf, partnerKeys } from './partner-api';
import { LoadFailed, LocationNotFound, NoSiteSelected } from './partner-states';
import { usePartnerSelection } from './use-partner-selection';
import { useSiteMenu } from './use-site-menu';

/** /partner/location-menu?site=: this location's availability, price and description over the base menu. */
export function LocationMenuPage() {
  useDocumentTitle('Location Menu');
  const selection = usePartnerSelection();
  const menu = useSiteMenu(selection.site?.id ?? null);

  if (selection.isPending) return <PageLoading />;
  if (selection.error)
    return <LoadFailed title="Error loading brands" message={selection.error.message} onRetry={selection.refetch} />;
  if (selection.unknownSite) return <LocationNotFound />;
  if (!selection.site) return <NoSiteSelected />;
  if (menu.isPending) return <PageLoading label="Loading menu..." />;
  if (menu.isError) {
    return isClientError(menu.error) ? (
      <LocationNotFound />
    ) : (
      <LoadFailed title="Error loading menu" message={menu.error.message} onRetry={() => void menu.refetch()} />
    );
  }
  return <LocationMenu key={selection.site.id} view={menu.data} />;
}

function LocationMenu({ view }: { view: SiteMenuResponse }) {
  const queryClient = useQueryClient();
  const { site, menu, canEditBase } = view;
  const [editing, setEditing] = useState<ManagedItem | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  /**
   * Saves this location's change to an item and toasts the outcome; true when saved. With `rethrow`
   * a refusal is thrown after its toast, so the override dialog shows each refused field beside it.
   */
  const save = async (
    item: ManagedItem,
    body: Partial<ItemOverride>,
    describe: string,
    rethrow = false,
  ): Promise<boolean> => {
    setPending(item.id);
    try {
      const { item: saved } = await call(endpoints.menu.putPartnerSitesBySiteIdItemsByItemIdOverride, {
        params: { siteId: site.id, itemId: item.id },
        body,
      });
      queryClient.setQueryData<SiteMenuResponse>(partnerKeys.menu(site.id), (old) =>
        old?.menu
          ? {
              ...old,
              menu: {
                ...old.menu,
                sections: old.menu.sections.map((s) => ({
                  ...s,
                  items: s.items.map((i) => (i.id === saved.id ? saved : i)),
                })),
              },
            }
          : old,
      );
      toast.success('Item updated', { description: describe });
      return true;
    } catch (error) {
      toast.error('Error updating item', { description: messageOf(error) });
      if (rethrow) throw error;
      return false;
    } finally {
      setPending(null);
    }
  };

  const createMenu = async () => {
    setCreating(true);
    try {
      await call(endpoints.menu.postPartnerSitesBySiteIdMenu, { params: { siteId: site.id } });
      await queryClient.invalidateQueries({ queryKey: ['partner', 'menu'] });
      toast.success('Menu created successfully!');
    } catch {
      toast.error('Failed to create menu');
    } finally {
      setCreating(false);
    }
  };

  const header = (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <p className="text-sm text-muted-foreground">
          {site.brandName} · {site.name}
        </p>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Location Menu</h1>
        <p className="text-muted-foreground">
          Switch items off, or change their price or description, for this location only.
        </p>
      </div>
      <Link to={`/partner/menu?site=${site.id}`} className={buttonClasses({ variant: 'outline' })}>
        <Pencil aria-hidden="true" />
        Edit Base Menu
      </Link>
    </div>
  );

  if (!menu) {
    return (
      <div className="grid gap-6">
        {header}
        <EmptyState
          icon={<UtensilsCrossed aria-hidden="true" />}
          title="This location has no menu yet"
          action={
            canEditBase ? (
              <Button onClick={() => void createMenu()} disabled={creating}>
                {creating ? <Spinner className="size-4 text-primary-foreground" /> : <Plus aria-hidden="true" />}
                Create Menu
              </Button>
            ) : null
          }
        >
          {canEditBase
            ? 'Create the brand menu, then switch items on or off here.'
            : 'The brand owner or an admin creates the menu.'}
        </EmptyState>
      </div>
    );
  }

  const sections = menu.sections.filter((s) => s.items.length);
  return (
    <div className="grid gap-6">
      {header}
      {sections.length === 0 ? (
        <EmptyState
          title="No items yet"
          action={
            <Link to={`/partner/menu?site=${site.id}`} className={buttonClasses()}>
              Edit Base Menu
            </Link>
          }
        >
          Add sections and items to the base menu first.
        </EmptyState>
      ) : (
        sections.map((section) => (
          <Card key={section.id}>
            <CardHeader>
              <CardTitle>{section.title || 'Other'}</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="divide-y divide-border">
                {section.items.map((item) => {
                  const available = item.isAvailable && item.override?.isAvailable !== false;
                  const price = item.override?.priceMinor ?? item.priceMinor;
                  return (
                    <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                      <div className="grid min-w-56 flex-1 gap-0.5">
                        <p className="flex flex-wrap items-center gap-2 font-medium">
                          {item.name}
                          {!item.isAvailable ? <Badge variant="destructive">Off in the base menu</Badge> : null}
                          {item.override?.priceMinor != null || item.override?.description != null ? (
                            <Badge variant="outline">Changed here</Badge>
                          ) : null}
                        </p>
                        <p className="text-sm text-muted-foreground">
                          {formatPrice(price)}
                          {item.override?.priceMinor != null ? ` (base ${formatPrice(item.priceMinor)})` : ''}
                          {(item.override?.description ?? item.description)
                            ? ` · ${item.override?.description ?? item.description}`
                            : ''}
                        </p>
                        {item.optionGroups.map((g) => (
                          // Per-location options (docs/product/partner.md#item-options): unticked is not offered here.
                          <fieldset key={g.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                            <legend className="sr-only">{`${g.name} options offered at ${site.name}`}</legend>
                            <span aria-hidden="true" className="text-muted-foreground">
                              {g.name}:
                            </span>
                            {g.options.map((o) => {
                              const off = item.override?.unavailableOptionIds ?? [];
                              const offered = !off.includes(o.id);
                              return (
                                <label key={o.id} className="inline-flex min-h-8 items-center gap-1.5">
                                  <input
                                    type="checkbox"
                                    className="size-4 accent-primary"
                                    checked={offered}
                                    disabled={pending === item.id}
                                    onChange={() =>
                                      void save(
                                        item,
                                        {
                                          unavailableOptionIds: offered
                                            ? [...off, o.id]
                                            : off.filter((id) => id !== o.id),
                                        },
                                        offered
                                          ? `${o.name} is disabled for this location`
                                          : `${o.name} is enabled for this location`,
                                      )
                                    }
                                  />
                                  {o.name}
                                </label>
                              );
                            })}
                          </fieldset>
                        ))}
                      </div>
                      <div className="flex items-center gap-3">
                        <Switch
                          checked={available}
                          disabled={!item.isAvailable}
                          busy={pending === item.id}
                          aria-label={`${item.name} available at ${site.name}`}
                          onCheckedChange={(on) =>
                            void save(
                              item,
                              { isAvailable: on ? null : false },
                              on
                                ? `${item.name} is enabled for this location`
                                : `${item.name} is disabled for this location`,
                            )
                          }
                        />
                        <span className="w-24 text-sm" aria-hidden="true">
                          {available ? 'Available' : 'Unavailable'}
                        </span>
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => setEditing(item)}
                          aria-label={`Change price or description of ${item.name} here`}
                        >
                          <Pencil aria-hidden="true" />
                          Price &amp; description
                        </Button>
                      </div>
                    </li>
                  );
                })}
              </ul>
            </CardContent>
          </Card>
        ))
      )}
      <Dialog
        open={!!editing}
        onClose={() => setEditing(null)}
        title={editing ? `${editing.name} at ${site.name}` : 'Change for this location'}
        description="Leave a field blank to use the base menu's value."
      >
        {editing ? (
          <OverrideForm
            item={editing}
            onCancel={() => setEditing(null)}
            onSave={async (body) => {
              await save(editing, body, `${editing.name} is updated for this location`, true);
              setEditing(null);
            }}
          />
        ) : null}
      </Dialog>
    </div>
  );
}

const OVERRIDE_FIELDS = ['price', 'description'] as const;

/**
 * A location's own price and description for an item. `onSave` rejects when the server refuses: a
 * refused field (a price over £1,000.00) shows under it and takes the focus; the page's toast says
 * the update failed (docs/decisions/0219-one-form-kit.md).
 */
function OverrideForm({
  item,
  onSave,
  onCancel,
}: {
  item: ManagedItem;
  onSave: (body: Partial<ItemOverride>) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [price, setPrice] = useState(item.override?.priceMinor != null ? penceToInput(item.override.priceMinor) : '');
  const [description, setDescription] = useState(item.override?.description ?? '');
  // The price is entered in pounds; the server names it `priceMinor`.
  const { formRef, errors, busy, check, submit } = useFormErrors(OVERRIDE_FIELDS, { paths: { priceMinor: 'price' } });
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const priceMinor = price.trim() ? parsePriceInput(price) : null;
    const valid = check({
      price: price.trim() && priceMinor === null ? 'Enter a price in pounds, e.g. 6.50, or leave it blank' : undefined,
    });
    if (!valid) return;
    await submit(() => onSave({ priceMinor, description: description.trim() || null }));
  };
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
      <TextField
        label="Price here (£)"
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        value={price}
        placeholder={penceToInput(item.priceMinor)}
        onChange={(e) => setPrice(e.target.value)}
        error={errors.price}
        hint={`Base price ${formatPrice(item.priceMinor)}`}
      />
      <TextareaField
        label="Description here"
        optional
        value={description}
        placeholder={item.description ?? ''}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.description}
        maxLength={1000}
      />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
          Save
        </Button>
      </div>
    </form>
  );
}
