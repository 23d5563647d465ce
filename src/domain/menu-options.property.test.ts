import { describe, expect, it } from 'vitest';
import {
  type OptionGroup,
  branchGroups,
  chooseOptions,
  groupProblem,
  groupRuleText,
  isSingleChoice,
  lineId,
  optionsText,
} from './menu-options';

/** mulberry32: a tiny seeded generator, so a failing case can be replayed from its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return { next, int };
}

type Item = { id: string; name: string; priceMinor: number; groups: OptionGroup[] };

/** A random item with 0 to 4 valid groups of 1 to 6 options each. */
function randomItem(r: ReturnType<typeof random>, n: number): Item {
  const groups: OptionGroup[] = [];
  for (let g = 0; g < r.int(0, 4); g++) {
    const options = Array.from({ length: r.int(1, 6) }, (_, o) => ({
      id: `i${n}g${g}o${o}`,
      name: `Option ${o}`,
      priceMinor: r.int(0, 3) === 0 ? 0 : r.int(1, 500),
    }));
    const maxSelect = r.int(1, options.length);
    const minSelect = r.int(0, maxSelect);
    groups.push({ id: `i${n}g${g}`, name: `Group ${g}`, minSelect, maxSelect, options });
  }
  return { id: `item${n}`, name: `Dish ${n}`, priceMinor: r.int(0, 2000), groups };
}

/** A valid pick: between min and max options of each group. */
function validPick(r: ReturnType<typeof random>, item: Item): string[] {
  return item.groups.flatMap((g) => {
    const count = r.int(g.minSelect, g.maxSelect);
    const shuffled = [...g.options].sort(() => r.next() - 0.5);
    return shuffled.slice(0, count).map((o) => o.id);
  });
}

const RUNS = 400;

describe('option pricing (property)', () => {
  it('a basket total always equals the sum of item prices and chosen options at menu prices, times quantities', () => {
    for (let seed = 1; seed <= RUNS; seed++) {
      const r = random(seed);
      const items = Array.from({ length: r.int(1, 5) }, (_, n) => randomItem(r, n));
      let total = 0;
      let expected = 0;
      for (const item of items) {
        const ids = validPick(r, item);
        const quantity = r.int(1, 5);
        const choice = chooseOptions(item.name, item.groups, ids);
        expect(choice.ok, `seed ${seed}`).toBe(true);
        if (!choice.ok) return;
        total += (item.priceMinor + choice.optionsMinor) * quantity;
        const menuPrices = item.groups.flatMap((g) => g.options).filter((o) => ids.includes(o.id));
        expected += (item.priceMinor + menuPrices.reduce((s, o) => s + o.priceMinor, 0)) * quantity;
        expect(choice.chosen).toHaveLength(ids.length);
        expect(choice.chosen.reduce((s, o) => s + o.priceMinor, 0)).toBe(choice.optionsMinor);
      }
      expect(total, `seed ${seed}`).toBe(expected);
      expect(Number.isSafeInteger(total)).toBe(true);
    }
  });

  it('refuses a pick that leaves a required group short, naming the group and the item', () => {
    let checked = 0;
    for (let seed = 1; seed <= RUNS; seed++) {
      const r = random(seed);
      const item = randomItem(r, 0);
      const required = item.groups.find((g) => g.minSelect > 0);
      if (!required) continue;
      const ids = validPick(r, item).filter((id) => !required.options.some((o) => o.id === id));
      const choice = chooseOptions(item.name, item.groups, ids);
      expect(choice.ok, `seed ${seed}`).toBe(false);
      if (!choice.ok) expect(choice.message).toContain(required.name);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('refuses a pick over a group maximum', () => {
    let checked = 0;
    for (let seed = 1; seed <= RUNS; seed++) {
      const r = random(seed);
      const item = randomItem(r, 0);
      const group = item.groups.find((g) => g.maxSelect < g.options.length);
      if (!group) continue;
      const others = validPick(r, item).filter((id) => !group.options.some((o) => o.id === id));
      const over = group.options.slice(0, group.maxSelect + 1).map((o) => o.id);
      const choice = chooseOptions(item.name, item.groups, [...others, ...over]);
      expect(choice.ok, `seed ${seed}`).toBe(false);
      if (!choice.ok) expect(choice.message).toContain(group.name);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });
});

const size: OptionGroup = {
  id: 'size',
  name: 'Size',
  minSelect: 1,
  maxSelect: 1,
  options: [
    { id: 'reg', name: 'Regular', priceMinor: 0 },
    { id: 'lg', name: 'Large', priceMinor: 250 },
  ],
};
const extras: OptionGroup = {
  id: 'extras',
  name: 'Extras',
  minSelect: 0,
  maxSelect: 2,
  options: [
    { id: 'cheese', name: 'Cheese', priceMinor: 80 },
    { id: 'egg', name: 'Egg', priceMinor: 100 },
    { id: 'chips', name: 'Chips', priceMinor: 150 },
  ],
};

describe('option rules', () => {
  it('says what is missing and what is too many in the customer’s words', () => {
    expect(chooseOptions('Mixed Grill', [size, extras], ['cheese'])).toEqual({
      ok: false,
      groupId: 'size',
      message: 'Please choose Size for Mixed Grill',
    });
    expect(chooseOptions('Mixed Grill', [size, extras], ['reg', 'cheese', 'egg', 'chips'])).toEqual({
      ok: false,
      groupId: 'extras',
      message: 'Choose at most 2 of Extras for Mixed Grill',
    });
    expect(chooseOptions('Mixed Grill', [size, extras], ['reg', 'lg'])).toMatchObject({ ok: false });
    expect(chooseOptions('Mixed Grill', [size], ['nope'])).toEqual({
      ok: false,
      message: 'An option you chose for Mixed Grill is no longer available',
    });
    expect(chooseOptions('Mixed Grill', [size], ['lg', 'lg'])).toMatchObject({ ok: false });
  });

  it('copies the names and prices of the chosen options', () => {
    expect(chooseOptions('Mixed Grill', [size, extras], ['egg', 'lg'])).toEqual({
      ok: true,
      optionsMinor: 350,
      chosen: [
        { group: 'Size', name: 'Large', priceMinor: 250 },
        { group: 'Extras', name: 'Egg', priceMinor: 100 },
      ],
    });
  });

  it('leaves out options a branch marked unavailable, and empty optional groups', () => {
    const groups = branchGroups([size, { ...extras, options: [extras.options[0]] }], ['lg', 'cheese']);
    expect(groups).toEqual([{ ...size, options: [size.options[0]] }]);
  });

  it('names the rule of each group and tells radios from checkboxes', () => {
    expect(groupRuleText(size)).toBe('Required');
    expect(groupRuleText(extras)).toBe('Optional, up to 2');
    expect(groupRuleText({ minSelect: 2, maxSelect: 3 })).toBe('Required, choose 2 to 3');
    expect(isSingleChoice(size)).toBe(true);
    expect(isSingleChoice(extras)).toBe(false);
  });

  it('refuses a group the partner set up inconsistently', () => {
    expect(groupProblem(size)).toBeNull();
    expect(groupProblem({ ...size, name: ' ' })).toBe('Every option group needs a name');
    expect(groupProblem({ ...size, options: [] })).toBe('Size needs at least one option');
    expect(groupProblem({ ...size, minSelect: 2, maxSelect: 1 })).toBe(
      'Size: the minimum cannot be more than the maximum',
    );
    expect(groupProblem({ ...extras, minSelect: 4, maxSelect: 4 })).toBe(
      'Extras: the minimum cannot be more than the number of options',
    );
  });

  it('gives one cart line per item and set of options, whatever their order', () => {
    expect(lineId('a', [])).toBe('a');
    expect(lineId('a', ['y', 'x'])).toBe(lineId('a', ['x', 'y']));
    expect(lineId('a', ['x'])).not.toBe(lineId('a', ['y']));
    expect(optionsText(chooseOptionsOk(['lg', 'cheese']), (m) => `£${(m / 100).toFixed(2)}`)).toBe(
      'Large (+£2.50), Cheese (+£0.80)',
    );
  });
});

function chooseOptionsOk(ids: string[]) {
  const c = chooseOptions('x', [size, extras], ids);
  if (!c.ok) throw new Error(c.message);
  return c.chosen;
}
