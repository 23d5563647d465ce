/**
 * Item options and modifiers (docs/product/partner.md#item-options, docs/product/customer.md#item-options):
 * groups of choices on a menu item, each with a minimum and maximum number of picks, each option
 * with its own price in pence. The same rules price a line in the item dialog and on the server,
 * which never trusts the browser's prices (docs/decisions/0160-item-options.md).
 */

export type MenuOption = { id: string; name: string; priceMinor: number };

export type OptionGroup = {
  id: string;
  name: string;
  /** 0: optional; 1 or more: the customer must pick at least this many. */
  minSelect: number;
  /** At most this many picks (1: a single choice). */
  maxSelect: number;
  options: MenuOption[];
};

/** A chosen option as an order line keeps it: names and price copied, so later menu edits never change it. */
export type ChosenOption = { group: string; name: string; priceMinor: number };

export const MAX_OPTION_GROUPS = 10;
export const MAX_OPTIONS_PER_GROUP = 20;

/** A single choice the customer must make (size, spice level): shown as radio buttons. */
export function isSingleChoice(group: Pick<OptionGroup, 'minSelect' | 'maxSelect'>): boolean {
  return group.minSelect === 1 && group.maxSelect === 1;
}

/** The rule under a group's name: "Required", "Optional, up to 3", "Choose 2 to 3"… */
export function groupRuleText(group: Pick<OptionGroup, 'minSelect' | 'maxSelect'>): string {
  const { minSelect: min, maxSelect: max } = group;
  if (min === 0) return max === 1 ? 'Optional, choose 1' : `Optional, up to ${max}`;
  if (min === 1 && max === 1) return 'Required';
  if (min === max) return `Required, choose ${min}`;
  return `Required, choose ${min} to ${max}`;
}

/**
 * What is wrong with a group as the partner set it, or null: a name, at least one option,
 * 0 <= min <= max, min no more than the options there are.
 */
export function groupProblem(
  group: Pick<OptionGroup, 'name' | 'minSelect' | 'maxSelect'> & { options: { name: string }[] },
): string | null {
  const name = group.name.trim() || 'A group';
  if (!group.name.trim()) return 'Every option group needs a name';
  if (!group.options.length) return `${name} needs at least one option`;
  if (group.maxSelect < 1) return `${name}: the maximum must be at least 1`;
  if (group.minSelect > group.maxSelect) return `${name}: the minimum cannot be more than the maximum`;
  if (group.minSelect > group.options.length) return `${name}: the minimum cannot be more than the number of options`;
  const names = group.options.map((o) => o.name.trim().toLowerCase());
  if (new Set(names).size !== names.length) return `${name}: two options have the same name`;
  return null;
}

/** The groups as one branch sells them: options it marked unavailable are left out. */
export function branchGroups(
  groups: readonly OptionGroup[],
  unavailableOptionIds: readonly string[] | null,
): OptionGroup[] {
  const off = new Set(unavailableOptionIds ?? []);
  return groups
    .map((g) => ({ ...g, options: g.options.filter((o) => !off.has(o.id)) }))
    .filter((g) => g.options.length > 0 || g.minSelect > 0);
}

/** A refusal of a group's rule names the group (`groupId`), so the item dialog shows it under that group. */
export type OptionChoice =
  { ok: true; chosen: ChosenOption[]; optionsMinor: number } | { ok: false; message: string; groupId?: string };

/**
 * Checks the customer's picks for one item against its groups (as the branch sells them) and
 * prices them: every id must be an option of this item, each group between its min and max.
 * Refusal texts name the group and the item, as the customer reads them.
 */
export function chooseOptions(
  itemName: string,
  groups: readonly OptionGroup[],
  optionIds: readonly string[],
): OptionChoice {
  const picked = new Set(optionIds);
  if (picked.size !== optionIds.length) return { ok: false, message: `An option was chosen twice for ${itemName}` };
  const known = new Set(groups.flatMap((g) => g.options.map((o) => o.id)));
  if (optionIds.some((id) => !known.has(id)))
    return { ok: false, message: `An option you chose for ${itemName} is no longer available` };
  const chosen: ChosenOption[] = [];
  let optionsMinor = 0;
  for (const g of groups) {
    const mine = g.options.filter((o) => picked.has(o.id));
    if (mine.length < g.minSelect) {
      return {
        ok: false,
        groupId: g.id,
        message:
          g.minSelect === 1
            ? `Please choose ${g.name} for ${itemName}`
            : `Please choose at least ${g.minSelect} of ${g.name} for ${itemName}`,
      };
    }
    if (mine.length > g.maxSelect) {
      return {
        ok: false,
        groupId: g.id,
        message:
          g.maxSelect === 1
            ? `Choose only one ${g.name} for ${itemName}`
            : `Choose at most ${g.maxSelect} of ${g.name} for ${itemName}`,
      };
    }
    for (const o of mine) {
      chosen.push({ group: g.name, name: o.name, priceMinor: o.priceMinor });
      optionsMinor += o.priceMinor;
    }
  }
  return { ok: true, chosen, optionsMinor };
}

/** The options of a line as one short text: "Large, Extra cheese (+£0.80)". */
export function optionsText(chosen: readonly ChosenOption[], formatPence: (minor: number) => string): string {
  return chosen.map((o) => (o.priceMinor > 0 ? `${o.name} (+${formatPence(o.priceMinor)})` : o.name)).join(', ');
}

/** The cart's line id for an item with these options: the same item with other options is another line. */
export function lineId(menuItemId: string, optionIds: readonly string[]): string {
  return optionIds.length ? `${menuItemId}~${[...optionIds].sort().join('.')}` : menuItemId;
}
