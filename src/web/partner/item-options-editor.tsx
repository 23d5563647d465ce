import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash';
import { useEffect, useState } from 'react';
import type { ManagedItem } from '../../domain/contracts/menu/menu';
import type { ItemOptionsInput } from '../../domain/contracts/menu/options';
import { parsePriceInput, penceToInput } from '../../domain/menu';
import { groupProblem } from '../../domain/menu-options';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { TextField } from '../ui/text-field';
import { useFormErrors } from '../ui/use-form-errors';

type OptionDraft = { id?: string; name: string; price: string };
type GroupDraft = { id?: string; name: string; min: string; max: string; options: OptionDraft[] };

const draftOf = (item: ManagedItem | null): GroupDraft[] =>
  (item?.optionGroups ?? []).map((g) => ({
    id: g.id,
    name: g.name,
    min: String(g.minSelect),
    max: String(g.maxSelect),
    options: g.options.map((o) => ({ id: o.id, name: o.name, price: penceToInput(o.priceMinor) })),
  }));

/** A control's name: the body path the server names when it refuses it. */
const groupPath = (gi: number, key: 'name' | 'minSelect' | 'maxSelect') => `groups.${gi}.${key}`;
const optionPath = (gi: number, oi: number, key: 'name' | 'priceMinor') => `groups.${gi}.options.${oi}.${key}`;

/**
 * The form as the endpoint takes it, or the first thing wrong with it in the partner's words, on
 * the control to fix (a group's rule, which no one control holds, on no control).
 */
function toBody(groups: GroupDraft[]): { body: ItemOptionsInput } | { problem: string; path?: string } {
  const out: ItemOptionsInput['groups'] = [];
  for (const [gi, g] of groups.entries()) {
    const options = [];
    for (const [oi, o] of g.options.entries()) {
      const priceMinor = parsePriceInput(o.price || '0');
      if (priceMinor === null)
        return {
          problem: `${o.name || 'An option'}: please enter a valid price`,
          path: optionPath(gi, oi, 'priceMinor'),
        };
      options.push({ ...(o.id ? { id: o.id } : {}), name: o.name.trim(), priceMinor });
    }
    const group = { name: g.name.trim(), minSelect: Number(g.min), maxSelect: Number(g.max), options };
    if (!Number.isInteger(group.minSelect) || !Number.isInteger(group.maxSelect))
      return {
        problem: `${group.name || 'A group'}: minimum and maximum are whole numbers`,
        path: groupPath(gi, Number.isInteger(group.minSelect) ? 'maxSelect' : 'minSelect'),
      };
    const unnamed = options.findIndex((o) => !o.name);
    if (unnamed >= 0) return { problem: 'Every option needs a name', path: optionPath(gi, unnamed, 'name') };
    const problem = groupProblem(group);
    if (problem) return { problem };
    out.push({ ...(g.id ? { id: g.id } : {}), ...group });
  }
  return { body: { groups: out } };
}

/** Every control's name, for the form kit. */
const fieldsOf = (groups: GroupDraft[]): string[] =>
  groups.flatMap((g, gi) => [
    groupPath(gi, 'name'),
    groupPath(gi, 'minSelect'),
    groupPath(gi, 'maxSelect'),
    ...g.options.flatMap((_, oi) => [optionPath(gi, oi, 'name'), optionPath(gi, oi, 'priceMinor')]),
  ]);

/**
 * The item's option groups in the Menu Manager (docs/product/partner.md#item-options): a required
 * choice (minimum 1, maximum 1) such as a size, or extras with prices up to a maximum.
 */
export function ItemOptionsEditor({
  item,
  onClose,
  onSave,
}: {
  item: ManagedItem | null;
  onClose: () => void;
  onSave: (body: ItemOptionsInput) => Promise<unknown>;
}) {
  const [groups, setGroups] = useState<GroupDraft[]>(() => draftOf(item));
  // A group's rule, which no one control holds, shows above the buttons; the server's refusals of
  // no control are in the page's toast.
  const [problem, setProblem] = useState<string | null>(null);
  const { formRef, errors, busy, check, submit, clear } = useFormErrors(fieldsOf(groups));
  useEffect(() => {
    setGroups(draftOf(item));
    setProblem(null);
    clear();
  }, [item, clear]);

  const setGroup = (gi: number, change: Partial<GroupDraft>) =>
    setGroups((gs) => gs.map((g, k) => (k === gi ? { ...g, ...change } : g)));
  const setOption = (gi: number, oi: number, change: Partial<OptionDraft>) =>
    setGroup(gi, { options: groups[gi].options.map((o, k) => (k === oi ? { ...o, ...change } : o)) });

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = toBody(groups);
    if ('problem' in result) {
      check(result.path ? { [result.path]: result.problem } : {});
      setProblem(result.path ? null : result.problem);
      return;
    }
    setProblem(null);
    await submit(() => onSave(result.body));
  };

  return (
    <Dialog
      open={item !== null}
      onClose={onClose}
      title={`Options for ${item?.name ?? ''}`}
      description="Minimum 1 and maximum 1 makes a required single choice, such as a size. Minimum 0 makes the group optional."
      className="max-w-2xl"
    >
      <form ref={formRef} onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
        {groups.map((g, gi) => (
          <fieldset key={gi} className="grid gap-3 rounded-md border border-border p-3">
            <legend className="px-1 text-sm font-semibold">Option group {gi + 1}</legend>
            <div className="grid gap-2 sm:grid-cols-[1fr_6rem_6rem_auto] sm:items-end">
              <TextField
                label="Group name"
                value={g.name}
                onChange={(e) => setGroup(gi, { name: e.target.value })}
                error={errors[groupPath(gi, 'name')]}
                placeholder="Size"
              />
              <TextField
                label="Minimum"
                inputMode="numeric"
                value={g.min}
                onChange={(e) => setGroup(gi, { min: e.target.value })}
                error={errors[groupPath(gi, 'minSelect')]}
              />
              <TextField
                label="Maximum"
                inputMode="numeric"
                value={g.max}
                onChange={(e) => setGroup(gi, { max: e.target.value })}
                error={errors[groupPath(gi, 'maxSelect')]}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove group ${g.name || gi + 1}`}
                onClick={() => setGroups((gs) => gs.filter((_, k) => k !== gi))}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
            {g.options.map((o, oi) => (
              <div key={oi} className="grid gap-2 sm:grid-cols-[1fr_8rem_auto] sm:items-end">
                <TextField
                  label={`Option ${oi + 1} name`}
                  value={o.name}
                  onChange={(e) => setOption(gi, oi, { name: e.target.value })}
                  error={errors[optionPath(gi, oi, 'name')]}
                />
                <TextField
                  label={`Option ${oi + 1} price (£)`}
                  inputMode="decimal"
                  value={o.price}
                  onChange={(e) => setOption(gi, oi, { price: e.target.value })}
                  error={errors[optionPath(gi, oi, 'priceMinor')]}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove option ${o.name || oi + 1}`}
                  onClick={() => setGroup(gi, { options: g.options.filter((_, k) => k !== oi) })}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            ))}
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() => setGroup(gi, { options: [...g.options, { name: '', price: '0.00' }] })}
            >
              <Plus aria-hidden="true" />
              Add Option
            </Button>
          </fieldset>
        ))}
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() =>
            setGroups((gs) => [...gs, { name: '', min: '0', max: '1', options: [{ name: '', price: '0.00' }] }])
          }
        >
          <Plus aria-hidden="true" />
          Add Option Group
        </Button>
        {problem ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {problem}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            Save Options
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
