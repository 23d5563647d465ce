import { describe, expect, it } from 'vitest';
import { effectiveStatus, evenly, groupActionProblem, proRata, splitGroupOrder } from './group-order';

describe('splitGroupOrder', () => {
  const cases: {
    name: string;
    members: string[];
    lines: [string, number][];
    totals: { subtotalMinor: number; deliveryFeeMinor: number; totalMinor: number };
    want: Record<string, [food: number, fee: number, other: number]>;
  }[] = [
    {
      name: 'fee evenly, service fee pro rata',
      members: ['h', 'a', 'b'],
      lines: [
        ['h', 1000],
        ['a', 2000],
        ['b', 1000],
      ],
      totals: { subtotalMinor: 4000, deliveryFeeMinor: 300, totalMinor: 4700 },
      want: { h: [1000, 100, 100], a: [2000, 100, 200], b: [1000, 100, 100] },
    },
    {
      name: 'odd pennies of the fee to the earliest joined',
      members: ['h', 'a', 'b'],
      lines: [
        ['h', 500],
        ['a', 500],
        ['b', 500],
      ],
      totals: { subtotalMinor: 1500, deliveryFeeMinor: 299, totalMinor: 1799 },
      want: { h: [500, 100, 0], a: [500, 100, 0], b: [500, 99, 0] },
    },
    {
      name: 'a member with no lines owes nothing',
      members: ['h', 'a', 'b'],
      lines: [
        ['h', 1200],
        ['b', 800],
        ['h', 300],
      ],
      totals: { subtotalMinor: 2300, deliveryFeeMinor: 250, totalMinor: 2550 },
      want: { h: [1500, 125, 0], a: [0, 0, 0], b: [800, 125, 0] },
    },
    {
      name: 'a discount is shared pro rata (negative other)',
      members: ['h', 'a'],
      lines: [
        ['h', 3000],
        ['a', 1000],
      ],
      totals: { subtotalMinor: 4000, deliveryFeeMinor: 0, totalMinor: 3600 },
      want: { h: [3000, 0, -300], a: [1000, 0, -100] },
    },
    {
      name: 'uneven remainder by largest fraction',
      members: ['h', 'a', 'b'],
      lines: [
        ['h', 100],
        ['a', 100],
        ['b', 100],
      ],
      totals: { subtotalMinor: 300, deliveryFeeMinor: 0, totalMinor: 310 },
      want: { h: [100, 0, 4], a: [100, 0, 3], b: [100, 0, 3] },
    },
  ];
  it.each(cases)('$name', ({ members, lines, totals, want }) => {
    const shares = splitGroupOrder(
      members,
      lines.map(([memberId, lineTotalMinor]) => ({ memberId, lineTotalMinor })),
      totals,
    );
    expect(
      Object.fromEntries(shares.map((s) => [s.memberId, [s.foodMinor, s.deliveryFeeMinor, s.otherMinor]])),
    ).toEqual(want);
    expect(shares.reduce((a, s) => a + s.totalMinor, 0)).toBe(totals.totalMinor);
  });

  it('always adds up to the total', () => {
    for (let seed = 1; seed < 200; seed++) {
      const n = (seed % 5) + 1;
      const members = Array.from({ length: n }, (_, i) => `m${i}`);
      const lines = members.map((m, i) => ({ memberId: m, lineTotalMinor: ((seed * (i + 7)) % 997) + 1 }));
      const subtotalMinor = lines.reduce((a, l) => a + l.lineTotalMinor, 0);
      const totals = {
        subtotalMinor,
        deliveryFeeMinor: seed % 400,
        totalMinor: subtotalMinor + (seed % 400) + (seed % 37),
      };
      const shares = splitGroupOrder(members, lines, totals);
      expect(shares.reduce((a, s) => a + s.totalMinor, 0)).toBe(totals.totalMinor);
    }
  });
});

describe('evenly and proRata', () => {
  it.each([
    [100, 3, [34, 33, 33]],
    [0, 2, [0, 0]],
    [5, 0, []],
  ])('evenly(%i, %i)', (amount, n, want) => expect(evenly(amount, n)).toEqual(want));
  it.each([
    [10, [1, 1, 1], [4, 3, 3]],
    [10, [0, 0], [5, 5]],
    [-10, [1, 3], [-3, -7]],
  ])('proRata(%i, %j)', (amount, weights, want) => expect(proRata(amount, weights)).toEqual(want));
});

describe('groupActionProblem', () => {
  const rows: [
    Parameters<typeof groupActionProblem>[0],
    Parameters<typeof groupActionProblem>[1],
    boolean,
    ReturnType<typeof groupActionProblem>,
  ][] = [
    ['addLine', 'open', false, null],
    ['addLine', 'locked', false, 'locked'],
    ['addLine', 'ordered', true, 'ended'],
    ['editOwnLine', 'locked', true, 'locked'],
    ['join', 'locked', false, 'locked'],
    ['join', 'expired', false, 'ended'],
    ['removeAnyLine', 'open', false, 'hostOnly'],
    ['removeAnyLine', 'locked', true, null],
    ['lock', 'open', false, 'hostOnly'],
    ['lock', 'open', true, null],
    ['unlock', 'open', true, 'notLocked'],
    ['unlock', 'locked', true, null],
    ['checkout', 'open', true, 'notLocked'],
    ['checkout', 'locked', true, null],
    ['checkout', 'locked', false, 'hostOnly'],
    ['cancel', 'cancelled', true, 'ended'],
    ['resetLink', 'open', true, null],
  ];
  it.each(rows)('%s when %s (host %s) -> %s', (action, status, isHost, want) =>
    expect(groupActionProblem(action, status, isHost)).toBe(want),
  );
});

describe('effectiveStatus', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  it.each([
    ['open', '2026-11-29T11:59:59Z', 'expired'],
    ['locked', '2026-11-29T12:00:00Z', 'expired'],
    ['open', '2026-11-29T12:00:01Z', 'open'],
    ['ordered', '2026-11-29T11:00:00Z', 'ordered'],
  ] as const)('%s ending %s -> %s', (status, at, want) =>
    expect(effectiveStatus(status, new Date(at), now)).toBe(want),
  );
});
