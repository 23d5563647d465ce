/**
 * Group orders (docs/product/group-orders.md): one shared basket at one branch, built by several
 * people and placed by its host as one order paid in cash at the door. The pure rules: the states
 * and who may do what in them, the limits, and how the order's total is split per person
 * (docs/decisions/0257-group-order-split.md).
 */

export const GROUP_ORDER_STATUSES = ['open', 'locked', 'ordered', 'cancelled', 'expired'] as const;
export type GroupOrderStatus = (typeof GROUP_ORDER_STATUSES)[number];

/** The limits a new group order takes (kept on its row, so a later change never moves a live basket). */
export const GROUP_ORDER_LIMITS = {
  maxMembers: 12,
  maxLines: 60,
  /** How long a basket stays open from its start: after this it ends as expired. */
  ttlMinutes: 180,
} as const;

/** The states a basket ends in: nothing moves it again. */
export function isEnded(status: GroupOrderStatus): boolean {
  return status === 'ordered' || status === 'cancelled' || status === 'expired';
}

/** An open or locked basket past its end time reads as expired (the sweeper also writes it so). */
export function effectiveStatus(status: GroupOrderStatus, expiresAt: Date, now: Date): GroupOrderStatus {
  if ((status === 'open' || status === 'locked') && expiresAt.getTime() <= now.getTime()) return 'expired';
  return status;
}

export const GROUP_ORDER_MESSAGES = {
  notFound: 'This group order link is not valid any more. Ask the host for a new link.',
  locked: 'The host has locked the basket, so it cannot be changed now.',
  ended: {
    ordered: 'This group order has been placed.',
    cancelled: 'The host cancelled this group order.',
    expired: 'This group order has expired.',
  },
  full: (max: number) => `This group order is full (at most ${max} people).`,
  tooManyLines: (max: number) => `The basket is full (at most ${max} lines).`,
  notYourLine: 'You can only change the items you added.',
  hostOnly: 'Only the host can do this.',
  emptyBasket: 'Add at least one item before checking out.',
  lockFirst: 'Lock the basket before checking out.',
  nameNeeded: 'Please enter your name',
  /** What the page says under an ended basket (docs/product/group-orders.md#limits). */
  endedNote: {
    cancelled: 'The host cancelled this group order. Nothing was ordered.',
    expired: 'This group order expired before the host placed it. Nothing was ordered.',
  },
  tooManyTriesFromHere:
    'Too many group order links opened from your connection. Please wait a few minutes and try again.',
  tooManyJoining: 'Too many people are trying to join this group order. Please wait a few minutes and try again.',
} as const;

/**
 * How often a link may be opened or joined through (docs/decisions/0270-group-order-expiry-and-join-limits.md):
 * per client address (guessing links, opening many) and per group (flooding one shared link), in one
 * window. A table of friends or an office joins well within both.
 */
export const GROUP_JOIN_LIMITS = { perAddress: 30, perGroup: 40, windowSeconds: 15 * 60 } as const;

export type GroupAction =
  'addLine' | 'editOwnLine' | 'removeAnyLine' | 'lock' | 'unlock' | 'cancel' | 'resetLink' | 'checkout' | 'join';

/**
 * Whether an action is allowed in this state, and by whom: null when it is, else the refusal
 * (`ended` or `locked` are 409s; `hostOnly` a 403). Table-tested in group-order.test.ts.
 */
export function groupActionProblem(
  action: GroupAction,
  status: GroupOrderStatus,
  isHost: boolean,
): 'hostOnly' | 'ended' | 'locked' | 'notLocked' | null {
  const hostActions: GroupAction[] = ['removeAnyLine', 'lock', 'unlock', 'cancel', 'resetLink', 'checkout'];
  if (hostActions.includes(action) && !isHost) return 'hostOnly';
  if (isEnded(status)) return 'ended';
  switch (action) {
    case 'addLine':
    case 'editOwnLine':
    case 'join':
      return status === 'locked' ? 'locked' : null;
    // The host may tidy the basket before and after locking it; locking twice is harmless.
    case 'removeAnyLine':
    case 'lock':
      return null;
    case 'unlock':
    case 'checkout':
      return status === 'locked' ? null : 'notLocked';
    case 'cancel':
    case 'resetLink':
      return null;
  }
}

export type SplitLine = { memberId: string; lineTotalMinor: number };
export type SplitTotals = { subtotalMinor: number; deliveryFeeMinor: number; totalMinor: number };
export type MemberShare = {
  memberId: string;
  foodMinor: number;
  deliveryFeeMinor: number;
  /** The service fee less any discount, shared in proportion to each person's food. */
  otherMinor: number;
  totalMinor: number;
};

/** Splits `amount` into parts proportional to `weights` (largest remainder; ties to the earlier). Sums exactly to amount. */
export function proRata(amount: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (!weights.length) return [];
  // A discount shares out as the same parts, negated: the larger share takes the larger part either way.
  if (amount < 0) return proRata(-amount, weights).map((p) => -p || 0);
  if (sum <= 0) return evenly(amount, weights.length);
  const exact = weights.map((w) => (amount * w) / sum);
  const parts = exact.map((x) => Math.floor(x));
  let rest = amount - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (let k = 0; rest > 0; k = (k + 1) % order.length, rest--) parts[order[k].i] += 1;
  return parts;
}

/** Splits `amount` into n near-equal parts, the odd pennies to the first. Sums exactly to amount. */
export function evenly(amount: number, n: number): number[] {
  if (n <= 0) return [];
  const base = Math.floor(amount / n);
  const rest = amount - base * n;
  return Array.from({ length: n }, (_, i) => base + (i < rest ? 1 : 0));
}

/**
 * Each person's share of the order (docs/decisions/0257-group-order-split.md): their own lines'
 * food; the delivery fee evenly among the people with lines (odd pennies to the earliest joined,
 * the host first); and whatever else the order's total holds beyond food and delivery (the service
 * fee, less any discount) in proportion to each person's food. The shares always add up to the
 * order's total. `memberIds` in joining order; people with no lines owe nothing.
 */
export function splitGroupOrder(memberIds: string[], lines: SplitLine[], totals: SplitTotals): MemberShare[] {
  const food = new Map(memberIds.map((id) => [id, 0]));
  for (const l of lines) food.set(l.memberId, (food.get(l.memberId) ?? 0) + l.lineTotalMinor);
  const payers = [...food.entries()].filter(([, f]) => f > 0).map(([id]) => id);
  const fees = evenly(totals.deliveryFeeMinor, payers.length);
  const other = totals.totalMinor - totals.subtotalMinor - totals.deliveryFeeMinor;
  const others = proRata(
    other,
    payers.map((id) => food.get(id)!),
  );
  return [...food.keys()].map((memberId) => {
    const i = payers.indexOf(memberId);
    const foodMinor = food.get(memberId)!;
    const deliveryFeeMinor = i < 0 ? 0 : fees[i];
    const otherMinor = i < 0 ? 0 : others[i];
    return { memberId, foodMinor, deliveryFeeMinor, otherMinor, totalMinor: foodMinor + deliveryFeeMinor + otherMinor };
  });
}
