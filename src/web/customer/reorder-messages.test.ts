import { describe, expect, it } from 'vitest';
import { reorderMissingText } from './reorder-messages';

const line = (name: string, reason: 'unavailable' | 'options') => ({ menuItemId: null, name, quantity: 1, reason });

describe('what "Order Again" could not re-add', () => {
  it('names the dishes no longer sold', () => {
    expect(reorderMissingText([line('Turkish Tea', 'unavailable'), line('Baklava', 'unavailable')])).toBe(
      'Not added to your cart: Turkish Tea, Baklava.',
    );
  });

  it('asks for the options of a dish whose options changed, one or several', () => {
    expect(reorderMissingText([line('Chicken Wrap', 'options')])).toBe(
      'Its options have changed, choose them again: Chicken Wrap.',
    );
    expect(reorderMissingText([line('Chicken Wrap', 'options'), line('Mixed Grill', 'options')])).toBe(
      'Their options have changed, choose them again: Chicken Wrap, Mixed Grill.',
    );
  });

  it('says both when both happened', () => {
    expect(reorderMissingText([line('Turkish Tea', 'unavailable'), line('Chicken Wrap', 'options')])).toBe(
      'Not added to your cart: Turkish Tea. Its options have changed, choose them again: Chicken Wrap.',
    );
  });
});
