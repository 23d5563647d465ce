import { describe, expect, it } from 'vitest';
import { type OrderableBranch, compareCityResults } from './search-order';

const b = (brandName: string, over: Partial<OrderableBranch> = {}): OrderableBranch => ({
  isOpen: true,
  rating: null,
  brandName,
  branchName: 'Main',
  ...over,
});
const order = (list: OrderableBranch[]) =>
  [...list].sort(compareCityResults).map((x) => `${x.brandName} ${x.branchName}`);

describe('compareCityResults', () => {
  it('puts open branches before closed ones whatever their rating', () => {
    expect(order([b('Closed Star', { isOpen: false, rating: 5 }), b('Open Plain', { rating: 3 })])).toEqual([
      'Open Plain Main',
      'Closed Star Main',
    ]);
  });

  it('puts the better rated first and the unrated last', () => {
    expect(order([b('Unrated'), b('Good', { rating: 4.2 }), b('Best', { rating: 4.8 })])).toEqual([
      'Best Main',
      'Good Main',
      'Unrated Main',
    ]);
  });

  it('breaks ties by brand then branch name, ignoring case', () => {
    expect(order([b('beirut', { branchName: 'Soho' }), b('Atlas'), b('Beirut', { branchName: 'Easton' })])).toEqual([
      'Atlas Main',
      'Beirut Easton',
      'beirut Soho',
    ]);
  });
});
