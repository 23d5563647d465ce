import { useQueryClient } from '@tanstack/react-query';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import Flame from 'lucide-react/icons/flame';
import LayoutList from 'lucide-react/icons/layout-list';
import ListChecks from 'lucide-react/icons/list-checks';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import Sparkles from 'lucide-react/icons/sparkles';
import Trash2 from 'lucide-react/icons/trash';
import UtensilsCrossed from 'lucide-react/icons/utensils-crossed';
import Leaf from 'lucide-react/icons/leaf';
import { useState } from 'react';
import { Link } from '../lib/router';
import { toast } from '../lib/toast';
import type { ManagedItem, ManagedSection, SiteMenuResponse } from '../../domain/contracts/menu/menu';
import { QUICK_START_SECTIONS, moveInList } from '../../domain/menu';
import { isClientError } from '../lib/api';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-partner.generated';
import { formatPrice } from '../lib/format';
import { cn } from '../lib/cn';
import { useDocumentTitle } from '../lib/use-document-title';
import { Alert } from '../ui/alert';
import { Badge } from '../ui/badge';
import { Button, buttonClasses } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { PageLoading } from '../ui/spinner';
import { EmptyState } from '../ui/empty-state';
import { ItemDialog, type ItemDraft } from './item-dialog';
import { ItemOptionsEditor } from './item-options-editor';
import { messageOf, partnerKeys } from './partner-api';
import { LoadFailed, LocationNotFound, NoSiteSelected } from './partner-states';
import { SectionDialog } from './section-dialog';
import { usePartnerSelection } from './use-partner-selection';
import { useRefreshMenus, useSiteMenu } from './use-site-menu';

/** /partner/menu?site=: the Menu Manager for the brand's base menu. */
export function MenuManagerPage() {
  useDocumentTitle('Menu Manager');
  const selection = usePartnerSelection();
  const menu = useSiteMenu(selection.site?.id ?? null);

  if (selection.isPending) return <PageLoading />;
  if (selection.error)
    return <LoadFailed title="Error loading brands" message={selection.error.message} onRetry={selection.refetch} />;
  if (selection.unknownSite) return <LocationNotFound />;
  if (!selection.site) return <NoSiteSelected hasSites={false} />;
  if (menu.isPending) return <PageLoading label="Loading menu..." />;
  if (menu.isError) {
    return isClientError(menu.error) ? (
      <LocationNotFound />
    ) : (
      <LoadFailed title="Failed to load menu" message={menu.error.message} onRetry={() => void menu.refetch()} />
    );
  }
  return <MenuManager key={selection.site.id} view={menu.data} />;
}

type Dialogs =
  | { kind: 'none' }
  | { kind: 'addSection' }
  | { kind: 'editSection'; section: ManagedSection }
  | { kind: 'deleteSection'; section: ManagedSection }
  | { kind: 'addItem'; sectionId: string }
  | { kind: 'editItem'; item: ManagedItem }
  | { kind: 'itemOptions'; item: ManagedItem }
  | { kind: 'deleteItem'; item: ManagedItem };

function MenuManager({ view }: { view: SiteMenuResponse }) {
  const queryClient = useQueryClient();
  const refresh = useRefreshMenus();
  const { site, menu, canEditBase } = view;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialogs>({ kind: 'none' });
  const [busy, setBusy] = useState(false);
  const close = () => setDialog({ kind: 'none' });

  /** Runs a change, then the product's toast; false keeps the dialog open on failure. */
  const run = async (work: () => Promise<unknown>, ok: string, fail: string, withMessage = false): Promise<boolean> => {
    setBusy(true);
    try {
      await work();
      await refresh();
      toast.success(ok);
      return true;
    } catch (error) {
      toast.error(fail, withMessage ? { description: messageOf(error) } : undefined);
      return false;
    } finally {
      setBusy(false);
    }
  };

  /**
   * Runs a dialog's save: on success the product's toast and the dialog closes; a failure is
   * toasted and thrown on, so the dialog shows each refused field beside it
   * (docs/decisions/0219-one-form-kit.md).
   */
  const save = async (work: () => Promise<unknown>, ok: string, fail: string, withMessage = true): Promise<void> => {
    setBusy(true);
    try {
      await work();
      await refresh();
    } catch (error) {
      toast.error(fail, withMessage ? { description: messageOf(error) } : undefined);
      throw error;
    } finally {
      setBusy(false);
    }
    toast.success(ok);
    close();
  };

  const header = (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <p className="text-sm text-muted-foreground">{site.brandName} · base menu, shared by every location</p>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Menu Manager</h1>
      </div>
      <Link to={`/partner/location-menu?site=${site.id}`} className={buttonClasses({ variant: 'outline' })}>
        <ListChecks aria-hidden="true" />
        Location Menu for {site.name}
      </Link>
    </div>
  );

  if (!menu) {
    return (
      <div className="grid gap-6">
        {header}
        <EmptyState
          icon={<UtensilsCrossed aria-hidden="true" />}
          title="No menu yet"
          action={
            canEditBase ? (
              <Button
                disabled={busy}
                onClick={() =>
                  void run(
                    () => call(endpoints.menu.postPartnerSitesBySiteIdMenu, { params: { siteId: site.id } }),
                    'Menu created successfully!',
                    'Failed to create menu',
                  )
                }
              >
                <Plus aria-hidden="true" />
                Create Menu
              </Button>
            ) : null
          }
        >
          {canEditBase
            ? `Create the menu of ${site.brandName}; every location shares it.`
            : 'The brand owner or an admin creates the menu.'}
        </EmptyState>
      </div>
    );
  }

  const sections = menu.sections;
  const selected = sections.find((s) => s.id === selectedId) ?? sections[0] ?? null;
  const missingQuick = QUICK_START_SECTIONS.some(
    (q) => !sections.some((s) => s.title?.trim().toLowerCase() === q.title.toLowerCase()),
  );

  const addQuick = () =>
    run(
      () => call(endpoints.menu.postPartnerMenusByMenuIdQuickSections, { params: { menuId: menu.id } }),
      'Quick sections added successfully!',
      'Failed to add quick sections',
    );

  const moveSection = async (section: ManagedSection, direction: -1 | 1) => {
    const ids = moveInList(
      sections.map((s) => s.id),
      section.id,
      direction,
    );
    queryClient.setQueryData<SiteMenuResponse>(partnerKeys.menu(site.id), (old) =>
      old?.menu
        ? { ...old, menu: { ...old.menu, sections: ids.map((id) => old.menu!.sections.find((s) => s.id === id)!) } }
        : old,
    );
    try {
      await call(endpoints.menu.putPartnerMenusByMenuIdSectionOrder, {
        params: { menuId: menu.id },
        body: { sectionIds: ids },
      });
    } catch (error) {
      toast.error('Failed to update section', { description: messageOf(error) });
    }
    await refresh();
  };

  const moveItem = async (section: ManagedSection, item: ManagedItem, direction: -1 | 1) => {
    const ids = moveInList(
      section.items.map((i) => i.id),
      item.id,
      direction,
    );
    queryClient.setQueryData<SiteMenuResponse>(partnerKeys.menu(site.id), (old) =>
      old?.menu
        ? {
            ...old,
            menu: {
              ...old.menu,
              sections: old.menu.sections.map((s) =>
                s.id === section.id ? { ...s, items: ids.map((id) => s.items.find((i) => i.id === id)!) } : s,
              ),
            },
          }
        : old,
    );
    try {
      await call(endpoints.menu.putPartnerSectionsBySectionIdItemOrder, {
        params: { sectionId: section.id },
        body: { itemIds: ids },
      });
    } catch (error) {
      toast.error('Failed to update item', { description: messageOf(error) });
    }
    await refresh();
  };

  const saveItem = (draft: ItemDraft) =>
    dialog.kind === 'editItem'
      ? save(
          () => call(endpoints.menu.patchPartnerItemsByItemId, { params: { itemId: dialog.item.id }, body: draft }),
          'Item updated successfully',
          'Failed to update item',
        )
      : dialog.kind === 'addItem'
        ? save(
            () =>
              call(endpoints.menu.postPartnerSectionsBySectionIdItems, {
                params: { sectionId: dialog.sectionId },
                body: draft,
              }),
            'Item added successfully',
            'Failed to add item',
          )
        : Promise.resolve();

  return (
    <div className="grid gap-6">
      {header}
      {!canEditBase ? (
        <Alert>
          Only the brand owner or an admin can change the base menu. Switch items on or off, or change their price for{' '}
          {site.name}, in the Location Menu.
        </Alert>
      ) : null}

      {sections.length === 0 ? (
        <EmptyState
          icon={<LayoutList aria-hidden="true" />}
          title="Your menu has no sections yet"
          action={
            canEditBase ? (
              <>
                <Button onClick={() => void addQuick()} disabled={busy}>
                  <Sparkles aria-hidden="true" />
                  Add Common Sections
                </Button>
                <Button variant="outline" onClick={() => setDialog({ kind: 'addSection' })}>
                  <Plus aria-hidden="true" />
                  Create Custom Section
                </Button>
              </>
            ) : null
          }
        >
          Start with Starters, Main Courses, Drinks and Desserts, or name your own.
        </EmptyState>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
          <Card className="self-start">
            <CardHeader className="flex-row items-center justify-between">
              <CardTitle>Sections</CardTitle>
              {canEditBase ? (
                <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'addSection' })}>
                  <Plus aria-hidden="true" />
                  Add Section
                </Button>
              ) : null}
            </CardHeader>
            <CardContent className="grid gap-2">
              <ul className="grid gap-1" aria-label="Sections">
                {sections.map((s, index) => (
                  <li
                    key={s.id}
                    className={cn('flex items-center gap-1 rounded-md', selected?.id === s.id && 'bg-primary-soft')}
                  >
                    <button
                      type="button"
                      aria-current={selected?.id === s.id ? 'true' : undefined}
                      onClick={() => setSelectedId(s.id)}
                      className="flex min-h-11 flex-1 items-center justify-between gap-2 rounded-md px-3 text-left text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      <span>{s.title || 'Other'}</span>
                      <Badge variant="outline" aria-label={`${s.items.length} items`}>
                        {s.items.length}
                      </Badge>
                    </button>
                    {canEditBase ? (
                      <>
                        <Button
                          size="icon"
                          variant="ghost"
                          aria-label={`Move ${s.title} up`}
                          disabled={index === 0}
                          onClick={() => void moveSection(s, -1)}
                        >
                          <ArrowUp aria-hidden="true" />
                        </Button>
                        <Button
                          size="icon"
                          variant="ghost"

                          aria-label={`Move ${s.title} down`}
                          disabled={index === sections.length - 1}
                          onClick={() => void moveSection(s, 1)}
                        >
                          <ArrowDown aria-hidden="true" />
                        </Button>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
              {canEditBase && missingQuick ? (
                <Button variant="ghost" size="sm" onClick={() => void addQuick()} disabled={busy}>
                  <Sparkles aria-hidden="true" />
                  Add Common Sections
                </Button>
              ) : null}
            </CardContent>
          </Card>

          {selected ? (
            <section aria-labelledby="section-title" className="grid content-start gap-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 id="section-title" className="text-xl font-semibold">
                  {selected.title || 'Other'}
                </h2>
                {canEditBase ? (
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" onClick={() => setDialog({ kind: 'addItem', sectionId: selected.id })}>
                      <Plus aria-hidden="true" />
                      Add Item
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setDialog({ kind: 'editSection', section: selected })}
                    >
                      <Pencil aria-hidden="true" />
                      Edit Section
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setDialog({ kind: 'deleteSection', section: selected })}
                    >
                      <Trash2 aria-hidden="true" />
                      Delete Section
                    </Button>
                  </div>
                ) : null}
              </div>
              {selected.items.length === 0 ? (
                <p className="rounded-lg border border-dashed border-border bg-card p-6 text-sm text-muted-foreground">
                  No items in this section yet.
                </p>
              ) : (
                <ul className="grid gap-3">
                  {selected.items.map((item, index) => (
                    <li key={item.id}>
                      <Card className="flex flex-wrap items-start gap-4 p-4">
                        {item.imageUrl ? (
                          <img src={item.imageUrl} alt="" className="size-20 rounded-md object-cover" loading="lazy" />
                        ) : (
                          <div
                            className="grid size-20 place-items-center rounded-md bg-muted text-muted-foreground"
                            aria-hidden="true"
                          >
                            <UtensilsCrossed className="size-6" />
                          </div>
                        )}
                        <div className="grid min-w-48 flex-1 gap-1">
                          <div className="flex flex-wrap items-center gap-2">
                            <h3 className="font-semibold">{item.name}</h3>
                            <span className="font-semibold text-primary">{formatPrice(item.priceMinor)}</span>
                            {!item.isAvailable ? <Badge variant="destructive">Unavailable</Badge> : null}
                            {item.isVegetarian ? (
                              <Badge variant="secondary">
                                <Leaf aria-hidden="true" className="mr-1 size-3" />
                                Vegetarian
                              </Badge>
                            ) : null}
                            {item.isSpicy ? (
                              <Badge variant="warning">
                                <Flame aria-hidden="true" className="mr-1 size-3" />
                                Spicy
                              </Badge>
                            ) : null}
                          </div>
                          {item.description ? (
                            <p className="text-sm text-muted-foreground">{item.description}</p>
                          ) : null}
                          <p className="text-xs text-muted-foreground">
                            {item.category}
                            {item.allergens.length ? ` · Allergens: ${item.allergens.join(', ')}` : ''}
                          </p>
                        </div>
                        {canEditBase ? (
                          <div className="flex items-center gap-1">
                            <Button
                              size="icon"
                              variant="ghost"
                              aria-label={`Move ${item.name} up`}
                              disabled={index === 0}
                              onClick={() => void moveItem(selected, item, -1)}
                            >
                              <ArrowUp aria-hidden="true" />
                            </Button>
                            <Button
                              size="icon"
                              variant="ghost"

                              aria-label={`Move ${item.name} down`}
                              disabled={index === selected.items.length - 1}
                              onClick={() => void moveItem(selected, item, 1)}
                            >
                              <ArrowDown aria-hidden="true" />
                            </Button>
                            <Button
                              size="sm"
                              variant="ghost"
                              aria-label={`Options for ${item.name}`}
                              onClick={() => setDialog({ kind: 'itemOptions', item })}
                            >
                              <ListChecks aria-hidden="true" />
                              Options{item.optionGroups.length ? ` (${item.optionGroups.length})` : ''}
                            </Button>
                            <Button
                              size="icon"
                              variant="ghost"
                              aria-label={`Edit ${item.name}`}
                              onClick={() => setDialog({ kind: 'editItem', item })}
                            >
                              <Pencil aria-hidden="true" />
                            </Button>
                            <Button
                              size="icon"
                              variant="ghost"
                              aria-label={`Delete ${item.name}`}
                              onClick={() => setDialog({ kind: 'deleteItem', item })}
                            >
                              <Trash2 aria-hidden="true" />
                            </Button>
                          </div>
                        ) : null}
                      </Card>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ) : null}
        </div>
      )}

      <SectionDialog
        open={dialog.kind === 'addSection' || dialog.kind === 'editSection'}
        mode={dialog.kind === 'editSection' ? 'edit' : 'add'}
        initialTitle={dialog.kind === 'editSection' ? (dialog.section.title ?? '') : ''}
        onClose={close}
        onSave={(title) =>
          dialog.kind === 'editSection'
            ? save(
                () =>
                  call(endpoints.menu.patchPartnerSectionsBySectionId, {
                    params: { sectionId: dialog.section.id },
                    body: { title },
                  }),
                'Section updated successfully',
                'Failed to update section',
              )
            : save(
                async () => {
                  const { section } = await call(endpoints.menu.postPartnerMenusByMenuIdSections, {
                    params: { menuId: menu.id },
                    body: { title },
                  });
                  setSelectedId(section.id);
                },
                'Section added successfully',
                'Failed to add section',
                false,
              )
        }
      />
      <ItemOptionsEditor
        item={dialog.kind === 'itemOptions' ? dialog.item : null}
        onClose={close}
        onSave={(body) =>
          dialog.kind === 'itemOptions'
            ? save(
                () => call(endpoints.menu.putPartnerItemsByItemIdOptions, { params: { itemId: dialog.item.id }, body }),
                'Options saved',
                'Failed to save options',
              )
            : Promise.resolve()
        }
      />
      <ItemDialog
        open={dialog.kind === 'addItem' || dialog.kind === 'editItem'}
        item={dialog.kind === 'editItem' ? dialog.item : null}
        onClose={close}
        onSave={saveItem}
      />
      <ConfirmDialog
        open={dialog.kind === 'deleteSection'}
        onClose={close}
        title={
          dialog.kind === 'deleteSection' ? `Delete ${dialog.section.title ?? 'this section'}?` : 'Delete section?'
        }
        description="The section and every item in it are removed from all locations. This cannot be undone."
        confirmLabel="Delete Section"
        busy={busy}
        onConfirm={() =>
          dialog.kind === 'deleteSection' &&
          void run(
            () => call(endpoints.menu.deletePartnerSectionsBySectionId, { params: { sectionId: dialog.section.id } }),
            'Section deleted successfully',
            'Failed to delete section',
          ).then((ok) => ok && close())
        }
      />
      <ConfirmDialog
        open={dialog.kind === 'deleteItem'}
        onClose={close}
        title={dialog.kind === 'deleteItem' ? `Delete ${dialog.item.name}?` : 'Delete item?'}
        description="The item is removed from the menu of every location. This cannot be undone."
        confirmLabel="Delete Item"
        busy={busy}
        onConfirm={() =>
          dialog.kind === 'deleteItem' &&
          void run(
            () => call(endpoints.menu.deletePartnerItemsByItemId, { params: { itemId: dialog.item.id } }),
            'Item deleted successfully',
            'Failed to delete item',
          ).then((ok) => ok && close())
        }
      />
    </div>
  );
}
