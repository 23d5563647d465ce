import { describe, expect, it } from 'vitest';
import {
  type Offer,
  type OfferBasket,
  applyOffer,
  capDiscountToFloor,
  headlineOffer,
  isOfferLive,
  offerLabel,
  offerProblem,
  offerSaving,
  offerStatus,
} from './offers';

const ITEM = '00000000-0000-4000-8000-000000000001';
const NAAN = '00000000-0000-4000-8000-000000000002';

function offer(over: Partial<Offer>): Offer {
  return {
    id: 'a',
    brandId: 'b',
    siteId: null,
    kind: 'percent_off',
    percent: 20,
    capMinor: null,
    amountMinor: null,
    minSpendMinor: 0,
    itemIds: [],
    startsOn: '2026-01-01',
    endsOn: null,
    days: [],
    from: null,
    until: null,
    endedAt: null,
    ...over,
  };
}

function basket(subtotalMinor: number, over: Partial<OfferBasket> = {}): OfferBasket {
  return {
    lines: [{ menuItemId: ITEM, unitPriceMinor: subtotalMinor, optionsMinor: 0, quantity: 1 }],
    subtotalMinor,
    orderType: 'DELIVERY',
    deliveryFeeMinor: 299,
    ...over,
  };
}

// A Wednesday, 18:30 in London (BST ended: GMT).
const WED_EVENING = new Date('2026-11-25T18:30:00Z');

describe('offerSaving: every kind, caps, minimums, rounding in pence', () => {
  it.each([
    ['20% of £20.00', offer({ percent: 20 }), basket(2000), 400, 0],
    ['20% rounds down to the penny (£12.34 → 246p, not 247p)', offer({ percent: 20 }), basket(1234), 246, 0],
    ['15% of £9.99 = 149.85p → 149p', offer({ percent: 15 }), basket(999), 149, 0],
    ['20% capped at £5', offer({ percent: 20, capMinor: 500 }), basket(4000), 500, 0],
    ['20% under the cap', offer({ percent: 20, capMinor: 500 }), basket(2000), 400, 0],
    ['percentage below the minimum spend: nothing', offer({ percent: 20, minSpendMinor: 1500 }), basket(1499), 0, 0],
    ['percentage at the minimum spend exactly', offer({ percent: 10, minSpendMinor: 1500 }), basket(1500), 150, 0],
    ['£5 off over £20', offer({ kind: 'amount_off', amountMinor: 500, minSpendMinor: 2000 }), basket(2500), 500, 0],
    [
      '£5 off below £20: nothing',
      offer({ kind: 'amount_off', amountMinor: 500, minSpendMinor: 2000 }),
      basket(1999),
      0,
      0,
    ],
    ['free delivery over £15', offer({ kind: 'free_delivery', minSpendMinor: 1500 }), basket(1600), 0, 299],
    ['free delivery below £15: nothing', offer({ kind: 'free_delivery', minSpendMinor: 1500 }), basket(1400), 0, 0],
    [
      'free delivery on pickup: nothing',
      offer({ kind: 'free_delivery' }),
      basket(1600, { orderType: 'PICKUP', deliveryFeeMinor: 0 }),
      0,
      0,
    ],
    [
      'free delivery where delivery is already free',
      offer({ kind: 'free_delivery' }),
      basket(1600, { deliveryFeeMinor: 0 }),
      0,
      0,
    ],
  ] as const)('%s', (_name, o, b, food, delivery) => {
    expect(offerSaving(o, b)).toEqual({ foodDiscountMinor: food, deliveryDiscountMinor: delivery });
  });

  const mixed: OfferBasket = {
    lines: [
      // A naan at £2.50 with a £0.50 topping: free at its menu price, the topping still paid.
      { menuItemId: NAAN, unitPriceMinor: 300, optionsMinor: 50, quantity: 1 },
      { menuItemId: ITEM, unitPriceMinor: 900, optionsMinor: 0, quantity: 3 },
    ],
    subtotalMinor: 3000,
    orderType: 'DELIVERY',
    deliveryFeeMinor: 299,
  };
  it.each([
    ['free item with options: the menu price only', offer({ kind: 'free_item', itemIds: [NAAN] }), 250],
    ['free item: the cheapest of the chosen items', offer({ kind: 'free_item', itemIds: [NAAN, ITEM] }), 250],
    ['free item not in the basket: nothing', offer({ kind: 'free_item', itemIds: ['x'] }), 0],
    ['buy one get one: 3 units → one free', offer({ kind: 'buy_one_get_one', itemIds: [ITEM] }), 900],
    [
      'buy one get one across items: the cheaper of each pair',
      offer({ kind: 'buy_one_get_one', itemIds: [ITEM, NAAN] }),
      900 + 250,
    ],
    ['buy one get one with a single unit: nothing', offer({ kind: 'buy_one_get_one', itemIds: [NAAN] }), 0],
  ] as const)('%s', (_name, o, food) => {
    expect(offerSaving(o, mixed).foodDiscountMinor).toBe(food);
  });
});

describe('capDiscountToFloor: the food paid never falls below the platform floor', () => {
  it.each([
    [2000, 500, 1000, 0, 500],
    [1200, 500, 1000, 0, 200],
    [1000, 500, 1000, 0, 0],
    [900, 500, 1000, 0, 0],
    [3000, 1500, 1000, 1000, 1000],
    [2000, 500, 0, 0, 500],
    [2000, 5000, 0, 0, 2000],
  ])('food %i, discount %i, floor %i, already %i → %i', (food, discount, floor, already, out) => {
    expect(capDiscountToFloor(food, discount, floor, already)).toBe(out);
  });
});

describe('isOfferLive: dates, days and hours on the London clock', () => {
  it.each([
    ['no limits', {}, true],
    ['starts tomorrow', { startsOn: '2026-11-26' }, false],
    ['starts today', { startsOn: '2026-11-25' }, true],
    ['ended yesterday', { endsOn: '2026-11-24' }, false],
    ['ends today (inclusive)', { endsOn: '2026-11-25' }, true],
    ['Wednesdays only', { days: ['wednesday'] }, true],
    ['weekends only', { days: ['saturday', 'sunday'] }, false],
    ['17:00–21:00', { from: '17:00', until: '21:00' }, true],
    ['11:00–14:00', { from: '11:00', until: '14:00' }, false],
    ['window ending now is over', { from: '17:00', until: '18:30' }, false],
    ['window across midnight', { from: '18:00', until: '02:00' }, true],
    ['ended early by the partner', { endedAt: new Date('2026-11-25T18:00:00Z') }, false],
  ] as const)('%s', (_name, over, live) => {
    expect(isOfferLive(offer(over as Partial<Offer>), WED_EVENING)).toBe(live);
  });

  it('London summer time: 23:30 UTC on 30 June is already 1 July in London', () => {
    expect(isOfferLive(offer({ startsOn: '2026-07-01' }), new Date('2026-06-30T23:30:00Z'))).toBe(true);
  });
});

describe('applyOffer: at most one offer, the best for the customer, said which', () => {
  const percent = offer({ id: 'p', percent: 10 });
  const fiver = offer({ id: 'f', kind: 'amount_off', amountMinor: 500, minSpendMinor: 2000 });
  const delivery = offer({ id: 'd', kind: 'free_delivery' });
  it.each([
    ['10% of £30 (300p) beats free delivery (299p)', [percent, delivery], basket(3000), 'p', 300, 0],
    ['£5 off beats 10% of £30', [percent, fiver, delivery], basket(3000), 'f', 500, 0],
    ['free delivery beats 10% of £15', [percent, delivery], basket(1500), 'd', 0, 299],
    [
      'an offer not live is skipped',
      [offer({ id: 'x', percent: 50, startsOn: '2027-01-01' }), percent],
      basket(3000),
      'p',
      300,
      0,
    ],
  ] as const)('%s', (_name, offers, b, id, food, delivery) => {
    const applied = applyOffer(offers, b, WED_EVENING, 0);
    expect(applied?.offer.id).toBe(id);
    expect(applied?.foodDiscountMinor).toBe(food);
    expect(applied?.deliveryDiscountMinor).toBe(delivery);
  });

  it('none applies: null', () => {
    expect(applyOffer([fiver], basket(1000), WED_EVENING, 0)).toBeNull();
  });

  it('the floor caps the food saving and can change which offer is best', () => {
    // £12 of food, floor £10: 50% would take £6, but only £2 may go; free delivery saves £2.99.
    const half = offer({ id: 'h', percent: 50 });
    expect(applyOffer([half], basket(1200), WED_EVENING, 1000)?.foodDiscountMinor).toBe(200);
    expect(applyOffer([half, delivery], basket(1200), WED_EVENING, 1000)?.offer.id).toBe('d');
    // At the floor: no food saving at all.
    expect(applyOffer([half], basket(1000), WED_EVENING, 1000)).toBeNull();
  });

  it('a tie goes to the branch’s own offer, then to the first made', () => {
    const brand = offer({ id: 'a', percent: 10 });
    const branch = offer({ id: 'b', percent: 10, siteId: 's' });
    expect(applyOffer([brand, branch], basket(3000), WED_EVENING, 0)?.offer.id).toBe('b');
    expect(applyOffer([offer({ id: 'z' }), offer({ id: 'c' })], basket(3000), WED_EVENING, 0)?.offer.id).toBe('c');
  });
});

describe('offerLabel: the customer’s words', () => {
  it.each([
    [offer({ percent: 20, capMinor: 500 }), '20% off, up to £5'],
    [offer({ percent: 15 }), '15% off'],
    [offer({ percent: 10, minSpendMinor: 2000 }), '10% off when you spend £20'],
    [offer({ kind: 'amount_off', amountMinor: 500, minSpendMinor: 1500 }), '£5 off when you spend £15'],
    [offer({ kind: 'amount_off', amountMinor: 450, minSpendMinor: 1250 }), '£4.50 off when you spend £12.50'],
    [offer({ kind: 'free_delivery', minSpendMinor: 1500 }), 'Free delivery when you spend £15'],
    [offer({ kind: 'free_delivery' }), 'Free delivery'],
    [offer({ kind: 'free_item', itemIds: [NAAN], itemNames: ['Garlic Naan'] }), 'Free Garlic Naan'],
    [
      offer({ kind: 'free_item', itemIds: [NAAN, ITEM], itemNames: ['Garlic Naan', 'Lassi'] }),
      'A free item from selected dishes',
    ],
    [
      offer({ kind: 'buy_one_get_one', itemIds: [ITEM], itemNames: ['Lamb Doner'] }),
      'Buy one, get one free on Lamb Doner',
    ],
  ] as const)('%s', (o, text) => {
    expect(offerLabel(o)).toBe(text);
  });
});

describe('headlineOffer: the one a card shows', () => {
  it('the branch’s own, then the most generous; none when nothing runs', () => {
    const brand20 = offer({ id: 'a', percent: 20 });
    const brand10 = offer({ id: 'b', percent: 10 });
    const branch = offer({ id: 'c', kind: 'free_delivery', siteId: 's' });
    expect(headlineOffer([brand10, brand20], WED_EVENING)?.id).toBe('a');
    expect(headlineOffer([brand20, branch], WED_EVENING)?.id).toBe('c');
    expect(headlineOffer([offer({ endsOn: '2026-01-02' })], WED_EVENING)).toBeNull();
  });
});

describe('offerProblem: the console’s checks, naming the field', () => {
  it.each([
    [{ kind: 'percent_off', startsOn: '2026-01-01' }, 'percent'],
    [{ kind: 'amount_off', amountMinor: 500, minSpendMinor: 500, startsOn: '2026-01-01' }, 'minSpendMinor'],
    [{ kind: 'free_item', itemIds: [], startsOn: '2026-01-01' }, 'itemIds'],
    [{ kind: 'percent_off', percent: 10, startsOn: '2026-02-01', endsOn: '2026-01-01' }, 'endsOn'],
    [{ kind: 'percent_off', percent: 10, startsOn: '2026-01-01', from: '17:00' }, 'until'],
    [{ kind: 'percent_off', percent: 10, startsOn: '2026-01-01', from: '17:00', until: '17:00' }, 'until'],
    [{ kind: 'percent_off', percent: 10, startsOn: '2026-01-01' }, null],
  ] as const)('%j → %s', (o, field) => {
    expect(offerProblem(o)?.field ?? null).toBe(field);
  });
});

describe('offerStatus', () => {
  const base = { startsOn: '2026-03-01', endsOn: null, days: [], from: null, until: null, endedAt: null };
  // Tuesday 3 March 2026, 12:00 in London (GMT).
  const at = new Date('2026-03-03T12:00:00Z');
  it('calls an offer running now active', () => {
    expect(offerStatus(base, at)).toBe('active');
  });
  it('calls one that starts later, or runs on other days or hours, scheduled', () => {
    expect(offerStatus({ ...base, startsOn: '2026-03-04' }, at)).toBe('scheduled');
    expect(offerStatus({ ...base, days: ['friday'] }, at)).toBe('scheduled');
    expect(offerStatus({ ...base, from: '17:00', until: '22:00' }, at)).toBe('scheduled');
  });
  it('calls one ended by the partner or past its last day ended', () => {
    expect(offerStatus({ ...base, endedAt: new Date('2026-03-03T11:59:00Z') }, at)).toBe('ended');
    expect(offerStatus({ ...base, endsOn: '2026-03-02' }, at)).toBe('ended');
    expect(offerStatus({ ...base, endsOn: '2026-03-03' }, at)).toBe('active');
  });
});
